package dev.navserver.server.world;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One session's view of its world's monsters: the monsters it hears about ({@code monster_enter} when one joins,
 * {@code monster_leave} when one goes). Membership is kept on both sides: a monster lists its viewers
 * ({@link Monster#viewers}) so that what it does reaches exactly them. {@link Interest} decides who joins and
 * leaves. Tick thread only.
 */
final class ViewSet {
    final String sessionId;
    /** Whether the session is an authority's: it sees every monster of its world. */
    final boolean authority;
    private final Set<Monster> monsters = new LinkedHashSet<>();
    /**
     * The same monsters in an array, in the order they came in, with a hint per member: its dense index in the last
     * {@link ViewGrid} build it was checked against (-1 unknown). {@link Interest} reads positions by these hints
     * from the grid's arrays instead of from the monsters.
     */
    private Monster[] members = new Monster[8];
    private int[] hints = new int[8];
    private int count;

    ViewSet(String sessionId, boolean authority) {
        this.sessionId = sessionId;
        this.authority = authority;
    }

    boolean contains(Monster m) {
        return monsters.contains(m);
    }

    /** Adds a monster; false when it was in view already. */
    boolean add(Monster m) {
        if (!monsters.add(m)) {
            return false;
        }
        if (count == members.length) {
            members = Arrays.copyOf(members, count * 2);
            hints = Arrays.copyOf(hints, count * 2);
        }
        members[count] = m;
        hints[count] = -1;
        count++;
        m.viewers.add(this);
        return true;
    }

    /** Removes a monster; false when it was not in view. */
    boolean remove(Monster m) {
        if (!monsters.remove(m)) {
            return false;
        }
        for (int k = 0; k < count; k++) {
            if (members[k] == m) {
                System.arraycopy(members, k + 1, members, k, count - k - 1);
                System.arraycopy(hints, k + 1, hints, k, count - k - 1);
                members[--count] = null;
                break;
            }
        }
        m.viewers.remove(this);
        return true;
    }

    /** Removes every monster (the session left); the monsters forget this viewer. */
    void clear() {
        for (Monster m : monsters) {
            m.viewers.remove(this);
        }
        monsters.clear();
        Arrays.fill(members, 0, count, null);
        count = 0;
    }

    /** The monsters in view, in the order they came in. Live, unmodifiable. */
    Collection<Monster> monsters() {
        return Collections.unmodifiableSet(monsters);
    }

    /** The {@code k}-th monster in view ({@code 0 <= k < size()}), in the order they came in. */
    Monster member(int k) {
        return members[k];
    }

    /** The grid index hint of the {@code k}-th member; -1 unknown. See {@link Interest}. */
    int hint(int k) {
        return hints[k];
    }

    void setHint(int k, int index) {
        hints[k] = index;
    }

    int size() {
        return monsters.size();
    }
}
