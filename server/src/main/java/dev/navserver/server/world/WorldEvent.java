package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.Vec3;
import java.util.List;

/**
 * What a {@link World} tells its sessions, appended to its {@link WorldOutbox}. Each event names the sessions it is
 * for, taken when it happened (a monster's viewers then). Immutable values.
 */
public sealed interface WorldEvent {
    /**
     * A new path for a monster, to be sent as {@code nav_path} to {@code viewers}.
     *
     * @param sessionId       the chased player's session (its {@code playerSeq} and timing), or null
     * @param path            the adopted path, first point = the monster's position
     * @param posArrivalNanos {@link System#nanoTime()} at which the {@code player_pos} with {@code playerSeq}
     *                        arrived; 0 when unknown
     * @param map             the map snapshot the path was planned on (its version goes on the wire)
     * @param editArrivalNanos {@link System#nanoTime()} at which the map edit that made the monster re-plan
     *                        arrived, for its first path after the edit; 0 otherwise
     * @param state           the monster's wire state
     * @param target          the chased player's name, or null
     * @param viewers         sessions to send it to
     */
    record NavPathReady(String sessionId, String monsterId, long seq, long playerSeq, WorldPath path,
                        double speedMetersPerSecond, long posArrivalNanos, GridMap map, long editArrivalNanos,
                        String state, String target, List<String> viewers) implements WorldEvent {
    }

    /**
     * Local navigation switched on or off for a monster, or (active) its surround slot moved; for the chased
     * player's session only.
     *
     * @param slot with {@code active}, the monster's surround slot in world metres; {@code null} when it has none
     */
    record LocalNavChanged(String sessionId, String monsterId, boolean active, Vec3 slot) implements WorldEvent {
        /** Without a slot. */
        public LocalNavChanged(String sessionId, String monsterId, boolean active) {
            this(sessionId, monsterId, active, null);
        }
    }

    /**
     * A session's periodic snapshot of the monsters in its view is due.
     *
     * @param worldTime the world's clock when it was made, seconds: the views of one world time are shared values
     */
    record SnapshotDue(String sessionId, long playerSeq, double worldTime, List<MonsterView> monsters)
            implements WorldEvent {
    }

    /** A monster was spawned, at a world position in metres. */
    record MonsterSpawned(String monsterId, double x, double y, double z) implements WorldEvent {
    }

    /**
     * A monster came into a session's view ({@code monster_enter}), with its current path when it is moving.
     *
     * @param target the chased player's name, or null
     * @param path   its current {@code nav_path} for this session, or null when it stands
     */
    record MonsterEntered(String sessionId, String monsterId, String kind, Vec3 pos, double radiusMeters,
                          double speedMetersPerSecond, String state, String target, Vec3 home, NavPathReady path)
            implements WorldEvent {
    }

    /** A monster left a session's view ({@code monster_leave}); {@code reason} out_of_range or despawned. */
    record MonsterLeft(String sessionId, String monsterId, String reason) implements WorldEvent {
    }

    /** A monster's wire state (or its target) changed ({@code monster_state}), for its viewers. */
    record StateChanged(String monsterId, String state, String target, List<String> viewers) implements WorldEvent {
    }

    /**
     * Something a monster did, for the world's authority sessions ({@code monster_event}).
     *
     * @param target a player name or null; {@code route} and {@code index} for {@code waypoint}, else null and -1
     */
    record Notice(String monsterId, String event, String target, String route, int index, List<String> sessions)
            implements WorldEvent {
    }

    /**
     * A snapshot entry: monster id, position in world metres, wire state. One value per monster and tick, shared by
     * every snapshot of that tick (delivery encodes it once per identity).
     */
    record MonsterView(String monsterId, double x, double y, double z, String state) {
    }
}
