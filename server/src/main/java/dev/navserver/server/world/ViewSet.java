package dev.navserver.server.world;

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
        m.viewers.add(this);
        return true;
    }

    /** Removes a monster; false when it was not in view. */
    boolean remove(Monster m) {
        if (!monsters.remove(m)) {
            return false;
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
    }

    /** The monsters in view, in the order they came in. Live, unmodifiable. */
    Collection<Monster> monsters() {
        return Collections.unmodifiableSet(monsters);
    }

    /** The monsters in view, in the order they came in: the live set itself, for a pass that does not change it. */
    Iterable<Monster> live() {
        return monsters;
    }

    int size() {
        return monsters.size();
    }
}
