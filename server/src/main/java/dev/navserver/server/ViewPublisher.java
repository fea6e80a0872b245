package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.net.MapRegistry;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.view.RecentEdits;
import dev.navserver.server.view.ViewEdit;
import dev.navserver.server.view.ViewFrame;
import dev.navserver.server.view.ViewHub;
import dev.navserver.server.view.ViewStats;
import dev.navserver.server.view.ViewStatsSampler;
import dev.navserver.server.world.World;
import dev.navserver.server.world.WorldView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Feeds the live viewer: captures a frame of every map a viewer watches, at most one per
 * {@link ViewHub#FRAME_INTERVAL_SECONDS} of world time per map, with the map's recent runtime edits. Tick thread only.
 */
final class ViewPublisher {
    private final ServerContext context;
    /** The live viewer; null without one. */
    private final ViewHub view;
    private final ViewStatsSampler viewStats;
    /** Per watched map: world time of its last viewer frame and the frame count. */
    private final Map<String, ViewCursor> viewCursors = new HashMap<>();
    /** Recent runtime edits per map name, for the viewer. */
    private final Map<String, RecentEdits> recentEdits = new HashMap<>();

    /** When a map's last viewer frame was captured, and how many so far. */
    private static final class ViewCursor {
        double lastTime = Double.NEGATIVE_INFINITY;
        long frames;
    }

    /** @param view the live viewer's hub, or null for none */
    ViewPublisher(ServerContext context, ViewHub view) {
        this.context = context;
        this.view = view;
        this.viewStats = new ViewStatsSampler(context.metrics().plans::total,
                () -> (long) context.metrics().navPathPushes.count(), context::sessionCount);
    }

    /** Records one tick's duration for the viewer's statistics. */
    void tickDuration(long nanos) {
        viewStats.tickDuration(nanos);
    }

    /** The recent runtime edits of a map (created on first use). */
    RecentEdits recentEdits(String map) {
        return recentEdits.computeIfAbsent(map, k -> new RecentEdits());
    }

    /** A map file replaced a map: its runtime edits are gone. */
    void mapReloaded(String map) {
        RecentEdits recent = recentEdits.get(map);
        if (recent != null) {
            recent.clear();
        }
    }

    /**
     * Captures and hands to the hub (which encodes on the admin event loop) a frame of each watched map that is due.
     * A watched map without a world yet gets frames without players or monsters. Without viewers this is one
     * volatile read.
     */
    void publish(double now, Map<String, World> worlds, NavServerConfig config) {
        if (view == null) {
            return;
        }
        Set<String> watched = view.watchedMaps();
        if (watched.isEmpty()) {
            return;
        }
        MapRegistry maps = context.maps();
        ViewStats stats = null;
        for (String name : watched) {
            ViewCursor c = viewCursors.computeIfAbsent(name, k -> new ViewCursor());
            if (now - c.lastTime < ViewHub.FRAME_INTERVAL_SECONDS - 1e-9) {
                continue;
            }
            World w = worlds.get(name);
            GridMap map = w != null ? w.map() : maps.get(name);
            if (map == null) {
                continue;
            }
            c.lastTime = now;
            c.frames++;
            if (stats == null) {
                stats = viewStats.sample(System.nanoTime());
            }
            List<ViewEdit> edits = recentEdits(name).since(now - ViewHub.EDIT_SHOWN_SECONDS);
            ViewFrame f = w != null
                    ? ViewFrame.capture(w, maps::version, c.frames, now, stats, edits)
                    : new ViewFrame(name, maps.version(map), c.frames, now, stats,
                            config.chase().localNavDistanceMeters(), config.chase().stoppingDistanceMeters(),
                            WorldView.EMPTY, edits);
            view.publish(f);
        }
    }
}
