package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.config.ConfigLoader;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.world.Spawner;
import dev.navserver.server.world.TickPhase;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldEvent;
import dev.navserver.server.world.WorldMetrics;
import dev.navserver.server.world.file.WorldFile;
import dev.navserver.server.world.file.WorldFileLoader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code WorldTickProbe CONFIG PLAYERS [SECONDS]}: issue 26's shared world without sockets, for the tick thread's
 * CPU time part by part. Loads the server config (e.g. the one {@code bench/server-load.sh} writes), its default map
 * and that map's world file, adds {@code PLAYERS} session players that walk (3 m/s) along planned paths to random
 * open cells within 40 m and report their position every other tick (10 Hz, as the bots), and ticks at the config's
 * rate in simulated time: 10 s of warm-up, then {@code SECONDS} (default 30) measured. Plans run on a pool of the
 * config's planner threads as in the server; events are drained and counted, not encoded. Prints the tick
 * thread's CPU milliseconds per tick by {@link TickPhase} (thread CPU time: a busy machine slows the run but hardly
 * changes them) and what the sessions would have heard per player per second.
 */
public final class WorldTickProbe {
    private static final double PLAYER_SPEED = 3.0;

    private WorldTickProbe() {
    }

    public static void main(String[] args) throws Exception {
        NavServerConfig c = ConfigLoader.load(Path.of(args[0]));
        int players = Integer.parseInt(args[1]);
        double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 30;
        String mapName = c.maps().defaultMap();
        GridMap map = MapLoader.load(c.maps().dir().resolve(mapName + ".map"));
        WorldFile file = WorldFileLoader.load(c.maps().dir().resolve(mapName + ".world.yaml"),
                c.monsters().kinds().keySet(), map);
        Map<TickPhase, long[]> cpu = new EnumMap<>(TickPhase.class);
        for (TickPhase p : TickPhase.values()) {
            cpu.put(p, new long[1]);
        }
        boolean[] measuring = {false};
        WorldMetrics metrics = new WorldMetrics() {
            @Override
            public void tickPhase(TickPhase phase, long cpuNanos) {
                if (measuring[0]) {
                    cpu.get(phase)[0] += cpuNanos;
                }
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(c.search().plannerThreads());
        NavPlanner planner = new NavPlanner(SearchOptions.DEFAULT // as the server's
                .withAlgorithm(c.search().algorithm())
                .withMode(c.search().mode())
                .withLandmarks(c.search().landmarks())
                .withLandmarksMinDistanceCells(c.search().landmarksMinDistanceCells())
                .withMaxExpandedNodes(c.search().maxExpandedNodes()));
        SplittableRandom rnd = new SplittableRandom(26);
        World w = new World(mapName, map, c.chase(), planner, pool, metrics,
                new Spawner(rnd.split(), new AtomicLong()::incrementAndGet), () -> { });
        w.setAvoidance(c.crowd().orcaParams());
        w.setKinds(c.monsters().kinds());
        w.setInterest(c.aoi().radiusMeters(), c.aoi().hysteresisMeters());
        w.applyWorldFile(file);
        Walker[] walkers = new Walker[players];
        NavGrid nav = map.navGrid();
        for (int i = 0; i < players; i++) {
            int cell;
            do {
                cell = rnd.nextInt(map.width() * map.height());
            } while (!nav.openCell(cell));
            walkers[i] = new Walker("s" + i, map.worldX(cell), map.worldZ(cell));
            w.addPlayer(walkers[i].session);
        }
        double dt = 1.0 / c.tick().hz();
        int warm = (int) Math.round(10 / dt);
        int ticks = warm + (int) Math.round(seconds / dt);
        Map<String, long[]> heard = new java.util.TreeMap<>();
        long[] snapshotEntries = {0};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = 0;
        long wall0 = 0;
        double now = 0;
        for (int t = 0; t < ticks; t++) {
            if (t == warm) {
                measuring[0] = true;
                cpu0 = threads.getCurrentThreadCpuTime();
                wall0 = System.nanoTime();
            }
            now += dt;
            for (Walker k : walkers) {
                k.step(map, planner, rnd, dt);
                if (t % 2 == 0) {
                    w.playerPos(k.session, ++k.seq, k.x, 0, k.z, System.nanoTime());
                }
            }
            w.tick(now, dt);
            boolean count = measuring[0];
            w.outbox().drainTo(e -> {
                if (!count) {
                    return;
                }
                String type = e.getClass().getSimpleName();
                int n = 1;
                if (e instanceof WorldEvent.NavPathReady p) {
                    n = p.viewers().size();
                } else if (e instanceof WorldEvent.StateChanged s) {
                    n = s.viewers().size();
                } else if (e instanceof WorldEvent.SnapshotDue s) {
                    snapshotEntries[0] += s.monsters().size();
                }
                heard.computeIfAbsent(type, k -> new long[1])[0] += n;
            });
        }
        long tickCpu = threads.getCurrentThreadCpuTime() - cpu0;
        double wall = (System.nanoTime() - wall0) / 1e9;
        pool.shutdownNow();
        int measured = ticks - warm;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "probe: %d players, %d monsters, %d ticks measured (%.0f s simulated,"
                + " %.1f s wall)%n", players, w.monsterCount(), measured, seconds, wall));
        long phases = 0;
        for (TickPhase p : TickPhase.values()) {
            long ns = cpu.get(p)[0];
            phases += ns;
            out.append(String.format(Locale.ROOT, "  %-10s %7.3f ms/tick%n", p.label(), ns / 1e6 / measured));
        }
        out.append(String.format(Locale.ROOT, "  %-10s %7.3f ms/tick (world tick phases)%n", "sum", phases / 1e6
                / measured));
        out.append(String.format(Locale.ROOT, "  thread CPU incl. player walking %7.3f ms/tick%n", tickCpu / 1e6
                / measured));
        for (Map.Entry<String, long[]> e : heard.entrySet()) {
            out.append(String.format(Locale.ROOT, "  heard %-16s %8.2f per player per s%n", e.getKey(),
                    e.getValue()[0] / (double) players / seconds));
        }
        out.append(String.format(Locale.ROOT, "  snapshot entries %8.1f per player per s%n",
                snapshotEntries[0] / (double) players / seconds));
        System.out.print(out);
    }

