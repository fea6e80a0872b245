package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The views' bucket grid: every monster in exactly the bucket of its position, on small and huge spreads. */
class ViewGridTest {
    private static final MonsterKind KIND = new MonsterKind("wolf", 3, 0.5, 0, 0, 0);

    private static List<Monster> scatter(int n, double extent, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Monster> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double x = rnd.nextDouble(-extent, extent);
            double z = rnd.nextDouble(-extent, extent);
            list.add(new Monster("m" + i, KIND, x, z, x, z, new Idle(), i));
        }
        return list;
    }

    private static void assertEveryMonsterOnceInItsBucket(ViewGrid g, List<Monster> list) {
        assertThat(g.size()).isEqualTo(list.size());
        int[] seen = new int[list.size()];
        for (int r = 0; r < g.rows(); r++) {
            for (int c = 0; c < g.cols(); c++) {
                for (int s = g.first(c, r); s < g.end(c, r); s++) {
                    Monster m = g.monster(g.slotIndex(s));
                    seen[g.slotIndex(s)]++;
                    assertThat(g.slotX(s)).isEqualTo(m.x);
                    assertThat(g.slotZ(s)).isEqualTo(m.z);
                    assertThat(g.col(m.x)).as("%s column", m.id).isEqualTo(c);
                    assertThat(g.row(m.z)).as("%s row", m.id).isEqualTo(r);
                }
            }
        }
        for (int i = 0; i < list.size(); i++) {
            assertThat(seen[i]).as("monster %d listed once", i).isEqualTo(1);
            assertThat(g.holds(list.get(i))).isTrue();
            assertThat(list.get(i).viewIndex).isEqualTo(i);
        }
    }

    @Test
    void fiveHundredMonstersOnAMap_EachSitsOnceInTheBucketOfItsPosition() {
        ViewGrid g = new ViewGrid(15);
        List<Monster> list = scatter(500, 256, 1);
        g.build(list);
        assertThat(g.side()).isEqualTo(15);
        assertEveryMonsterOnceInItsBucket(g, list);
    }

    @Test
    void monstersSpreadOverAHugeArea_WidenTheBuckets_NotTheMemory() {
        ViewGrid g = new ViewGrid(15);
        List<Monster> list = scatter(100, 5_000_000, 2);
        g.build(list);
        assertThat((long) g.cols() * g.rows()).isLessThanOrEqualTo(ViewGrid.MIN_BUCKETS);
        assertThat(g.side()).isGreaterThan(15);
        assertEveryMonsterOnceInItsBucket(g, list);
    }

    @Test
    void aWorldGrowingAndShrinkingWithinTheArraysItHas_IsBucketedRightEachTime() {
        ViewGrid g = new ViewGrid(15);
        List<Monster> all = scatter(64, 100, 4);
        for (int n : new int[] {64, 10, 12, 40, 3, 64, 0, 5}) {
            List<Monster> some = new ArrayList<>(all.subList(0, n));
            g.build(some);
            assertEveryMonsterOnceInItsBucket(g, some);
        }
    }

    @Test
    void aSmallerWorldAfterALargerOne_ForgetsTheMonstersGone() {
        ViewGrid g = new ViewGrid(15);
        List<Monster> many = scatter(300, 100, 3);
        g.build(many);
        List<Monster> few = new ArrayList<>(many.subList(0, 10));
        g.build(few);
        assertEveryMonsterOnceInItsBucket(g, few);
        assertThat(g.holds(many.get(200))).as("despawned since").isFalse();
        g.build(List.of());
        assertThat(g.size()).isZero();
        assertThat(g.holds(many.get(0))).isFalse();
    }
}
