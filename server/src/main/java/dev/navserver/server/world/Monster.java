package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;

/** One monster's chase state. Mutable; tick thread only. */
final class Monster {
    final String id;
    final String sessionId;
    /** The player it chases; a monster never outlives its player in the world. */
    final Player player;
    double x;
    double z;
    final double speed;
    MonsterState state = MonsterState.IDLE;

    /** The adopted path, starting where the monster stood when it adopted it; null before the first. */
    WorldPath path;
    /** The map {@link #path} was planned on; null before the first path (live viewer). */
    GridMap pathMap;
    /** Index of the waypoint of {@link #path} being walked to. */
    int next;

    /** Seconds (world clock) of the last plan submission; NEGATIVE_INFINITY before the first. */
    double lastPlanTime = Double.NEGATIVE_INFINITY;
    /** Player position (XZ) the last plan aimed at, and the monster's position it started from. */
    double planGoalX;
    double planGoalZ;
    double planStartX;
    double planStartZ;
    /** {@code seq} of the player position the last submitted plan aimed at; {@link Long#MIN_VALUE} before. */
    long planPlayerSeq = Long.MIN_VALUE;

    /** Token of the plan in flight, 0 when none; a result with another token is superseded. */
    long inFlight;
    long nextToken = 1;
    /** Sequence number of the last nav_path sent. */
    long seq;

    /** Where it stood when the current tick began (XZ metres): body pushes keep a clear line from there. */
    /** World time a tick first left its fresh plan to the next arriving position, seconds; NaN when not waiting. */
    double freshWaitSince = Double.NaN;
    /** {@link System#nanoTime()} of the map edit that made it re-plan, until its next path is sent; 0 = none. */
    long editArrivalNanos;
    /** World time of its spawn, seconds: an overlap in its first second is a spawn overlap, not a fault. */
    double spawnTime;
    /** Its index in the world's avoidance crowd, or -1 (see {@link Avoidance}). */
    int agent = -1;
    double tickStartX;
    double tickStartZ;

    /** Whether a body push moved it since it last checked the line to its next waypoint. */
    boolean pushed;

    /** Whether it holds a surround slot (only under local nav); see {@link SurroundSlots}. */
    boolean hasSlot;
    /** Its surround slot, world XZ metres, valid when {@link #hasSlot}. */
    double slotX;
    double slotZ;
    /** The slot last sent in a {@code local_nav}, world XZ metres; NaN before the first. */
    /** Its slot relative to its player at the last layout, metres; NaN without one. */
    double slotOffsetX = Double.NaN;
    double slotOffsetZ = Double.NaN;
    double sentSlotX = Double.NaN;
    double sentSlotZ = Double.NaN;

    Monster(String id, Player player, double x, double z, double speed) {
        this.id = id;
        this.player = player;
        this.sessionId = player.sessionId;
        this.x = x;
        this.z = z;
        this.speed = speed;
    }
}
