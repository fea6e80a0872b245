package dev.navserver.server.world;

/** A session's player inside a {@link World}. Mutable; tick thread only. */
final class Player {
    final String sessionId;
    boolean hasPos;
    long seq = -1;
    double x;
    double y;
    double z;
    double nextSnapshotTime;

    Player(String sessionId) {
        this.sessionId = sessionId;
    }
}
