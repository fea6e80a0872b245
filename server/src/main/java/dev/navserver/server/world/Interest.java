package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Interest management: which sessions hear about which monsters. A player session sees every monster of its world
 * within {@code aoi.radiusMeters} (XZ) of its player, and every monster chasing its player wherever it is; it stops
 * seeing a monster beyond {@code aoi.radiusMeters + aoi.hysteresisMeters}. An authority session sees every monster.
 * Monsters are bucketed on a square grid of {@code radius + hysteresis} cells once per update, so an update costs
 * the monsters in the 3 x 3 buckets around each player plus the views' sizes. Tick thread only.
 */
final class Interest {
    private double radius;
    private double hysteresis;
    private final XzBuckets<Monster> buckets = new XzBuckets<>(1);
    private final List<Monster> leaving = new ArrayList<>();

    Interest(double radiusMeters, double hysteresisMeters) {
        setRadius(radiusMeters, hysteresisMeters);
    }

    /** New radii from the next update on. */
    void setRadius(double radiusMeters, double hysteresisMeters) {
        this.radius = radiusMeters;
        this.hysteresis = hysteresisMeters;
        buckets.setCellMeters(radiusMeters + hysteresisMeters);
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
        for (Player p : players) {
            ViewSet v = p.view;
            if (v == null || v.authority) {
                continue;
            }
            if (!p.hasPos) {
                continue;
            }
            for (Monster m : v.monsters()) {
                if (m.target != p && MonsterMover.distance(m.x - p.x, m.z - p.z) > far) {
                    leaving.add(m);
                }
            }
            for (Monster m : leaving) {
                v.remove(m);
                out.left(v, m, "out_of_range");
            }
            leaving.clear();
            long cx = buckets.cell(p.x);
            long cz = buckets.cell(p.z);
            for (long dx = -1; dx <= 1; dx++) {
                for (long dz = -1; dz <= 1; dz++) {
                    List<Monster> b = buckets.get(cx + dx, cz + dz);
                    if (b == null) {
                        continue;
                    }
                    for (Monster m : b) {
                        if (MonsterMover.distance(m.x - p.x, m.z - p.z) <= radius && v.add(m)) {
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

    /** Where views' changes go. */
    interface Announcer {
        /** The monster came into the view. */
        void entered(ViewSet view, Monster m);

        /** The monster left the view; {@code reason} {@code out_of_range} or {@code despawned}. */
        void left(ViewSet view, Monster m, String reason);
    }
}
