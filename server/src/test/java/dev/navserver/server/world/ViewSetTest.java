package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** One session's view set: its members in arrival order, on both sides of the membership. */
class ViewSetTest {
    private static final MonsterKind KIND = new MonsterKind("wolf", 3, 0.5, 0, 0, 0);

    private static List<Monster> members(ViewSet v) {
        List<Monster> list = new ArrayList<>();
        for (int k = 0; k < v.size(); k++) {
            list.add(v.member(k));
        }
        return list;
    }

    @Test
    void randomAddsAndRemoves_KeepTheMemberArrayInArrivalOrderAndTheMonstersSideInStep() {
        ViewSet v = new ViewSet("s", false);
        List<Monster> all = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            all.add(new Monster("m" + i, KIND, i, 0, i, 0, new Idle(), i));
        }
        SplittableRandom rnd = new SplittableRandom(5);
        for (int step = 0; step < 2000; step++) {
            Monster m = all.get(rnd.nextInt(all.size()));
            boolean in = v.contains(m);
            if (rnd.nextBoolean()) {
                assertThat(v.add(m)).isEqualTo(!in);
            } else {
                assertThat(v.remove(m)).isEqualTo(in);
            }
            assertThat(members(v)).containsExactlyElementsOf(v.monsters());
            assertThat(m.viewers.contains(v)).isEqualTo(v.contains(m));
            if (step % 500 == 499) {
                v.clear();
                assertThat(v.size()).isZero();
                assertThat(all).allSatisfy(x -> assertThat(x.viewers).doesNotContain(v));
            }
        }
    }
}
