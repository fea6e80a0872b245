package dev.navserver.bots;

import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Vec3;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One session's view of the shared world as the server told it: the monsters between their {@code monster_enter}
 * and {@code monster_leave}, each with its last known position (from {@code monster_enter}, the first point of its
 * {@code nav_path}s and {@code monsters} snapshots), speed, state and chase target. Not thread-safe: confined to
 * its session's event loop.
 */
final class BotView {
    /** A monster in view. Positions are world metres; times {@link System#nanoTime()}. */
    static final class Entry {
        final String monster;
        double x;
        double z;
        double speedMetersPerSecond;
        String state;
        String target;
        /** {@code serverTime} of the first own snapshot that listed it since it came into view, or NaN. */
        double firstListed = Double.NaN;
        /** When a message last named {@code player} as its target (or stopped naming it), or {@link Long#MIN_VALUE}. */
        long chasedPlayerNanos = Long.MIN_VALUE;

        Entry(String monster) {
            this.monster = monster;
        }
    }

    private final String player;
    private final Map<String, Entry> monsters = new HashMap<>();

    /** @param player the session's player name: a monster whose target it is chases this session's player */
    BotView(String player) {
        this.player = player;
    }

    /** A {@code monster_enter}: false when the monster was in view already (the server said it twice). */
    boolean enter(MonsterEnter e, long nowNanos) {
        boolean fresh = !monsters.containsKey(e.monster());
        Entry m = monsters.computeIfAbsent(e.monster(), Entry::new);
        move(m, e.pos());
        m.speedMetersPerSecond = e.speedMetersPerSecond();
        state(m, e.state(), e.target(), nowNanos);
        return fresh;
    }

    /** Forgets every monster (the session moved to another server, whose monsters are others). */
    void clear() {
        monsters.clear();
    }

    /** A {@code monster_leave}: false when the monster was not in view. */
    boolean leave(String monster) {
        return monsters.remove(monster) != null;
    }

    /** A {@code monster_state}; false when the monster is not in view. */
    boolean state(MonsterState s, long nowNanos) {
        Entry m = monsters.get(s.monster());
        if (m == null) {
            return false;
        }
        state(m, s.state(), s.target(), nowNanos);
        return true;
    }

    /** A {@code nav_path}; false when the monster is not in view. */
    boolean navPath(NavPath p, long nowNanos) {
        Entry m = monsters.get(p.monster());
        if (m == null) {
            return false;
        }
        List<Vec3> points = p.navPath();
        if (!points.isEmpty()) {
            move(m, points.get(0));
        }
        m.speedMetersPerSecond = p.speedMetersPerSecond();
        if (p.state() != null) {
            state(m, p.state(), p.target(), nowNanos);
        }
        return true;
    }

    /** A {@code monsters} snapshot's entry: updates the position of a monster in view; false when not in view. */
    boolean snapshot(MonsterSnapshot s, long nowNanos) {
        Entry m = monsters.get(s.monster());
        if (m == null) {
            return false;
        }
        move(m, s.pos());
        state(m, s.state(), m.target, nowNanos);
        return true;
    }

    private void state(Entry m, String state, String target, long nowNanos) {
        if (player.equals(target) || player.equals(m.target)) {
            m.chasedPlayerNanos = nowNanos; // chases this player, or stopped just now
        }
        m.state = state;
        m.target = target;
    }

    /**
     * Whether the monster chases this session's player as far as the view knows, or did within {@code graceNanos}
     * before {@code nowNanos}.
     */
    boolean chasesPlayer(Entry m, long nowNanos, long graceNanos) {
        return player.equals(m.target)
                || (m.chasedPlayerNanos != Long.MIN_VALUE && nowNanos - m.chasedPlayerNanos <= graceNanos);
    }

    private static void move(Entry m, Vec3 p) {
        m.x = p.x();
        m.z = p.z();
    }

    boolean contains(String monster) {
        return monsters.containsKey(monster);
    }

    /** The monster in view, or null. */
    Entry get(String monster) {
        return monsters.get(monster);
    }

    /** The monsters in view. Live, not to be modified. */
    Collection<Entry> entries() {
        return monsters.values();
    }

    int size() {
        return monsters.size();
    }

    /** The session's player name. */
    String player() {
        return player;
    }
}