    /** A player walking planned paths to random open cells nearby. */
    private static final class Walker {
        final String session;
        double x;
        double z;
        long seq;
        WorldPath path;
        int next;

        Walker(String session, double x, double z) {
            this.session = session;
            this.x = x;
            this.z = z;
        }

        void step(GridMap map, NavPlanner planner, SplittableRandom rnd, double dt) {
            if (path == null || next >= path.size()) {
                int col = map.cellAt(x, z) == GridMap.NO_CELL ? 0 : map.col(map.cellAt(x, z));
                int row = map.cellAt(x, z) == GridMap.NO_CELL ? 0 : map.row(map.cellAt(x, z));
                int gc = Math.max(0, Math.min(map.width() - 1, col + rnd.nextInt(-40, 41)));
                int gr = Math.max(0, Math.min(map.height() - 1, row + rnd.nextInt(-40, 41)));
                int goal = map.cell(gc, gr);
                if (!map.navGrid().openCell(goal)) {
                    return;
                }
                path = planner.plan(map, x, z, map.worldX(goal), map.worldZ(goal));
                next = 1;
                if (!path.hasPoints()) {
                    path = null;
                    return;
                }
            }
            double budget = PLAYER_SPEED * dt;
            while (budget > 0 && next < path.size()) {
                double dx = path.x(next) - x;
                double dz = path.z(next) - z;
                double d = Math.sqrt(dx * dx + dz * dz);
                if (d <= budget) {
                    x = path.x(next);
                    z = path.z(next);
                    next++;
                    budget -= d;
                } else {
                    x += dx / d * budget;
                    z += dz / d * budget;
                    budget = 0;
                }
            }
        }
    }
}
