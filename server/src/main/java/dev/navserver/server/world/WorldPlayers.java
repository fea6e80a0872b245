package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A world's players: each session's own player (with its view), the players authority sessions manage by name, who
 * moved since the last planning pass, and the periodic {@code monsters} snapshots. Chase targets are found by name;
 * when two sessions use one name, the later one holds it. Tick thread only.
 */
public final class WorldPlayers {
    /** Outcome of {@link #managedPosition}. */
    public enum ManagedStatus { OK, NAME_TAKEN, STALE }

    private final World world;
    private final Set<Player> all = new LinkedHashSet<>();
    private final Map<String, Player> bySession = new HashMap<>();
    private final Map<String, Player> byName = new HashMap<>();
    private final List<String> authorities = new ArrayList<>();
    private final List<Player> moved = new ArrayList<>();

    WorldPlayers(World world) {
        this.world = world;
    }

    /**
     * A session joins: its own player, named {@code playerName}, with a view; an authority's view holds every monster
     * of the world at once. Its monsters spawn with its first position.
     */
    public void join(String sessionId, String playerName, boolean authority) {
        if (bySession.containsKey(sessionId)) {
            return;
        }
        Player p = new Player(sessionId, playerName, false, new ViewSet(sessionId, authority));
        bySession.put(sessionId, p);
        add(p);
        if (authority) {
            authorities.add(sessionId);
        }
        world.interest().joined(p.view, world.monsterList(), world.announce());
    }

    private void add(Player p) {
        all.add(p);
        byName.put(p.name, p);
    }

    /**
     * A session leaves: its own player and the players it managed leave the world (their chasers give up and go
     * home), the monsters spawned for its player become orphans (home, then despawned after
     * {@code chase.orphanDespawnSeconds}).
     */
    public void leave(String sessionId) {
        Player own = bySession.remove(sessionId);
        if (own == null) {
            return;
        }
        authorities.remove(sessionId);
        List<Player> gone = new ArrayList<>();
        for (Player p : all) {
            if (p.sessionId.equals(sessionId)) {
                gone.add(p);
            }
        }
        for (Player p : gone) {
            remove(p);
        }
        for (Monster m : world.monsterList()) {
            if (sessionId.equals(m.owner)) {
                m.owner = null;
                m.orphanSince = world.now();
            }
        }
    }

    private void remove(Player p) {
        for (Monster m : p.monsters) {
            PlanDispatcher.supersede(m); // its chasers give up at their next update: plans for it are stale
        }
        all.remove(p);
        if (byName.get(p.name) == p) {
            byName.remove(p.name);
        }
        moved.remove(p);
        p.moved = false;
        if (p.view != null) {
            p.view.clear();
        }
        Avoidance a = world.avoidance();
        if (a != null) {
            a.remove(p);
        }
    }

    /**
     * Records a session's own player's position (world metres). The first one spawns {@code monstersPerPlayer}
     * monsters that chase it (see {@link Spawner#autoSpawnCell}). Positions with a lower or equal {@code seq} than
     * the last one are ignored.
     *
     * @param arrivalNanos {@link System#nanoTime()} at which the position arrived (0 when unknown); carried to the
     *                     {@code nav_path}s planned from it
     * @return false when the position was stale (or the session unknown) and ignored
     */
    public boolean position(String sessionId, long seq, double x, double y, double z, long arrivalNanos) {
        Player p = bySession.get(sessionId);
        if (p == null || seq <= p.seq) {
            return false;
        }
        boolean first = !p.hasPos;
        move(p, seq, x, y, z, arrivalNanos);
        if (first) {
            p.nextSnapshotTime = world.now();
            GridMap map = world.map();
            for (int i = 0; i < world.settings().monstersPerPlayer(); i++) {
                int cell = world.spawner().autoSpawnCell(map, world.settings(), x, z);
                if (cell != GridMap.NO_CELL) {
                    world.life().spawnChaser(p, map.worldX(cell), map.worldZ(cell));
                }
            }
        }
        return true;
    }

    /**
     * Creates or moves a player an authority session manages ({@code player_pos} with {@code player}). Such players
     * aggro monsters and are chased like a session's own; they get no view and no automatic monsters.
     *
     * @return OK, or NAME_TAKEN when a connected session's player or another authority's holds the name
     */
    public ManagedStatus managedPosition(String sessionId, String playerName, double x, double y, double z,
            long arrivalNanos) {
        Player p = byName.get(playerName);
        if (p != null && (!p.managed || !p.sessionId.equals(sessionId))) {
            return ManagedStatus.NAME_TAKEN;
        }
        if (p == null) {
            p = new Player(sessionId, playerName, true, null);
            add(p);
        }
        move(p, p.seq + 1, x, y, z, arrivalNanos);
        return ManagedStatus.OK;
    }

    /** Removes a managed player ({@code player_leave}); false when this session manages none of that name. */
    public boolean managedLeave(String sessionId, String playerName) {
        Player p = byName.get(playerName);
        if (p == null || !p.managed || !p.sessionId.equals(sessionId)) {
            return false;
        }
        remove(p);
        return true;
    }

    private void move(Player p, long seq, double x, double y, double z, long arrivalNanos) {
        p.seq = seq;
        p.posArrivalNanos = arrivalNanos;
        p.x = x;
        p.y = y;
        p.z = z;
        p.hasPos = true;
        if (!p.moved) {
            p.moved = true;
            moved.add(p);
        }
    }

    /** Queues a {@code monsters} snapshot for every session player with a position whose period is due. */
    void queueSnapshots(double now) {
        double hz = world.settings().snapshotHz();
        if (hz <= 0) {
            return;
        }
        double period = 1.0 / hz;
        double y = world.map().transform().originY();
        for (Player p : all) {
            if (p.view == null || !p.hasPos || now < p.nextSnapshotTime) {
                continue;
            }
            p.nextSnapshotTime = Math.max(p.nextSnapshotTime + period, now);
            ViewSet view = p.view;
            int n = view.size();
            WorldEvent.MonsterView[] list = new WorldEvent.MonsterView[n];
            for (int k = 0; k < n; k++) {
                list[k] = view.member(k).snapshotView(now, y);
            }
            world.outbox().add(new WorldEvent.SnapshotDue(p.sessionId, Math.max(p.seq, 0), now, Arrays.asList(list)));
        }
    }

    /** Players whose position changed since the last call, each once; the caller clears the list when done. */
    List<Player> takeMoved() {
        for (Player p : moved) {
            p.moved = false;
        }
        return moved;
    }

    Player own(String sessionId) {
        return bySession.get(sessionId);
    }

    /** The player of that name (a session's own or a managed one), or null. */
    Player named(String playerName) {
        return byName.get(playerName);
    }

    boolean contains(Player p) {
        return all.contains(p);
    }

    /** Every player, in the order they joined. Live, unmodifiable. */
    Collection<Player> all() {
        return Collections.unmodifiableSet(all);
    }

    /** Authority sessions of the world, in the order they joined. Live, unmodifiable. */
    List<String> authorities() {
        return Collections.unmodifiableList(authorities);
    }
}
