package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Interest management: which sessions hear about which monsters. A player session sees every monster of its world
 * within {@code aoi.radiusMeters} (XZ) of its player, and every monster chasing its player wherever it is; it stops
 * seeing a monster beyond {@code aoi.radiusMeters + aoi.hysteresisMeters}. An authority session sees every monster.
 * Monsters are bucketed on a square grid of {@code radius / 2} cells once per update ({@link ViewGrid}: positions in
 * primitive arrays), so an update costs the monsters in the buckets each player's view circle touches plus the views'
 * sizes; a monster already in a view is recognised by a stamp per monster instead of a set lookup. Tick thread only.
 */
final class Interest {
    private double radius;
    private double hysteresis;
    private final ViewGrid grid = new ViewGrid(1);
    private final List<Monster> leaving = new ArrayList<>();
    /** Per monster of the update ({@link Monster#viewIndex}), the stamp of the last view found holding it. */
    private int[] stamps = new int[0];
    /** The last stamp handed out by {@link #nextStamp}. */
    private int stamp;

    Interest(double radiusMeters, double hysteresisMeters) {
        setRadius(radiusMeters, hysteresisMeters);
    }

    /** New radii from the next update on. */
    void setRadius(double radiusMeters, double hysteresisMeters) {
        this.radius = radiusMeters;
        this.hysteresis = hysteresisMeters;
        // half the radius: a view scans the buckets its circle touches, under twice the circle's area
        grid.setCellMeters(radiusMeters / 2);
    }

    double radius() {
        return radius;
    }

    double hysteresis() {
        return hysteresis;
    }

    /** A new monster: every authority view takes it at once (player views at the next {@link #update}). */
    void spawned(Monster m, Collection<Player> players, Announcer out) {
        for (Player p : players) {
            if (p.view != null && p.view.authority && p.view.add(m)) {
                out.entered(p.view, m);
            }
        }
    }

    /** A monster is gone: every viewer hears {@code monster_leave despawned}. */
    void despawned(Monster m, Announcer out) {
        for (ViewSet v : new ArrayList<>(m.viewers)) {
            v.remove(m);
            out.left(v, m, "despawned");
        }
    }

    /** A session's view starts: an authority's holds every monster at once, a player's fills at the next update. */
    void joined(ViewSet view, Collection<Monster> monsters, Announcer out) {
        if (view.authority) {
            for (Monster m : monsters) {
                if (view.add(m)) {
                    out.entered(view, m);
                }
            }
        }
    }

    /** Lets monsters enter and leave the player sessions' views by where everyone stands now. */
    void update(Collection<Player> players, Collection<Monster> monsters, Announcer out) {
        grid.build(monsters);
        if (stamps.length < grid.size()) {
            stamps = new int[Math.max(grid.size(), stamps.length * 2)];
        }
        double far = radius + hysteresis;
        double radius2 = radius * radius;
        for (Player p : players) {
            ViewSet v = p.view;
            if (v == null || v.authority) {
                continue;
            }
            if (!p.hasPos) {
                continue;
            }
            int stamp = nextStamp();
            for (int k = 0, n = v.size(); k < n; k++) {
                // positions from the grid's arrays by the member's index hint: no monster object is read unless the
                // hint went stale (monsters spawned or despawned before it since)
                Monster m = v.member(k);
                int i = v.hint(k);
                if (i < 0 || i >= grid.size() || grid.monster(i) != m) {
                    i = grid.holds(m) ? m.viewIndex : -1;
                    v.setHint(k, i);
                }
                boolean beyond = i >= 0
                        ? grid.target(i) != p && MonsterMover.distance(grid.x(i) - p.x, grid.z(i) - p.z) > far
                        : m.target != p && MonsterMover.distance(m.x - p.x, m.z - p.z) > far;
                if (beyond) {
                    leaving.add(m);
                } else if (i >= 0) {
                    stamps[i] = stamp; // in view and staying: the scan below need not ask the view
                }
            }
            for (Monster m : leaving) {
                v.remove(m);
                out.left(v, m, "out_of_range");
            }
            leaving.clear();
            scan(p, v, stamp, radius2, out);
            for (int k = 0, n = p.monsters.size(); k < n; k++) {
                Monster m = p.monsters.get(k);
                if (grid.holds(m) && stamps[m.viewIndex] == stamp) {
                    continue; // in view already (a chaser never leaves its player's view)
                }
                if (v.add(m)) {
                    out.entered(v, m); // its chasers, wherever they are
                }
            }
        }
    }

    /**
     * Adds to the view every monster within the radius that it does not hold yet ({@link #stamps} not
     * {@code stamp}): the buckets overlapping the view circle's bounding square, less those wholly beyond the radius.
     */
    private void scan(Player p, ViewSet v, int stamp, double radius2, Announcer out) {
        int c0 = Math.max(0, grid.col(p.x - radius));
        int c1 = Math.min(grid.cols() - 1, grid.col(p.x + radius));
        int r0 = Math.max(0, grid.row(p.z - radius));
        int r1 = Math.min(grid.rows() - 1, grid.row(p.z + radius));
        double side = grid.side();
        for (int r = r0; r <= r1; r++) {
            double dz = gap(p.z, grid.rowZ(r), side);
            for (int c = c0; c <= c1; c++) {
                double dx = gap(p.x, grid.colX(c), side);
                if (dx * dx + dz * dz > radius2) {
                    continue;
                }
                for (int s = grid.first(c, r), e = grid.end(c, r); s < e; s++) {
                    int i = grid.slotIndex(s);
                    if (stamps[i] != stamp
                            && MonsterMover.distance(grid.slotX(s) - p.x, grid.slotZ(s) - p.z) <= radius) {
                        Monster m = grid.monster(i);
                        stamps[i] = stamp;
                        if (v.add(m)) {
                            out.entered(v, m);
                        }
                    }
                }
            }
        }
    }

    /** Distance (metres, {@code >= 0}) from {@code v} to the interval {@code [lo, lo + side]}. */
    private static double gap(double v, double lo, double side) {
        return v < lo ? lo - v : v > lo + side ? v - lo - side : 0;
    }

    /** A stamp no monster carries yet: marks the monsters found in one view during one update. */
    private int nextStamp() {
        if (++stamp == 0) {
            Arrays.fill(stamps, 0); // wrapped (after 4 billion views): start afresh
            stamp = 1;
        }
        return stamp;
    }

    /** Where views' changes go. */
    interface Announcer {
        /** The monster came into the view. */
        void entered(ViewSet view, Monster m);

        /** The monster left the view; {@code reason} {@code out_of_range} or {@code despawned}. */
        void left(ViewSet view, Monster m, String reason);
    }
}
