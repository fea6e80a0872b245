package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.smooth.WorldPath;

/**
 * One monster of a world: where it stands, its kind and home, its behaviours and the movement they drive. A monster
 * belongs to its world; a player it chases may leave without taking it along. Mutable; tick thread only.
 *
 * <p>Movement has two modes. With a {@link #target} (chase) its plans aim at that player and the chase machinery
 * applies (re-plan rule, local navigation, surround slots, shared fields). Without one it walks to its
 * {@link #goalX goal} when it {@link #hasGoal has one}, planned once per goal, and stands otherwise.
 */
final class Monster {
    final String id;
    final MonsterKind kind;
    double x;
    double z;
    final double speed;
    MonsterState state = MonsterState.IDLE;

    /** Where it returns to (XZ metres): where it was spawned unless given. */
    final double homeX;
    final double homeZ;
    /** Its default behaviour (idle, wander, patrol); never null. */
    Behaviour base;
    /** Its active behaviour on top of {@link #base} (chase, move_to, follow, flee, return_home), or null. */
    Behaviour active;
    /** The player its plans aim at while it chases, or null (see the class comment). */
    Player target;
    /** Whether it walks to a goal point (no {@link #target}). */
    boolean hasGoal;
    double goalX;
    double goalZ;
    /**
     * Session of the player it was spawned for (automatic or a player's {@code spawn}), or null: when that player
     * leaves it goes home and despawns {@code chase.orphanDespawnSeconds} later.
     */
    String owner;
    /** The world file's spawn group it came from ({@link WorldFileSpawns}), or null. */
    Object group;
    /** World time its owner left, seconds; NaN while it has one or never had one. */
    double orphanSince = Double.NaN;
    /** Sessions that have it in view, in the order they started to (see {@link Interest}). */
    final java.util.List<ViewSet> viewers = new java.util.ArrayList<>(2);
    /** The wire state and target name last announced ({@code monster_state}); null before the first. */
    String sentState;
    String sentTarget;
    /** Its position in spawn order within its world, for staggering periodic checks. */
    final long serial;

    /** The adopted path, starting where the monster stood when it adopted it; null before the first. */
    WorldPath path;
    /** The map {@link #path} was planned on; null before the first path (live viewer). */
    GridMap pathMap;
    /** Index of the waypoint of {@link #path} being walked to. */
    int next;

    /** Seconds (world clock) of the last plan submission; NEGATIVE_INFINITY before the first. */
    double lastPlanTime = Double.NEGATIVE_INFINITY;
    /** Goal (XZ) the last plan aimed at (its target's position under chase), and the position it started from. */
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
    /** {@code playerSeq} of the last nav_path sent (-1 when it aimed at no player). */
    long sentPlayerSeq = -1;

    /** Where it stood when the current tick began (XZ metres): body pushes keep a clear line from there. */
    /** World time a tick first left its fresh plan to the next arriving position, seconds; NaN when not waiting. */
    double freshWaitSince = Double.NaN;
    /** {@link System#nanoTime()} of the map edit that made it re-plan, until its next path is sent; 0 = none. */
    long editArrivalNanos;
    /** World time of its spawn, seconds: an overlap in its first second is a spawn overlap, not a fault. */
    double spawnTime;
    /** Its dense index in the last {@link Interest} update ({@link ViewGrid}); -1 before any (tick thread). */
    int viewIndex = -1;
    /** Its index in the world's avoidance crowd, or -1 (see {@link Avoidance}). */
    int agent = -1;
    double tickStartX;
    double tickStartZ;

    /**
     * Its snapshot entry of the world time {@link #snapshotViewTime}: one value shared by every session whose
     * snapshot is due in that tick, so that delivery can encode it once.
     */
    WorldEvent.MonsterView snapshotView;
    double snapshotViewTime = Double.NaN;

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

    Monster(String id, MonsterKind kind, double x, double z, double homeX, double homeZ, Behaviour base, long serial) {
        this.id = id;
        this.kind = kind;
        this.x = x;
        this.z = z;
        this.speed = kind.speedMetersPerSecond();
        this.homeX = homeX;
        this.homeZ = homeZ;
        this.base = base;
        this.serial = serial;
    }

    /**
     * A monster of a kind of its own at (x, z), home there, idle by default, whose movement chases {@code target}
     * (without a chase behaviour: for tests of the movement parts).
     */
    Monster(String id, Player target, double x, double z, double speed) {
        this(id, new MonsterKind(MonsterKind.DEFAULT_NAME, speed, 0, 0, 0, 0), x, z, x, z, new Idle(), 0);
        this.target = target;
    }

    /** The behaviour in charge: the active one, else the default one. */
    Behaviour current() {
        return active != null ? active : base;
    }

    /** The state sent on the wire: the chase's own state while chasing, else the current behaviour's. */
    String wireState() {
        if (target == null) {
            return current().wire();
        }
        return state == MonsterState.IDLE ? "chase" : state.wire(); // IDLE: chasing, first plan not adopted yet
    }

    /** Its snapshot entry at world time {@code now}, made once per tick and shared ({@link #snapshotView}). */
    WorldEvent.MonsterView snapshotView(double now, double y) {
        if (snapshotView == null || snapshotViewTime != now) {
            snapshotView = new WorldEvent.MonsterView(id, x, y, z, wireState());
            snapshotViewTime = now;
        }
        return snapshotView;
    }

    /** Name of the player it chases, follows or flees, or null. */
    String targetName() {
        Player p = current().player();
        return p == null ? null : p.name;
    }
}
