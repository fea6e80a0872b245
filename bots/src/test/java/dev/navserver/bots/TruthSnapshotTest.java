package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The view checks' indexed truth snapshot: id look-up and "every monster within r of a point", each once. */
class TruthSnapshotTest {
    /**
     * One character per metre, row 0 at Z = 0 growing downwards, column 0 at X = 0; a letter is a monster named by
     * it at the cell's corner (X = column, Z = row), {@code P} marks the query point (2 m cells, so the 3.5 m query
     * spans 16 cells).
     */
    private static final String[] FIELD = {
        "a.......b.",
        "..........",
        "...c......",
        "....P.d...",
        ".....e....",
        "..........",
        "....f.....",
        "g.........",
    };

    private static TruthSnapshot field(double cellMeters) {
        Map<String, double[]> m = new HashMap<>();
        for (int z = 0; z < FIELD.length; z++) {
            for (int x = 0; x < FIELD[z].length(); x++) {
                char c = FIELD[z].charAt(x);
                if (Character.isLowerCase(c)) {
                    m.put(String.valueOf(c), new double[] {x, z});
                }
            }
        }
        return TruthSnapshot.of(7.5, m, cellMeters);
    }

    private static List<String> within(TruthSnapshot s, double x, double z, double r) {
        List<String> out = new ArrayList<>();
        s.forEachWithin(x, z, r, i -> out.add(s.id(i)));
        return out;
    }

    @Test
    void forEachWithin_FieldAroundP_ExpectedTheMonstersWithinTheRadiusOnce() {
        // from P (4, 3): c 1.41 m, d 2 m, e 1.41 m, f 3 m, a 5 m, b 5 m, g 5.66 m
        for (double cell : new double[] {0.5, 2, 3.5, 100}) {
            TruthSnapshot s = field(cell);
            assertThat(within(s, 4, 3, 3.5)).as("cells of %s m", cell).containsExactlyInAnyOrder("c", "d", "e", "f");
            assertThat(within(s, 4, 3, 3.0)).as("inclusive, cells of %s m", cell)
                    .containsExactlyInAnyOrder("c", "d", "e", "f");
            assertThat(within(s, 4, 3, 1.0)).as("cells of %s m", cell).isEmpty();
            assertThat(within(s, 4, 3, 5.0)).as("cells of %s m", cell)
                    .containsExactlyInAnyOrder("a", "b", "c", "d", "e", "f");
        }
    }

    @Test
    void forEachWithin_ManyMonstersFewBuckets_ExpectedSameAsScanningAllAndNoneTwice() {
        SplittableRandom random = new SplittableRandom(26);
        int n = 3000;
        String[] ids = new String[n];
        double[] xs = new double[n];
        double[] zs = new double[n];
        for (int i = 0; i < n; i++) {
            ids[i] = "m-" + i;
            xs[i] = random.nextDouble(-300, 300);
            zs[i] = random.nextDouble(-300, 300);
        }
        TruthSnapshot s = new TruthSnapshot(1.0, ids, xs, zs, n, 25);
        for (int q = 0; q < 500; q++) {
            double x = random.nextDouble(-320, 320);
            double z = random.nextDouble(-320, 320);
            double r = random.nextDouble(0, 60);
            TreeSet<Integer> expected = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                if (Math.hypot(xs[i] - x, zs[i] - z) <= r) {
                    expected.add(i);
                }
            }
            List<Integer> got = new ArrayList<>();
            s.forEachWithin(x, z, r, got::add);
            assertThat(got).as("query %d at %s,%s r %s", q, x, z, r).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void indexOf_ListedAbsentAndEqualButNotSameString_ExpectedIndexOrMinusOne() {
        TruthSnapshot s = field(2);
        int d = s.indexOf(new String("d".toCharArray()));
        assertThat(d).isNotNegative();
        assertThat(s.id(d)).isEqualTo("d");
        assertThat(s.x(d)).isEqualTo(6.0);
        assertThat(s.z(d)).isEqualTo(3.0);
        assertThat(s.distance(d, 4, 3)).isEqualTo(2.0);
        assertThat(s.indexOf("P")).isEqualTo(-1);
        assertThat(s.indexOf("m-9")).isEqualTo(-1);
        assertThat(s.size()).isEqualTo(7);
        assertThat(s.serverTime()).isEqualTo(7.5);
    }

    @Test
    void indexOf_IdListedTwice_ExpectedTheLastEntry() {
        TruthSnapshot s = new TruthSnapshot(1.0, new String[] {"m-1", "m-2", "m-1"}, new double[] {1, 2, 3},
                new double[] {0, 0, 0}, 3, 10);
        assertThat(s.x(s.indexOf("m-1"))).isEqualTo(3.0);
    }

    @Test
    void construct_EmptyAndBadCell_ExpectedEmptyQueriesAndARefusal() {
        TruthSnapshot empty = new TruthSnapshot(1.0, new String[0], new double[0], new double[0], 0, 10);
        assertThat(within(empty, 0, 0, 100)).isEmpty();
        assertThat(empty.indexOf("m-1")).isEqualTo(-1);
        assertThatThrownBy(() -> new TruthSnapshot(1.0, new String[0], new double[0], new double[0], 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cellMeters");
    }
}
