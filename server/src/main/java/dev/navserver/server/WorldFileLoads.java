package dev.navserver.server;

import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.editlog.RouteStore;
import dev.navserver.server.editlog.StoredRoute;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.world.MonsterOrders;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.World;
import dev.navserver.server.world.file.WorldFile;
import dev.navserver.server.world.file.WorldFileException;
import dev.navserver.server.world.file.WorldFileLoader;
import dev.navserver.server.world.file.RouteMode;
import dev.navserver.server.world.file.WorldFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The world files ({@code <map>.world.yaml} in {@code maps.dir}) of the game loop's worlds: which changed (reported
 * by the map watcher, any thread) and reading one into its world (tick thread). A refused file is logged (file, line,
 * field), counted, and the one in force stays, whole.
 */
final class WorldFileLoads {
    private static final Logger LOG = LoggerFactory.getLogger(WorldFileLoads.class);

    private final ServerMetrics metrics;
    private final RouteStore routes;
    private final Queue<String> changed = new ConcurrentLinkedQueue<>();

    /** @param routes the routes authorities defined at run time, defined again when a world (re)loads its file */
    WorldFileLoads(ServerMetrics metrics, RouteStore routes) {
        this.metrics = metrics;
        this.routes = routes;
    }

    /** A world file of that map was created or changed. Thread-safe. */
    void changed(String mapName) {
        changed.add(mapName);
    }

    /** The next map whose world file changed, or null. Tick thread. */
    String pollChanged() {
        return changed.poll();
    }

    /** Whether the map has a world file. */
    static boolean exists(NavServerConfig config, String mapName) {
        return Files.exists(path(config, mapName));
    }

    private static Path path(NavServerConfig config, String mapName) {
        return config.maps().dir().resolve(mapName + WorldFiles.SUFFIX);
    }

    /**
     * Reads a world's world file, checks it against the world's map and the config's kinds, and puts it in force
     * (no file: nothing changes), then defines the routes authorities defined at run time again. Tick thread.
     */
    void load(World w, NavServerConfig config) {
        Path file = path(config, w.name());
        if (Files.exists(file)) {
            applyFile(w, config, file);
        }
        restoreRoutes(w);
    }

    private void applyFile(World w, NavServerConfig config, Path file) {
        try {
            WorldFile f = WorldFileLoader.load(file, config.monsters().kinds().keySet(), w.map());
            int spawned = w.applyWorldFile(f);
            metrics.worldFileLoads.inc("loaded");
            LOG.info("world file {} applied: {} routes, {} spawn groups, {} monsters", file.getFileName(),
                    f.routes().size(), f.spawnGroups().size(), spawned);
        } catch (WorldFileException e) {
            metrics.worldFileLoads.inc("rejected");
            LOG.warn("world file refused, the one in force stays: {}", e.getMessage());
        }
    }

    /**
     * Defines again the routes authorities defined at run time ({@link RouteStore}), over the world file's routes of
     * the same name. A route the map no longer allows (a point now blocked or off the map) stays in the store but is
     * not defined (WARN).
     */
    private void restoreRoutes(World w) {
        List<StoredRoute> stored;
        try {
            stored = routes.load(w.name());
        } catch (EditLogException e) {
            LOG.error("routes defined at run time for map {} not restored: {}", w.name(), e.getMessage());
            return;
        }
        int defined = 0;
        for (StoredRoute r : stored) {
            RouteMode mode = RouteMode.fromWire(r.mode()).orElse(null);
            MonsterOrders.Result result = mode == null ? null
                    : w.orders().defineRoute(Route.of(r.name(), r.points(), mode, r.waitSeconds()));
            if (result != null && result.ok()) {
                defined++;
            } else {
                LOG.warn("stored route {} of map {} not defined: {}", r.name(), w.name(),
                        result == null ? "unknown mode " + r.mode() : result.message());
            }
        }
        if (!stored.isEmpty()) {
            LOG.info("map {}: {} of {} routes defined at run time restored", w.name(), defined, stored.size());
        }
    }
}
