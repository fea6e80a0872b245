package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.config.NavServerConfig.Chase;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Surround slots: the monsters under local nav around a player (the "takers") get distinct slots on rings around
 * it. Ring 0 has radius {@code max(stoppingDistance, rM + rP)}; ring {@code k} adds {@code k × (2 rM + gap)}. A ring
 * holds at most as many slots as fit with adjacent slots {@code 2 rM + gap} apart; when fewer takers remain than
 * that, the ring is spread evenly over just as many slots as remain (so six or more monsters in open space leave no
 * angular gap above 360°/n). A slot is kept only when its cell is walkable, on the player's island and in line of
 * sight from the player; when some are not, the full ring is tried and its valid slots are offered. Takers are
 * assigned to slots with the Hungarian method (minimum total straight-line travel).
 *
 * <p><b>Stability.</b> The layout is redone only when the player moved {@link #RELAYOUT_MOVE_METERS} or more since
 * it, when the map or the chase settings were replaced (a reload), or when the takers changed and at least {@link #RELAYOUT_SECONDS} passed since it; a taker arriving between
 * layouts gets a provisional slot ({@link #provisional}). A monster whose slot moved by
 * {@link #ANNOUNCE_METERS} or more since its last {@code local_nav} gets a new one. Tick thread only.
 */
final class SurroundSlots {
    static final double RELAYOUT_SECONDS = 2.0;
    static final double RELAYOUT_MOVE_METERS = 0.5;
    static final double ANNOUNCE_METERS = 0.5;
    /** Extra metres between adjacent slots beyond two monster radii. */
    static final double GAP_METERS = 0.1;
    static final int MAX_RINGS = 8;
    static final int MAX_SLOTS_PER_RING = 64;

    private final PathPlanner planner;
    /** Scratch list of one player's takers, reused every tick. */
    private final List<Monster> takers = new ArrayList<>();
    private GridMap lastMap;
    private Chase lastSettings;

    SurroundSlots(PathPlanner planner) {
        this.planner = Objects.requireNonNull(planner);
    }

    /** Lays out and assigns slots where due and announces moved slots through {@code outbox}. */
    void update(Collection<Player> players, GridMap map, Chase s, double now, WorldOutbox outbox,
            WorldMetrics metrics) {
        boolean mapChanged = map != lastMap || s != lastSettings; // a map or config reload: lay out afresh
        lastMap = map;
        lastSettings = s;
        for (Player p : players) {
            takers.clear();
            for (Monster m : p.monsters) {
                if (m.state.local()) {
                    takers.add(m);
                } else {
                    m.hasSlot = false;
                }
            }
            if (takers.isEmpty() || !p.hasPos) {
                p.hasLayout = false;
                continue;
            }
            boolean changed = p.slotsDirty || takers.size() != p.layoutTakers;
            for (Monster m : takers) {
                changed |= !m.hasSlot;
            }
            boolean due = mapChanged || !p.hasLayout
                    || MonsterMover.distance(p.x - p.layoutX, p.z - p.layoutZ) >= RELAYOUT_MOVE_METERS
                    || changed && now - p.layoutTime >= RELAYOUT_SECONDS;
            if (due) {
                layout(p, takers, map, s, now, metrics);
                for (Monster m : takers) {
                    announceIfMoved(m, map, outbox);
                }
            }
        }
        takers.clear();
    }

    private void announceIfMoved(Monster m, GridMap map, WorldOutbox outbox) {
        if (!m.hasSlot) {
            return;
        }
        if (Double.isNaN(m.sentSlotX)
                || MonsterMover.distance(m.slotX - m.sentSlotX, m.slotZ - m.sentSlotZ) >= ANNOUNCE_METERS) {
            outbox.add(new WorldEvent.LocalNavChanged(m.target.sessionId, m.id, true, sent(m, map)));
        }
    }

    /**
     * Gives a monster that just switched to local nav a slot until the next layout: on ring 0 toward where it
     * stands, if that point is valid; else none. Returns the slot to put in its {@code local_nav}, marked as sent.
     */
    Vec3 provisional(Monster m, GridMap map, Chase s) {
        Player p = m.target;
        p.slotsDirty = true;
        double r0 = Math.max(s.stoppingDistanceMeters(), s.monsterRadiusMeters() + s.playerRadiusMeters());
        double d = MonsterMover.distance(m.x - p.x, m.z - p.z);
        double ux = d < 1e-9 ? 1 : (m.x - p.x) / d;
        double uz = d < 1e-9 ? 0 : (m.z - p.z) / d;
        double sx = p.x + ux * r0;
        double sz = p.z + uz * r0;
        if (!valid(map, p, islandOf(map, p), sx, sz)) {
            m.hasSlot = false;
            return null;
        }
        m.hasSlot = true;
        m.slotX = sx;
        m.slotZ = sz;
        return sent(m, map);
    }

    /** Clears a monster's slot (it left local nav). */
    static void release(Monster m) {
        if (m.target != null) {
            m.target.slotsDirty = true;
        }
        m.hasSlot = false;
        m.slotOffsetX = Double.NaN;
        m.slotOffsetZ = Double.NaN;
        m.sentSlotX = Double.NaN;
        m.sentSlotZ = Double.NaN;
    }

    private static Vec3 sent(Monster m, GridMap map) {
        m.sentSlotX = m.slotX;
        m.sentSlotZ = m.slotZ;
        return new Vec3(m.slotX, map.transform().originY(), m.slotZ);
    }

    private void layout(Player p, List<Monster> takers, GridMap map, Chase s, double now, WorldMetrics metrics) {
        p.hasLayout = true;
        p.slotsDirty = false;
        p.layoutTime = now;
        p.layoutX = p.x;
        p.layoutZ = p.z;
        p.layoutTakers = takers.size();
        double[] slots = slots(p, takers.size(), map, s, phase(p, takers));
        int nSlots = slots.length / 2;
        int n = takers.size();
        double[][] cost;
        boolean byTaker = n <= nSlots;
        cost = byTaker ? new double[n][nSlots] : new double[nSlots][n];
        for (int t = 0; t < n; t++) {
            Monster m = takers.get(t);
            for (int k = 0; k < nSlots; k++) {
                double c = MonsterMover.distance(slots[2 * k] - m.x, slots[2 * k + 1] - m.z);
                if (byTaker) {
                    cost[t][k] = c;
                } else {
                    cost[k][t] = c;
                }
            }
        }
        int[] match = nSlots == 0 ? new int[0] : Assignment.minCost(cost);
        for (Monster m : takers) {
            m.hasSlot = false;
        }
        for (int r = 0; r < match.length; r++) {
            Monster m = takers.get(byTaker ? r : match[r]);
            int k = byTaker ? match[r] : r;
            m.hasSlot = true;
            m.slotX = slots[2 * k];
            m.slotZ = slots[2 * k + 1];
            double offX = m.slotX - p.x;
            double offZ = m.slotZ - p.z;
            if (!Double.isNaN(m.slotOffsetX)
                    && MonsterMover.distance(offX - m.slotOffsetX, offZ - m.slotOffsetZ) >= ANNOUNCE_METERS) {
                metrics.slotReassigned(); // another place around the player, not the same place moving with it
            }
            m.slotOffsetX = offX;
            m.slotOffsetZ = offZ;
        }
    }

    /** Angle (radians, XZ) of the first slot: toward the takers' first monster, so layouts follow the crowd. */
    private static double phase(Player p, List<Monster> takers) {
        Monster first = takers.get(0);
        return Math.atan2(first.z - p.z, first.x - p.x);
    }

    /**
     * Valid slot positions for {@code n} takers as {@code [x0, z0, x1, z1, ...]}: at least {@code n} when that many
     * fit within {@link #MAX_RINGS} rings, possibly more (a partly blocked ring offers all its valid slots).
     */
    double[] slots(Player p, int n, GridMap map, Chase s, double phase) {
        double rM = s.monsterRadiusMeters();
        double spacing = 2 * rM + GAP_METERS;
        double r0 = Math.max(s.stoppingDistanceMeters(), rM + s.playerRadiusMeters());
        if (r0 <= 0) {
            r0 = spacing;
        }
        int island = islandOf(map, p);
        double[] out = new double[0];
        int count = 0;
        int remaining = n;
        for (int ring = 0; ring < MAX_RINGS && remaining > 0; ring++) {
            double radius = r0 + ring * spacing;
            int cap = capacity(radius, spacing);
            int want = Math.min(cap, remaining);
            double ringPhase = phase + (ring % 2 == 0 ? 0 : Math.PI / cap);
            double[] ringSlots = ring(p, island, map, radius, want, ringPhase);
            if (ringSlots.length / 2 < want && want < cap) {
                ringSlots = ring(p, island, map, radius, cap, ringPhase);
            }
            int got = ringSlots.length / 2;
            double[] grown = new double[2 * (count + got)];
            System.arraycopy(out, 0, grown, 0, 2 * count);
            System.arraycopy(ringSlots, 0, grown, 2 * count, 2 * got);
            out = grown;
            count += got;
            remaining -= Math.min(got, remaining);
        }
        return out;
    }

    /** Slots that fit on a ring of {@code radius} with adjacent ones at least {@code spacing} apart. */
    static int capacity(double radius, double spacing) {
        double half = spacing / 2 / radius;
        if (half >= 1) {
            return 1;
        }
        int cap = (int) Math.floor(Math.PI / Math.asin(half) + 1e-9);
        return Math.max(1, Math.min(MAX_SLOTS_PER_RING, cap));
    }

    private double[] ring(Player p, int island, GridMap map, double radius, int count, double phase) {
        double[] buf = new double[2 * count];
        int got = 0;
        for (int i = 0; i < count; i++) {
            double a = phase + 2 * Math.PI * i / count;
            double x = p.x + Math.cos(a) * radius;
            double z = p.z + Math.sin(a) * radius;
            if (valid(map, p, island, x, z)) {
                buf[2 * got] = x;
                buf[2 * got + 1] = z;
                got++;
            }
        }
        double[] out = new double[2 * got];
        System.arraycopy(buf, 0, out, 0, 2 * got);
        return out;
    }

    private static int islandOf(GridMap map, Player p) {
        int cell = map.cellAt(p.x, p.z);
        if (cell == GridMap.NO_CELL || !map.navGrid().openCell(cell)) {
            return 0;
        }
        return map.navGrid().island(cell);
    }

    /** Walkable, on the player's island and in line of sight from the player. */
    private boolean valid(GridMap map, Player p, int island, double x, double z) {
        if (island == 0) {
            return false;
        }
        int cell = map.cellAt(x, z);
        NavGrid grid = map.navGrid();
        return cell != GridMap.NO_CELL && grid.openCell(cell) && grid.island(cell) == island
                && planner.clearLine(map, p.x, p.z, x, z);
    }
}
