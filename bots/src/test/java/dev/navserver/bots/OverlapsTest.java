package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OverlapsTest {
    private static final double M = 0.4;
    private static final double P = 0.5;
    private static final double[] NO_PLAYER = new double[0];

    /**
     * Monsters drawn on a 0.5 m raster: a digit or letter is a monster (its id), {@code @} the player; row r is
     * z = -0.5 r, column c is x = 0.5 c. Returns the monsters; the player's XZ goes into {@code player}.
     */
    private static List<MonsterSnapshot> drawn(double[] player, String... rows) {
        List<MonsterSnapshot> out = new ArrayList<>();
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length(); c++) {
                char ch = rows[r].charAt(c);
                double x = 0.5 * c;
                double z = -0.5 * r;
                if (ch == '@') {
                    player[0] = x;
                    player[1] = z;
                } else if (ch != '.') {
                    out.add(new MonsterSnapshot(String.valueOf(ch), new Vec3(x, 0, z), "chase"));
                }
            }
        }
        return out;
    }

    @Test
    void count_WhenTwoMonstersStandOneRasterApart_ExpectedOneOverlap() {
        double[] player = new double[2];
        List<MonsterSnapshot> list = drawn(player,
                "a.....",
                "b.....",
                "......",
                "...c..");

        // a-b 0.5 m < 0.75; a-c, b-c far apart
        assertThat(Overlaps.count(list, M, P, id -> false, NO_PLAYER, 0)).isEqualTo(1);
    }

    @Test
    void count_WhenMonstersAreExactlyTheLimitApart_ExpectedNone() {
        List<MonsterSnapshot> list = List.of(
                new MonsterSnapshot("a", new Vec3(0, 0, 0), "chase"),
                new MonsterSnapshot("b", new Vec3(0.75, 0, 0), "chase"));

        assertThat(Overlaps.count(list, M, P, id -> false, NO_PLAYER, 0)).isZero();
    }

    @Test
    void count_WhenTwoMonstersAreInTheirSpawnGrace_ExpectedTheirPairsSkipped() {
        double[] player = new double[2];
        List<MonsterSnapshot> list = drawn(player,
                "ab....",
                "c.....");

        // a-b, a-c and b-c overlap; with a in grace only b-c counts
        assertThat(Overlaps.count(list, M, P, id -> false, NO_PLAYER, 0)).isEqualTo(3);
        assertThat(Overlaps.count(list, M, P, Set.of("a")::contains, NO_PLAYER, 0)).isEqualTo(1);
    }

    @Test
    void count_WhenAMonsterStandsOnThePlayerEverywhereItWasLately_ExpectedOneOverlap() {
        double[] player = new double[2];
        List<MonsterSnapshot> list = drawn(player,
                "......",
                "..@a..",
                "......",
                "....b.");

        // a is 0.5 m from the player (< 0.85), b is about 1.1 m away
        assertThat(Overlaps.count(list, M, P, id -> false, player, 1)).isEqualTo(1);
    }

    @Test
    void count_WhenTheServerMayStillHaveAnOlderPlayerPosition_ExpectedNoOverlapUnlessTooCloseToEach() {
        List<MonsterSnapshot> list = List.of(new MonsterSnapshot("a", new Vec3(1.0, 0, 0), "chase"));
        // last sent at x=0.5 (0.5 m from a), the one before at x=-0.5 (1.5 m from a): the server may have had either
        double[] sent = {0.5, 0, -0.5, 0};

        assertThat(Overlaps.count(list, M, P, id -> false, sent, 2)).isZero();
        assertThat(Overlaps.count(list, M, P, id -> false, new double[] {0.5, 0, 0.7, 0}, 2)).isEqualTo(1);
    }

    @Test
    void describeFirst_ExpectedThePairOrThePlayerWithDistanceAndLimitOrNull() {
        double[] player = new double[2];
        List<MonsterSnapshot> pair = drawn(player, "ab....");
        List<MonsterSnapshot> onPlayer = drawn(player, ".....", "..@a.");
        List<MonsterSnapshot> apart = drawn(player, "a...b");

        assertThat(Overlaps.describeFirst(pair, M, P, id -> false, NO_PLAYER, 0))
                .isEqualTo("a and b 0.500 m apart (limit 0.750)");
        assertThat(Overlaps.describeFirst(onPlayer, M, P, id -> false, player, 1))
                .isEqualTo("a 0.500 m from the player (limit 0.850)");
        assertThat(Overlaps.describeFirst(apart, M, P, id -> false, NO_PLAYER, 0)).isNull();
    }

    @Test
    void count_WithZeroRadii_ExpectedTheCheckOff() {
        double[] player = new double[2];
        List<MonsterSnapshot> list = drawn(player, "ab@");

        assertThat(Overlaps.count(list, 0, 0, id -> false, player, 1)).isZero();
    }
}
