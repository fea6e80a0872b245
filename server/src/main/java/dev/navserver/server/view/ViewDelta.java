package dev.navserver.server.view;

import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.WorldView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What changed from one {@link ViewFrame} to a later one of the same map: the contents of a {@code delta} message.
 * Positions compare at the wire's resolution (millimetres), so sub-millimetre jitter is no change.
 *
 * <ul>
 *   <li>{@link #players()}: players new or whose position or {@code seq} changed (indices into the later frame);
 *       {@link #playersGone()}: ids only in the earlier frame.
 *   <li>{@link #moved()}: monsters whose position alone changed; {@link #monsters()}: monsters new or with any
 *       other field changed (their record carries the position too); {@link #monstersGone()}: ids gone.
 *   <li>{@link #paths()}: monsters whose path object changed to a non-null one (or new with a path);
 *       {@link #pathsGone()}: monsters whose path went away, including every gone monster that had one.
 *   <li>{@link #routes()}: routes new or replaced (a different {@link Route} object of that name);
 *       {@link #routesGone()}: names only in the earlier frame.
 *   <li>{@link #edits()}: edits of the later frame that the earlier one did not carry.
 * </ul>
 *
 * <p>Built on the admin event loop; immutable once built.
 */
final class ViewDelta {
    private final IntList players = new IntList();
    private final List<String> playersGone = new ArrayList<>();
    private final IntList moved = new IntList();
    private final IntList monsters = new IntList();
    private final List<String> monstersGone = new ArrayList<>();
    private final IntList paths = new IntList();
    private final List<String> pathsGone = new ArrayList<>();
    private final List<Route> routes = new ArrayList<>();
    private final List<String> routesGone = new ArrayList<>();
    private final List<ViewEdit> edits = new ArrayList<>();

    private ViewDelta() {
    }

    /** Millimetres of a coordinate in metres, as the wire rounds it. */
    static long mm(double metres) {
        return Math.round(metres * 1000);
    }

    /**
     * The changes from {@code prev} to {@code cur}. Cost: one pass over each frame's monsters; monster order is
     * usually stable (spawn order), so an id is looked up in a hash index only where the order differs.
     */
    static ViewDelta between(ViewFrame prev, ViewFrame cur) {
        Objects.requireNonNull(prev);
        Objects.requireNonNull(cur);
        ViewDelta d = new ViewDelta();
        d.comparePlayers(prev.world(), prev, cur.world());
        d.compareMonsters(prev.world(), prev, cur.world());
        d.compareRoutes(prev.world(), cur.world());
        Set<ViewEdit> seen = new HashSet<>(prev.edits());
        for (ViewEdit e : cur.edits()) {
            if (!seen.contains(e)) {
                d.edits.add(e);
            }
        }
        return d;
    }

    private void comparePlayers(WorldView a, ViewFrame prevFrame, WorldView b) {
        boolean[] matched = new boolean[a.playerCount()];
        for (int i = 0; i < b.playerCount(); i++) {
            String id = b.playerId(i);
            int j = i < a.playerCount() && a.playerId(i).equals(id) ? i : prevFrame.playerIndex(id);
            if (j < 0) {
                players.add(i);
                continue;
            }
            matched[j] = true;
            if (mm(a.playerX(j)) != mm(b.playerX(i)) || mm(a.playerY(j)) != mm(b.playerY(i))
                    || mm(a.playerZ(j)) != mm(b.playerZ(i)) || a.playerSeq(j) != b.playerSeq(i)) {
                players.add(i);
            }
        }
        for (int j = 0; j < matched.length; j++) {
            if (!matched[j]) {
                playersGone.add(a.playerId(j));
            }
        }
    }

    private void compareMonsters(WorldView a, ViewFrame prevFrame, WorldView b) {
        int na = a.monsterCount();
        boolean[] matched = new boolean[na];
        int k = 0; // where the next monster of b is expected in a
        for (int i = 0; i < b.monsterCount(); i++) {
            String id = b.monsterId(i);
            int j;
            if (k < na && a.monsterId(k).equals(id)) {
                j = k;
            } else {
                j = prevFrame.monsterIndex(id);
            }
            if (j < 0) {
                monsters.add(i);
                if (b.path(i) != null) {
                    paths.add(i);
                }
                continue;
            }
            k = j + 1;
            matched[j] = true;
            if (!sameRecord(a, j, b, i)) {
                monsters.add(i);
            } else if (mm(a.monsterX(j)) != mm(b.monsterX(i)) || mm(a.monsterZ(j)) != mm(b.monsterZ(i))) {
                moved.add(i);
            }
            WorldPath pa = a.path(j);
            WorldPath pb = b.path(i);
            if (pa != pb) {
                if (pb != null) {
                    paths.add(i);
                } else {
                    pathsGone.add(id);
                }
            }
        }
        for (int j = 0; j < na; j++) {
            if (!matched[j]) {
                monstersGone.add(a.monsterId(j));
                if (a.path(j) != null) {
                    pathsGone.add(a.monsterId(j));
                }
            }
        }
    }

    private void compareRoutes(WorldView a, WorldView b) {
        if (a.routeCount() == 0 && b.routeCount() == 0) {
            return;
        }
        Map<String, Route> before = new HashMap<>();
        for (int j = 0; j < a.routeCount(); j++) {
            before.put(a.route(j).name(), a.route(j));
        }
        for (int i = 0; i < b.routeCount(); i++) {
            Route r = b.route(i);
            if (before.remove(r.name()) != r) {
                routes.add(r);
            }
        }
        for (int j = 0; j < a.routeCount(); j++) {
            if (before.containsKey(a.route(j).name())) {
                routesGone.add(a.route(j).name());
            }
        }
    }

    /** Whether every field but the position is the same. */
    private static boolean sameRecord(WorldView a, int j, WorldView b, int i) {
        WorldPath pa = a.path(j);
        WorldPath pb = b.path(i);
        boolean samePathFields = pa == pb || (pa != null && pb != null && pa.status() == pb.status()
                && pa.expanded() == pb.expanded());
        return samePathFields
                && a.state(j) == b.state(i)
                && a.wireState(j).equals(b.wireState(i))
                && Objects.equals(a.monsterPlayer(j), b.monsterPlayer(i))
                && Objects.equals(a.target(j), b.target(i))
                && a.kind(j).equals(b.kind(i))
                && mm(a.homeX(j)) == mm(b.homeX(i)) && mm(a.homeZ(j)) == mm(b.homeZ(i))
                && a.behaviour(j).equals(b.behaviour(i))
                && Objects.equals(a.patrolRoute(j), b.patrolRoute(i))
                && Double.compare(a.wanderRadius(j), b.wanderRadius(i)) == 0
                && Double.compare(a.lastPlan(j), b.lastPlan(i)) == 0
                && a.planPlayerSeq(j) == b.planPlayerSeq(i)
                && a.pathMapVersion(j) == b.pathMapVersion(i)
                && a.pathSeq(j) == b.pathSeq(i);
    }

    /** Indices (in the later frame) of players new or changed. */
    int[] players() {
        return players.toArray();
    }

    List<String> playersGone() {
        return playersGone;
    }

    /** Indices of monsters whose position alone changed. */
    int[] moved() {
        return moved.toArray();
    }

    /** Indices of monsters new or with another field changed. */
    int[] monsters() {
        return monsters.toArray();
    }

    List<String> monstersGone() {
        return monstersGone;
    }

    /** Indices of monsters whose path changed to a non-null one. */
    int[] paths() {
        return paths.toArray();
    }

    List<String> pathsGone() {
        return pathsGone;
    }

    /** Routes new or replaced, in name order. */
    List<Route> routes() {
        return routes;
    }

    List<String> routesGone() {
        return routesGone;
    }

    List<ViewEdit> edits() {
        return edits;
    }

    /** A growable int array (no boxing). */
    private static final class IntList {
        private int[] a = new int[16];
        private int size;

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
