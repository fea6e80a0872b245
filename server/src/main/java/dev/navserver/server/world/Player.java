package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.List;

/** A session's player inside a {@link World}. Mutable; tick thread only. */
final class Player {
    final String sessionId;
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
    /** The monsters chasing this player, in spawn order. */
    final List<Monster> monsters = new ArrayList<>();

    Player(String sessionId) {
        this.sessionId = sessionId;
    }
}
