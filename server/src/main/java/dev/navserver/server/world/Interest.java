package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Interest management: which sessions hear about which monsters. A player session sees every monster of its world
 * within {@code aoi.radiusMeters} (XZ) of its player, and every monster chasing its player wherever it is; it stops
 * seeing a monster beyond {@code aoi.radiusMeters + aoi.hysteresisMeters}. An authority session sees every monster.
 * Monsters are bucketed on a square grid of {@code radius / 2} cells once per update, so an update costs the monsters
 * in the buckets each player's view circle touches plus the views' sizes; a monster already in a view is recognised
 * by a stamp ({@link Monster#viewStamp}) instead of a set lookup. Tick thread only.
 */
final class Interest {
    private double radius;
    private double hysteresis;
    private final XzBuckets<Monster> buckets = new XzBuckets<>(1);
    private final List<Monster> leaving = new ArrayList<>();
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
        buckets.setCellMeters(radiusMeters / 2);
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
        buckets.clear(monsters.size());
        for (Monster m : monsters) {
            buckets.add(m.x, m.z, m);
        }
        double far = radius + hysteresis;
        double radius2 = radius * radius;
        double cell = buckets.cellMeters();
        for (Player p : players) {
            ViewSet v = p.view;
            if (v == null || v.authority) {
                continue;
            }
            if (!p.hasPos) {
                continue;
            }
            int stamp = nextStamp();
            for (Monster m : v.live()) {
                if (m.target != p && MonsterMover.distance(m.x - p.x, m.z - p.z) > far) {
                    leaving.add(m);
                } else {
                    m.viewStamp = stamp; // in view and staying: the scan below need not ask the view
                }
            }
            for (Monster m : leaving) {
                v.remove(m);
                out.left(v, m, "out_of_range");
            }
            leaving.clear();
            // the buckets overlapping the view circle's bounding square, less those wholly beyond the radius
            long cx0 = buckets.cell(p.x - radius);
            long cx1 = buckets.cell(p.x + radius);
            long cz0 = buckets.cell(p.z - radius);
            long cz1 = buckets.cell(p.z + radius);
            for (long cx = cx0; cx <= cx1; cx++) {
                double dx = gap(p.x, cx * cell, cell);
                for (long cz = cz0; cz <= cz1; cz++) {
                    double dz = gap(p.z, cz * cell, cell);
                    if (dx * dx + dz * dz > radius2) {
                        continue;
                    }
                    List<Monster> b = buckets.get(cx, cz);
                    if (b == null) {
                        continue;
                    }
                    for (int i = 0, n = b.size(); i < n; i++) {
                        Monster m = b.get(i);
                        if (m.viewStamp != stamp && MonsterMover.distance(m.x - p.x, m.z - p.z) <= radius
                                && v.add(m)) {
                            out.entered(v, m);
                        }
                    }
                }
            }
            for (Monster m : p.monsters) {
                if (v.add(m)) {
                    out.entered(v, m); // its chasers, wherever they are
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
            stamp = 1; // wrapped (after 4 billion views): 0 is what a new monster carries
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
