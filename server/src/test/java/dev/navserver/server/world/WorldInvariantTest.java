package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.LineOfSight;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Whatever the player does, an authoritative monster never stands on a blocked cell and never moves through one:
 * every tick's movement segment passes the engine's line test. Real planner, random rooms-and-doors maps, a player
 * wandering along clear straight lines (so it walks in and out of local-navigation range and line of sight).
 */
class WorldInvariantTest {
    /** 24x24 cells of 1 m: walls on a 6-cell lattice with one-cell doors, plus random pillars. */
    static GridMap rooms(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 24;
        boolean[] walk = new boolean[n * n];
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                boolean wall = (row % 6 == 5 && col % 6 != 2) || (col % 6 == 5 && row % 6 != 3);
                walk[row * n + col] = !wall && r.nextInt(100) >= 6;
            }
        }
        return GridMap.ofWalkable("rooms", n, n, new WorldTransform(-0.3, 0, 0.7, 1), walk);
    }

    @Property(tries = 400)
    void monster_WhateverThePlayerDoes_NeverEntersOrCrossesABlockedCell(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 3) int monsters, @ForAll boolean avoidance) {
        GridMap map = rooms(seed);
        NavGrid grid = map.navGrid();
        SplittableRandom r = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        Chase settings = new Chase(0.2, 0.3, 5.0, 2.0, 0.6, 3.0, monsters, true, 0, 2, 8, 0.4, 0.5, 8);
        World w = new World("rooms", map, settings, new NavPlanner(SearchOptions.DEFAULT), Runnable::run,
                WorldMetrics.NONE, new Spawner(new SplittableRandom(seed), new AtomicLong()::incrementAndGet), () -> { });
        w.setAvoidance(avoidance ? OrcaParams.DEFAULT : null);
        int island = 0;
        int start = -1;
        for (int i = 0; i < 200 && start < 0; i++) {
            int c = r.nextInt(map.width() * map.height());
            if (grid.openCell(c)) {
                start = c;
                island = grid.island(c);
            }
        }
        if (start < 0) {
            return;
        }
        double px = map.worldX(start);
        double pz = map.worldZ(start);
        w.addPlayer("s");
        w.playerPos("s", 1, px, 0, pz);
        long seq = 2;
        double tx = px;
        double tz = pz;
        double now = 0;
        double[][] last = new double[monsters][];
        for (int tick = 0; tick < 600; tick++) {
            // the player walks toward a target it can see, at 4 m/s, picking a new one on arrival
            double d = Math.hypot(tx - px, tz - pz);
            if (d < 1e-9) {
                int c = r.nextInt(map.width() * map.height());
                if (grid.openCell(c) && grid.island(c) == island
                        && LineOfSight.clearWorld(grid, px, pz, map.worldX(c), map.worldZ(c))) {
                    tx = map.worldX(c) + (r.nextDouble() - 0.5) * 0.8;
                    tz = map.worldZ(c) + (r.nextDouble() - 0.5) * 0.8;
                    if (!LineOfSight.clearWorld(grid, px, pz, tx, tz)) {
                        tx = map.worldX(c);
                        tz = map.worldZ(c);
                    }
                }
            } else {
                double step = Math.min(d, 4 * 0.05);
                px += (tx - px) / d * step;
                pz += (tz - pz) / d * step;
                w.playerPos("s", seq++, px, 0, pz);
            }
            w.tick(now, 0.05);
            w.outbox().drainTo(e -> { }); // events are not under test here
            now += 0.05;
            List<String> ids = w.inspect().monstersOf("s");
            for (int i = 0; i < ids.size(); i++) {
                double[] pos = w.inspect().monsterPosition(ids.get(i));
                int cell = map.cellAt(pos[0], pos[1]);
                assertThat(cell).as("monster %s on the map at tick %d", ids.get(i), tick).isNotEqualTo(GridMap.NO_CELL);
                assertThat(grid.openCell(cell)).as("monster %s at (%s, %s) on a walkable cell at tick %d", ids.get(i),
                        pos[0], pos[1], tick).isTrue();
                if (last[i] != null) {
                    assertThat(LineOfSight.clearWorld(grid, last[i][0], last[i][1], pos[0], pos[1]))
                            .as("monster %s moved (%s, %s) -> (%s, %s) through a blocked cell at tick %d", ids.get(i),
                                    last[i][0], last[i][1], pos[0], pos[1], tick).isTrue();
                }
                last[i] = pos;
            }
        }
    }
}
