package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.Vec3;
import java.util.List;

/** What a {@link World} tells its sessions, appended to its {@link WorldOutbox}. Immutable values. */
public sealed interface WorldEvent {
    /** The session the event is for. */
    String sessionId();

    /**
     * A new path for a monster, to be sent as {@code nav_path}.
     *
     * @param path            the adopted path, first point = the monster's position
     * @param posArrivalNanos {@link System#nanoTime()} at which the {@code player_pos} with {@code playerSeq}
     *                        arrived; 0 when unknown
     * @param map             the map snapshot the path was planned on (its version goes on the wire)
     * @param editArrivalNanos {@link System#nanoTime()} at which the map edit that made the monster re-plan
     *                        arrived, for its first path after the edit; 0 otherwise
     */
    record NavPathReady(String sessionId, String monsterId, long seq, long playerSeq, WorldPath path,
                        double speedMetersPerSecond, long posArrivalNanos, GridMap map, long editArrivalNanos)
            implements WorldEvent {
    }

    /**
     * Local navigation switched on or off for a monster, or (active) its surround slot moved.
     *
     * @param slot with {@code active}, the monster's surround slot in world metres; {@code null} when it has none
     */
    record LocalNavChanged(String sessionId, String monsterId, boolean active, Vec3 slot) implements WorldEvent {
        /** Without a slot. */
        public LocalNavChanged(String sessionId, String monsterId, boolean active) {
            this(sessionId, monsterId, active, null);
        }
    }

    /** A session's periodic snapshot of its monsters is due. */
    record SnapshotDue(String sessionId, long playerSeq, List<MonsterView> monsters) implements WorldEvent {
    }

    /** A monster was spawned for a session's player, at a world position in metres. */
    record MonsterSpawned(String sessionId, String monsterId, double x, double y, double z) implements WorldEvent {
    }

    /** A snapshot entry: monster id, position in world metres, state. */
    record MonsterView(String monsterId, double x, double y, double z, MonsterState state) {
    }
}
