package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
    private double cellSize;
    private final HashMap<Long, List<Monster>> buckets = new HashMap<>();
    private final List<Monster> leaving = new ArrayList<>();

    Interest(double radiusMeters, double hysteresisMeters) {
        setRadius(radiusMeters, hysteresisMeters);
    }

    /** New radii from the next update on. */
    void setRadius(double radiusMeters, double hysteresisMeters) {
        this.radius = radiusMeters;
        this.hysteresis = hysteresisMeters;
        this.cellSize = Math.max(1e-3, radiusMeters + hysteresisMeters);
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
        if (buckets.size() > 4 * monsters.size() + 64) {
            buckets.clear(); // monsters moved on: drop the empty buckets they left behind
        }
        for (List<Monster> b : buckets.values()) {
            b.clear();
        }
        for (Monster m : monsters) {
            buckets.computeIfAbsent(key(m.x, m.z), k -> new ArrayList<>()).add(m);
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
            long cx = cell(p.x);
            long cz = cell(p.z);
            for (long dx = -1; dx <= 1; dx++) {
                for (long dz = -1; dz <= 1; dz++) {
                    List<Monster> b = buckets.get(pack(cx + dx, cz + dz));
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

    private long key(double x, double z) {
        return pack(cell(x), cell(z));
    }

    private long cell(double v) {
        return (long) Math.floor(v / cellSize);
    }

    private static long pack(long cx, long cz) {
        // Long.hashCode folds the halves together, so (cx << 32 | cz) would collide along every diagonal: mix first
        return cx * 0x9E3779B97F4A7C15L + cz * 0xC2B2AE3D27D4EB4FL;
    }

    /** Where views' changes go. */
    interface Announcer {
        /** The monster came into the view. */
        void entered(ViewSet view, Monster m);

        /** The monster left the view; {@code reason} {@code out_of_range} or {@code despawned}. */
        void left(ViewSet view, Monster m, String reason);
    }
}
