package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.List;

/**
 * A player inside a {@link World}: a session's own player, or one an authority session manages by name. Monsters
 * chase, follow and flee players. Mutable; tick thread only.
 */
final class Player {
    /** The session that moves it: its own session, or the managing authority's. */
    final String sessionId;
    /** Its name: the session's hello player, or the authority's {@code player_pos.player}; chase targets name it. */
    final String name;
    /** Whether an authority manages it (no connection of its own). */
    final boolean managed;
    /** The session's view of the world's monsters, or null for a managed player (see {@link Interest}). */
    final ViewSet view;
    boolean hasPos;
    /** Its index in the world's avoidance crowd, or -1 (see {@link Avoidance}). */
    int agent = -1;
    long seq = -1;
    /** {@link System#nanoTime()} at which the position with {@link #seq} arrived; 0 when unknown. */
    long posArrivalNanos;
    double x;
    double y;
    double z;
    double nextSnapshotTime;
    /** Whether it is in the world's list of players that moved since the last planning pass. */
    boolean moved;
    /** Whether its surround slots were laid out ({@link SurroundSlots}), and when, where it stood, for how many. */
    boolean hasLayout;
    double layoutTime;
    double layoutX;
    double layoutZ;
    int layoutTakers;
    /** Whether a monster switched local nav on or off since the last layout. */
    boolean slotsDirty;
    /** The monsters chasing this player, in the order they started. */
    final List<Monster> monsters = new ArrayList<>();

    /** A session's own player named by its session id (tests of the movement parts). */
    Player(String sessionId) {
        this(sessionId, sessionId, false, new ViewSet(sessionId, false));
    }

    Player(String sessionId, String name, boolean managed, ViewSet view) {
        this.sessionId = sessionId;
        this.name = name;
        this.managed = managed;
        this.view = view;
    }
}
