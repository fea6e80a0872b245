package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.nav.search.SearchStatus;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Runs a world's monsters' behaviours: each tick the behaviour in charge steps ({@link Behaviour#update}), default
 * behaviours of aggressive kinds look for players to chase, orphans go home and despawn. It is the {@link Brain}
 * behaviours steer through. Tick thread only.
 */
final class MonsterBrain implements Brain {
    /** Aggro checks are spread over this many ticks: each monster looks once per that many ticks. */
    static final int AGGRO_EVERY_TICKS = 4;
    /** Random points tried by {@link #randomPointNear}. */
    static final int POINT_TRIES = 16;

    /** Side of the player buckets aggro looks in, metres. */
    static final double BUCKET_METERS = 16;

    private final World world;
    private final XzBuckets<Player> buckets = new XzBuckets<>(BUCKET_METERS);
    private final RandomGenerator random;
    private long ticks;

    MonsterBrain(World world, RandomGenerator random) {
        this.world = world;
        this.random = random;
    }

    /** One tick of every monster's behaviour, aggro and orphan clock. */
    void tick() {
        ticks++;
        bucketPlayers();
        double despawnAfter = world.settings().orphanDespawnSeconds();
        for (Monster m : world.monsterList()) {
            Behaviour cur = m.current();
            Behaviour next = cur.update(m, this);
            if (m.active == cur && next != cur) {
                setActive(m, next);
            }
            if (m.active == null && m.kind.aggroes() && (m.serial + ticks) % AGGRO_EVERY_TICKS == 0) {
                Player p = aggroTarget(m);
                if (p != null) {
                    setActive(m, new ChasePlayer(p));
                    event(m, "aggro", p.name, null, -1);
                }
            }
            if (!Double.isNaN(m.orphanSince) && now() - m.orphanSince >= despawnAfter) {
                world.life().despawnLater(m);
            }
        }
    }

    /** Replaces the active behaviour ({@code null}: the default one resumes). */
    void setActive(Monster m, Behaviour next) {
        if (m.active != null) {
            m.active.stop(m, this);
        }
        m.active = next;
        (next != null ? next : m.base).start(m, this);
    }

    /** Replaces the default behaviour and ends the active one. */
    void setBase(Monster m, Behaviour base) {
        if (m.active != null) {
            m.active.stop(m, this);
            m.active = null;
        }
        m.base.stop(m, this);
        m.base = base;
        base.start(m, this);
    }

    /**
     * The nearest player within the monster's aggro radius that has a position, stands on its island and is in
     * clear sight (a clear line on the grid); null when none.
     */
    private Player aggroTarget(Monster m) {
        GridMap map = world.map();
        double r = m.kind.aggroRadiusMeters();
        Player best = null;
        double bestD = r;
        int island = islandAt(map, m.x, m.z);
        if (island == 0) {
            return null;
        }
        long cx0 = buckets.cell(m.x - r);
        long cx1 = buckets.cell(m.x + r);
        long cz0 = buckets.cell(m.z - r);
        long cz1 = buckets.cell(m.z + r);
        for (long cx = cx0; cx <= cx1; cx++) {
            for (long cz = cz0; cz <= cz1; cz++) {
                List<Player> bucket = buckets.get(cx, cz);
                if (bucket == null) {
                    continue;
                }
                for (Player p : bucket) {
                    double d = MonsterMover.distance(p.x - m.x, p.z - m.z);
                    if (d > bestD || islandAt(map, p.x, p.z) != island) {
                        continue;
                    }
                    if (world.planner().clearLine(map, m.x, m.z, p.x, p.z)) {
                        best = p;
                        bestD = d;
                    }
                }
            }
        }
        return best;
    }

    /** Buckets the players with a position on a square grid of {@value #BUCKET_METERS} m cells, for aggro. */
    private void bucketPlayers() {
        buckets.clear(world.playerList().size());
        for (Player p : world.playerList()) {
            if (p.hasPos) {
                buckets.add(p.x, p.z, p);
            }
        }
    }

    private static int islandAt(GridMap map, double x, double z) {
        int cell = map.cellAt(x, z);
        return cell == GridMap.NO_CELL ? 0 : map.navGrid().island(cell);
    }

    @Override
    public double now() {
        return world.now();
    }

    @Override
    public double random() {
        return random.nextDouble();
    }

    @Override
    public double moveThresholdMeters() {
        return world.settings().moveThresholdMeters();
    }

    @Override
    public double navIntervalSeconds() {
        return world.settings().navIntervalSeconds();
    }

    @Override
    public void walkTo(Monster m, double x, double z) {
        m.hasGoal = true;
        m.goalX = x;
        m.goalZ = z;
        PlanDispatcher.supersede(m);
        m.state = m.path == null ? MonsterState.IDLE : MonsterState.REPLAN;
    }

    @Override
    public void standStill(Monster m) {
        boolean moving = m.state.following();
        m.hasGoal = false;
        PlanDispatcher.supersede(m);
        m.state = MonsterState.IDLE;
        if (moving) {
            world.announce().path(m, WorldPath.of(SearchStatus.FOUND,
                    new double[] {m.x, world.map().transform().originY(), m.z}, 0), -1, 0);
        }
    }

    @Override
    public void startChase(Monster m, Player target) {
        m.hasGoal = false;
        m.target = target;
        target.monsters.add(m);
        PlanDispatcher.supersede(m);
        m.state = m.path == null ? MonsterState.IDLE : MonsterState.REPLAN;
        m.lastPlanTime = Double.NEGATIVE_INFINITY;
        if (target.view != null && target.view.add(m)) {
            world.announce().entered(target.view, m); // its player hears of it before its first path
        }
    }

    @Override
    public void stopChase(Monster m) {
        Player p = m.target;
        if (p == null) {
            return;
        }
        if (m.state.local()) {
            world.outbox().add(new WorldEvent.LocalNavChanged(p.sessionId, m.id, false));
        }
        SurroundSlots.release(m);
        p.monsters.remove(m);
        m.target = null;
        PlanDispatcher.supersede(m);
        m.state = MonsterState.REPLAN;
    }

    @Override
    public boolean reached(Monster m) {
        return m.hasGoal && !PlanDispatcher.inFlight(m)
                && (m.state == MonsterState.ARRIVED || m.state == MonsterState.UNREACHABLE);
    }

    @Override
    public boolean reachedGoal(Monster m) {
        return reached(m) && m.state == MonsterState.ARRIVED;
    }

    @Override
    public boolean present(Player p) {
        return world.hasPlayer(p);
    }

    @Override
    public Route route(String name) {
        return world.route(name);
    }

    @Override
    public double[] randomPointNear(Monster m, double cx, double cz, double radius) {
        GridMap map = world.map();
        NavGrid grid = map.navGrid();
        int island = islandAt(map, m.x, m.z);
        for (int i = 0; i < POINT_TRIES; i++) {
            double a = random.nextDouble() * 2 * Math.PI;
            double d = radius * Math.sqrt(random.nextDouble());
            int cell = map.cellAt(cx + Math.cos(a) * d, cz + Math.sin(a) * d);
            if (cell != GridMap.NO_CELL && grid.openCell(cell) && (island == 0 || grid.island(cell) == island)) {
                return new double[] {map.worldX(cell), map.worldZ(cell)};
            }
        }
        return null;
    }

    @Override
    public double[] walkablePointNear(Monster m, double x, double z) {
        GridMap map = world.map();
        int cell = Spawner.nearestWalkable(map, x, z, islandAt(map, m.x, m.z));
        return cell == GridMap.NO_CELL ? null : new double[] {map.worldX(cell), map.worldZ(cell)};
    }

    @Override
    public void event(Monster m, String event, String target, String route, int index) {
        world.announce().notice(m, event, target, route, index);
    }
}
