package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.MapPatch;

/**
 * The map version one bot follows: its {@code welcome}'s, then each {@code map_patch}'s one by one; the walk
 * continues on the grid of the newest version (shared, see {@link MapVersions}), which must agree with every other
 * bot's. Not thread-safe: confined to the bot's event loop.
 */
final class MapFollower {
    private final String who;
    private final MapVersions versions;
    private final RouteWalker walker;
    private final BotStats stats;
    private final RunControl run;
    /** The newest map version this bot knows: its welcome's, then each map_patch's; 0 before welcome. */
    private long version;

    MapFollower(String who, MapVersions versions, RouteWalker walker, BotStats stats, RunControl run) {
        this.who = who;
        this.versions = versions;
        this.walker = walker;
        this.stats = stats;
        this.run = run;
    }

    /** The newest map version the bot knows. */
    long version() {
        return version;
    }

    /**
     * A {@code welcome} (the first, or one after a move) at {@code mapVersion}; the walk switches to that version's
     * grid when it differs from {@code original}. Returns that grid, or null when it is not known.
     */
    GridMap welcomed(long mapVersion, GridMap original) {
        version = mapVersion;
        versions.base(mapVersion);
        GridMap current = versions.map(mapVersion);
        if (current != null && current != original) {
            walker.useGrid(current.navGrid()); // joined after edits
        }
        return current;
    }

    /** Follows the map to the patch's version, noting a version out of order or a grid that disagrees. */
    void patch(MapPatch p) {
        if (p.version() != version + 1) {
            stats.patchProblem("out_of_order");
            long before = version;
            run.note(() -> who + ": map_patch version " + p.version() + " after version " + before);
        }
        version = Math.max(version, p.version());
        MapVersions.Offer o = versions.offer(p.version(), p.edits());
        if (o == MapVersions.Offer.MISMATCH || o == MapVersions.Offer.BAD_PATCH) {
            stats.patchProblem(o.name().toLowerCase(java.util.Locale.ROOT));
            run.note(() -> who + ": map_patch version " + p.version() + ": " + o + " " + p);
        }
        GridMap g = versions.map(version);
        if (g != null) {
            walker.useGrid(g.navGrid());
        }
    }
}
