package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reciprocal avoidance of one world's monsters: who is steered, who stands as an obstacle. */
class AvoidanceTest {
    private static final double DT = 0.05;
    private static final MonsterKind KIND = new MonsterKind("wolf", 2, 0.4, 0, 0, 0);

    private static GridMap open(int size) {
        String[] rows = new String[size];
        Arrays.fill(rows, ".".repeat(size));
        return AsciiMaps.parse(rows);
    }

    private static Monster monster(String id, double x, double z, int index) {
        Monster m = new Monster(id, KIND, x, z, x, z, new Idle(), index);
        m.tickStartX = x;
        m.tickStartZ = z;
        return m;
    }

    /** What a mover does: from where it stands, {@code speed * DT} straight toward (tx, tz). */
    private static void walkToward(Monster m, double tx, double tz) {
        m.tickStartX = m.x;
        m.tickStartZ = m.z;
        double d = Math.hypot(tx - m.x, tz - m.z);
        double step = Math.min(d, m.speed * DT);
        m.x += (tx - m.x) / d * step;
        m.z += (tz - m.z) / d * step;
    }

    @Test
    void aMonsterWalkingAtOneThatStands_GoesRoundIt_AndTheStandingOneNeverMoves() {
        // ....................   the walker (W) heads straight through the stander (S) to the far side
        // ...W.....S......>..
        GridMap map = open(20);
        Avoidance avoidance = new Avoidance(OrcaParams.DEFAULT);
        Monster stander = monster("s", 9, -10, 0);
        Monster walker = monster("w", 3, -10, 1);
        List<Monster> monsters = List.of(stander, walker);
        double minGap = Double.MAX_VALUE;
        for (int t = 0; t < 200 && walker.x < 15; t++) {
            stander.tickStartX = stander.x;
            stander.tickStartZ = stander.z;
            walkToward(walker, 16, -10);
            avoidance.step(monsters, List.of(), map, 0.5, DT);
            assertThat(avoidance.steered()).as("only the walker is steered").isEqualTo(1);
            assertThat(stander.x).isEqualTo(9);
            assertThat(stander.z).isEqualTo(-10);
            assertThat(stander.pushed).isFalse();
            minGap = Math.min(minGap, Math.hypot(walker.x - stander.x, walker.z - stander.z));
        }
        assertThat(walker.x).as("got past").isGreaterThanOrEqualTo(15);
        assertThat(minGap).as("never closer than the two bodies (0.8 m)").isGreaterThanOrEqualTo(0.8 - 0.05);
    }

    @Test
    void aWorldAtRest_IsNotSolvedAtAll_AndNothingMoves() {
        GridMap map = open(10);
        Avoidance avoidance = new Avoidance(OrcaParams.DEFAULT);
        Monster a = monster("a", 4, -4, 0);
        Monster b = monster("b", 4.5, -4, 1); // overlapping: body separation's job, not the solver's
        avoidance.step(List.of(a, b), List.of(), map, 0.5, DT);
        assertThat(avoidance.steered()).isZero();
        assertThat(new double[] {a.x, a.z, b.x, b.z}).containsExactly(4, -4, 4.5, -4);
        assertThat(a.pushed || b.pushed).isFalse();
    }
}
