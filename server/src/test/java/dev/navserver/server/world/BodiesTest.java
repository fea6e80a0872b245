package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.server.plan.NavPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Where the separation rounds alone leave bodies overlapping (issue 10, the bots' {@code overlaps=}): pushes that
 * cancel, and pushes a wall holds while the tick's own movement pressed monsters together. One
 * {@link BodySeparation} pass per simulated tick on ASCII maps, positions set by hand as the mover would leave them.
 */
class BodiesTest {
    private static final double RM = 0.4;
    private static final double RP = 0.5;
    /** The contract's slack: bodies may overlap by at most this much (metres). */
    private static final double SLACK = 0.05;

    private final BodySeparation bodies = new BodySeparation(new NavPlanner(SearchOptions.DEFAULT));

    private static Player player(String id, double x, double z) {
        Player p = new Player(id);
        p.hasPos = true;
        p.x = x;
        p.z = z;
        return p;
    }

    /** A monster standing at (x, z) since the tick began (the mover left it there). */
    private static Monster standing(String id, Player chased, double x, double z) {
        Monster m = new Monster(id, chased, x, z, 2);
        m.tickStartX = x;
        m.tickStartZ = z;
        m.spawnTime = -10;
        return m;
    }

    /** A monster that stood at (x0, z0) when the tick began and that the tick's movement put at (x1, z1). */
    private static Monster moved(String id, Player chased, double x0, double z0, double x1, double z1) {
        Monster m = standing(id, chased, x1, z1);
        m.tickStartX = x0;
        m.tickStartZ = z0;
        return m;
    }

    @Test
    void monsterBetweenTwoPlayersWalkingAtEachOtherAlongAWall_StepsAsideInsteadOfBeingWalkedThrough() {
        GridMap map = AsciiMaps.parse(
                "###########",
                "#.........#",
                "#.........#",
                "#.........#",
                "#.........#",
                "###########");
        Player west = player("west", 2, -4);
        Player east = player("east", 8, -4);
        Monster m = standing("m", west, 5, -4); // on the row along the south wall, between the two players
        double now = 0;
        for (int tick = 0; tick < 25; tick++, now += 0.05) {
            // both walk at 3 m/s along the row, through each other (players have no bodies between themselves)
            west.x += 0.15;
            east.x -= 0.15;
            m.tickStartX = m.x;
            m.tickStartZ = m.z;
            int faults = bodies.separate(List.of(m), List.of(west, east), map, RM, RP, now);

            assertThat(faults).as("faults at tick %d", tick).isZero();
            for (Player p : List.of(west, east)) {
                assertThat(Math.hypot(m.x - p.x, m.z - p.z)).as("m from %s at tick %d", p.sessionId, tick)
                        .isGreaterThanOrEqualTo(RM + RP - SLACK);
            }
            assertThat(map.navGrid().openCell(map.cellAt(m.x, m.z))).isTrue();
            assertThat(LineOfSight.clearWorld(map.navGrid(), m.tickStartX, m.tickStartZ, m.x, m.z)).isTrue();
        }
    }

    @Property(tries = 300)
    void crowdAroundADoor_TheTicksOwnMovesNeverPressTwoBodiesTogether(@ForAll long seed) {
        GridMap map = AsciiMaps.parse(
                "#########",
                "#...#...#",
                "#...#...#",
                "#.......#",
                "#...#...#",
                "##.###.##",
                "#...#...#",
                "#.......#",
                "#...#...#",
                "#########");
        SplittableRandom r = new SplittableRandom(seed);
        Player far = player("far", 100, -100);
        List<Monster> all = new ArrayList<>();
        // six monsters apart where the tick begins, each then moved up to 0.1 m (2 m/s for 0.05 s) in a clear line
        for (int tries = 0; tries < 500 && all.size() < 6; tries++) {
            double x0 = 1 + r.nextDouble() * 6;
            double z0 = -1 - r.nextDouble() * 7;
            if (!map.navGrid().openCell(map.cellAt(x0, z0))) {
                continue;
            }
            boolean apart = true;
            for (Monster o : all) {
                apart &= Math.hypot(o.tickStartX - x0, o.tickStartZ - z0) >= 2 * RM;
            }
            double angle = r.nextDouble() * 2 * Math.PI;
            double x1 = x0 + Math.cos(angle) * 0.1;
            double z1 = z0 + Math.sin(angle) * 0.1;
            if (apart && LineOfSight.clearWorld(map.navGrid(), x0, z0, x1, z1)) {
                all.add(moved("m" + all.size(), far, x0, z0, x1, z1));
            }
        }

        int faults = bodies.separate(all, List.of(far), map, RM, RP, 10);

        assertThat(minPairDistance(all, false)).isGreaterThanOrEqualTo(2 * RM - SLACK);
        assertThat(faults).isZero();
        for (Monster m : all) {
            assertThat(map.navGrid().openCell(map.cellAt(m.x, m.z))).as("%s on a walkable cell", m.id).isTrue();
            assertThat(LineOfSight.clearWorld(map.navGrid(), m.tickStartX, m.tickStartZ, m.x, m.z))
                    .as("%s's move this tick is a clear line", m.id).isTrue();
        }
    }

    private static double minPairDistance(List<Monster> all, boolean atTickStart) {
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < all.size(); i++) {
            for (int j = i + 1; j < all.size(); j++) {
                Monster a = all.get(i);
                Monster b = all.get(j);
                min = Math.min(min, atTickStart ? Math.hypot(a.tickStartX - b.tickStartX, a.tickStartZ - b.tickStartZ)
                        : Math.hypot(a.x - b.x, a.z - b.z));
            }
        }
        return min;
    }
}
