package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Issue 10's body contract, tick by tick, whatever the players do: on a rooms-and-doors map, three players with six
 * monsters each walking at 3 m/s to random spots in sight (through each other and through monsters), after every tick any two monsters are at least
 * {@code 2 rM − 0.05} m apart and every monster at least {@code rM + rP − 0.05} m from every player, once the
 * monsters involved are past their first second. Real planner, plans run inline.
 */
class BodiesPropertyTest {
    private static final double DT = 0.05;
    private static final double SLACK = 0.05;
    /**
     * Rooms of 5 × 5 cells with one-cell doors in one-cell walls, as in {@code rooms512} (random pillars would make
     * dead-end pockets where a player standing in the mouth leaves a monster inside no room at all).
     */
    private static final GridMap ROOMS = AsciiMaps.parse(
            "#########################",
            "#.....#.....#.....#.....#",
            "#.....#.....#.....#.....#",
            "#...........#...........#",
            "#.....#.....#.....#.....#",
            "#.....#.....#.....#.....#",
            "###.#####.#####.#####.###",
            "#.....#.....#.....#.....#",
            "#.....#.....#.....#.....#",
            "#.................#.....#",
            "#.....#.....#...........#",
            "#.....#.....#.....#.....#",
            "####.#####.#####.####.###",
            "#.....#.....#.....#.....#",
            "#.....#.....#.....#.....#",
            "#...........#...........#",
            "#.....#...........#.....#",
            "#.....#.....#.....#.....#",
            "#########################");

    @Property(tries = 60)
    void bodies_WhereverPlayersWalkThroughRoomsAndDoors_StayApartAfterTheSpawnGrace(@ForAll long seed,
            @ForAll boolean avoidance) {
        GridMap map = ROOMS; // the seed places and walks the players and places the monsters
        NavGrid grid = map.navGrid();
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        Chase settings = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 3, 8, 0.4, 0.5, 8);
        AtomicLong faults = new AtomicLong();
        WorldMetrics metrics = new WorldMetrics() {
            @Override
            public void monsterOverlaps(int pairs) {
                faults.addAndGet(pairs);
            }
        };
        World w = new World("rooms", map, settings, new NavPlanner(SearchOptions.DEFAULT), Runnable::run, metrics,
                new Spawner(new SplittableRandom(seed), new AtomicLong()::incrementAndGet), () -> { });
        w.setAvoidance(avoidance ? OrcaParams.DEFAULT : null);
        List<Integer> cells = new ArrayList<>(); // the map is one island
        for (int c = 0; c < map.width() * map.height(); c++) {
            if (grid.openCell(c)) {
                cells.add(c);
            }
        }
        int players = 3;
        double[] px = new double[players];
        double[] pz = new double[players];
        double[] tx = new double[players];
        double[] tz = new double[players];
        long[] seq = new long[players];
        List<String> spawned = new ArrayList<>();
        List<Double> spawnTimes = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            int c = cells.get(r.nextInt(cells.size()));
            px[i] = tx[i] = map.worldX(c);
            pz[i] = tz[i] = map.worldZ(c);
            w.addPlayer("p" + i);
            w.playerPos("p" + i, ++seq[i], px[i], 0, pz[i]);
            for (int k = 0; k < 6; k++) {
                int mc = cells.get(r.nextInt(cells.size()));
                spawned.add(w.spawn("p" + i, map.worldX(mc), map.worldZ(mc)).monsterId());
                spawnTimes.add(0.0);
            }
        }
        double now = 0;
        for (int tick = 0; tick < 300; tick++, now += DT) {
            for (int i = 0; i < players; i++) {
                // walk at 3 m/s toward a target in sight, picking a new one (another cell in sight) on arrival
                double d = Math.hypot(tx[i] - px[i], tz[i] - pz[i]);
                if (d < 1e-9) {
                    int c = cells.get(r.nextInt(cells.size()));
                    if (LineOfSight.clearWorld(grid, px[i], pz[i], map.worldX(c), map.worldZ(c))) {
                        tx[i] = map.worldX(c);
                        tz[i] = map.worldZ(c);
                    }
                    continue;
                }
                double step = Math.min(d, 3 * DT);
                px[i] += (tx[i] - px[i]) / d * step;
                pz[i] += (tz[i] - pz[i]) / d * step;
                w.playerPos("p" + i, ++seq[i], px[i], 0, pz[i]);
            }
            w.tick(now, DT);
            w.outbox().drainTo(e -> { });
            if (now < 1.0) {
                continue; // every monster here spawned at 0
            }
            for (int a = 0; a < spawned.size(); a++) {
                double[] ma = w.inspect().monsterPosition(spawned.get(a));
                for (int i = 0; i < players; i++) {
                    assertThat(Math.hypot(ma[0] - px[i], ma[1] - pz[i]))
                            .as("%s from player p%d at %.2f s", spawned.get(a), i, now)
                            .isGreaterThanOrEqualTo(0.9 - SLACK);
                }
                for (int b = a + 1; b < spawned.size(); b++) {
                    double[] mb = w.inspect().monsterPosition(spawned.get(b));
                    assertThat(Math.hypot(ma[0] - mb[0], ma[1] - mb[1]))
                            .as("%s to %s at %.2f s", spawned.get(a), spawned.get(b), now)
                            .isGreaterThanOrEqualTo(0.8 - SLACK);
                }
            }
        }
        assertThat(faults).as("navserver_monster_overlaps_total").hasValue(0);
    }
}
