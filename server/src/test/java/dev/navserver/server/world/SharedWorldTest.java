package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.world.file.RouteMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shared world, tick by tick with the real planner (synchronous): monsters belong to the map, every player near
 * them sees them, they aggro, leash, go home and despawn as orphans, and authorities command them.
 */
class SharedWorldTest {
    private static final double DT = 0.05;
    /**
     * 40 x 13 m, 1 m cells (x = col, z = -row). A wall splits the west room (cols 0..9) from the rest except for a
     * door at rows 11..12.
     */
    private static final GridMap MAP = AsciiMaps.parse(
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "..........#.............................",
            "........................................",
            "........................................");
    private static final MonsterKind WOLF = new MonsterKind("wolf", 4, 0.4, 8, 12, 1);

    private World world;
    private double now;
    private final List<String> notices = new ArrayList<>();
    private final List<WorldEvent> events = new ArrayList<>();

    private static Chase settings(int monstersPerPlayer) {
        return new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, monstersPerPlayer, true, 0, 3, 6, 0.4, 0.5, 8, 1.5);
    }

    @BeforeEach
    void setUp() {
        newWorld(0);
    }

    private void newWorld(int monstersPerPlayer) {
        world = new World("ascii", MAP, settings(monstersPerPlayer), new NavPlanner(SearchOptions.DEFAULT),
                Runnable::run, WorldMetrics.NONE, new Spawner(new SplittableRandom(7), new AtomicLong()::incrementAndGet),
                () -> { });
        world.setKinds(Map.of("wolf", WOLF));
        world.players().join("god", "god", true);
    }

    private void tick() {
        world.tick(now, DT);
        now += DT;
        world.outbox().drainTo(e -> {
            events.add(e);
            if (e instanceof WorldEvent.Notice n) {
                notices.add(n.monsterId() + " " + n.event() + (n.target() != null ? " " + n.target() : "")
                        + (n.route() != null ? " " + n.route() + "#" + n.index() : ""));
            }
        });
    }

    /** Ticks until the condition holds, at most {@code seconds} of world time; false if it never did. */
    private boolean tickUntil(double seconds, BooleanSupplier done) {
        double end = now + seconds;
        while (now < end) {
            tick();
            if (done.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    private long seq = 1;

    private void put(String session, double x, double z) {
        world.playerPos(session, seq++, x, 0, z);
    }

    private String spawnWolf(double x, double z, MonsterOrders.BaseSpec base) {
        MonsterOrders.Result r = world.orders().spawn("wolf", x, z, x, z, base);
        assertThat(r.ok()).as(r.message()).isTrue();
        return r.monsterId();
    }

    @Test
    void twoPlayersSideBySide_SeeTheSameMonster_AndBothGetItsPaths() {
        world.players().join("s-a", "alice", false);
        world.players().join("s-b", "bob", false);
        put("s-a", 20, -5);
        put("s-b", 21.5, -5);
        String m = spawnWolf(30, -5, new MonsterOrders.BaseSpec("wander", 3, null));
        tick();
        assertThat(world.inspect().viewOf("s-a")).containsExactly(m);
        assertThat(world.inspect().viewOf("s-b")).containsExactly(m);
        assertThat(world.inspect().viewOf("god")).containsExactly(m);
        assertThat(tickUntil(2, () -> events.stream().anyMatch(e -> e instanceof WorldEvent.NavPathReady))).isTrue();
        WorldEvent.NavPathReady path = (WorldEvent.NavPathReady) events.stream()
                .filter(e -> e instanceof WorldEvent.NavPathReady).findFirst().orElseThrow();
        assertThat(path.viewers()).containsExactlyInAnyOrder("god", "s-a", "s-b");
        assertThat(path.state()).isEqualTo("wander");
    }

    @Test
    void aggro_ChasesTheNearestVisiblePlayer_NotOneBehindAWall() {
        world.players().join("s-a", "alice", false);
        world.players().join("s-b", "bob", false);
        String m = spawnWolf(13, -3, MonsterOrders.BaseSpec.IDLE);
        put("s-a", 7, -3); // 6 m away, behind the wall
        tickUntil(1, () -> false);
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("idle");
        put("s-b", 19, -3); // 6 m away in the open
        assertThat(tickUntil(1, () -> "chase".equals(world.inspect().monsterWireState(m)) || "local".equals(
                world.inspect().monsterWireState(m)))).isTrue();
        assertThat(notices).containsExactly(m + " aggro bob");
    }

    @Test
    void leash_AChaseThatStaysBeyondTheLeash_GoesHomeIgnoringAggro_ThenResumesItsDefault() {
        world.players().join("s-a", "alice", false);
        String m = spawnWolf(20, -3, new MonsterOrders.BaseSpec("wander", 2, null));
        put("s-a", 25, -3);
        assertThat(tickUntil(1, () -> notices.contains(m + " aggro alice"))).isTrue();
        put("s-a", 39, -12); // runs away: the wolf follows beyond 12 m from home
        assertThat(tickUntil(10, () -> notices.contains(m + " leash alice"))).isTrue();
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("return_home");
        put("s-a", 22, -3); // comes back within aggro range: ignored on the way home
        assertThat(tickUntil(10, () -> notices.contains(m + " home"))).isTrue();
        assertThat(notices.subList(0, 3)).containsExactly(m + " aggro alice", m + " leash alice", m + " home");
        double[] at = world.inspect().monsterPosition(m);
        assertThat(Math.hypot(at[0] - 20, at[1] + 3)).isLessThan(1.0);
    }

    @Test
    void orphans_WhenTheirPlayerLeaves_GoHomeThenDespawnAfterTheDelay() {
        newWorld(2); // orphans despawn 1.5 s after their player left
        world.players().join("s-a", "alice", false);
        put("s-a", 30, -6);
        tick();
        List<String> mine = world.inspect().monstersOf("s-a");
        assertThat(mine).hasSize(2);
        tickUntil(1, () -> false);
        world.removePlayer("s-a");
        tick();
        assertThat(world.monsterCount()).isEqualTo(2);
        assertThat(tickUntil(3, () -> world.monsterCount() == 0)).isTrue();
        assertThat(notices).contains(mine.get(0) + " target_lost alice", mine.get(0) + " despawned",
                mine.get(1) + " despawned");
        assertThat(events).anyMatch(e -> e instanceof WorldEvent.MonsterLeft l && l.sessionId().equals("god")
                && l.reason().equals("despawned"));
    }

    @Test
    void patrol_WalksItsRouteAndAnnouncesEachWaypoint() {
        assertThat(world.orders().defineRoute(new Route("lane", new double[] {15, 25}, new double[] {-2, -2},
                RouteMode.PINGPONG, 0)).ok()).isTrue();
        String m = spawnWolf(15, -6, new MonsterOrders.BaseSpec("patrol", 0, "lane"));
        assertThat(tickUntil(12, () -> notices.size() >= 3)).isTrue();
        assertThat(notices.subList(0, 3)).containsExactly(m + " waypoint lane#0", m + " waypoint lane#1",
                m + " waypoint lane#0");
    }

    @Test
    void commands_RefuseUnknownNamesAndBadPositions_AndChangeNothing() {
        world.players().join("s-a", "alice", false);
        String m = spawnWolf(20, -3, MonsterOrders.BaseSpec.IDLE);
        MonsterOrders o = world.orders();
        assertThat(o.command("m-999", order("stop")).status()).isEqualTo(MonsterOrders.Status.UNKNOWN_MONSTER);
        assertThat(o.command(m, new MonsterOrders.Order("chase", "nobody", false, 0, 0, 0, 0, null, 0)).status())
                .isEqualTo(MonsterOrders.Status.UNKNOWN_TARGET);
        assertThat(o.command(m, new MonsterOrders.Order("patrol", null, false, 0, 0, 0, 0, "nowhere", 0)).status())
                .isEqualTo(MonsterOrders.Status.UNKNOWN_ROUTE);
        assertThat(o.command(m, new MonsterOrders.Order("move_to", null, true, 10, -3, 0, 0, null, 0)).status())
                .as("a wall cell").isEqualTo(MonsterOrders.Status.BLOCKED);
        assertThat(o.command(m, new MonsterOrders.Order("teleport", null, true, 500, 0, 0, 0, null, 0)).status())
                .isEqualTo(MonsterOrders.Status.OUT_OF_BOUNDS);
        assertThat(o.command(m, order("dance")).status()).isEqualTo(MonsterOrders.Status.BAD_FIELD);
        assertThat(o.spawn("dragon", 20, -3, 20, -3, MonsterOrders.BaseSpec.IDLE).status())
                .isEqualTo(MonsterOrders.Status.UNKNOWN_KIND);
        assertThat(o.defineRoute(new Route("r", new double[] {1, 10}, new double[] {-1, -1}, RouteMode.LOOP, 0))
                .status()).isEqualTo(MonsterOrders.Status.BLOCKED);
        assertThat(world.route("r")).isNull();
        tick();
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("idle");
        assertThat(world.inspect().monsterPosition(m)).containsExactly(20, -3);
    }

    @Test
    void moveTo_WalksThereAndTellsTheAuthority_ThenTheDefaultResumes() {
        String m = spawnWolf(5, -3, MonsterOrders.BaseSpec.IDLE);
        assertThat(world.orders().command(m, new MonsterOrders.Order("move_to", null, true, 20, -3, 0, 0, null, 0))
                .ok()).isTrue();
        tick();
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("move_to");
        assertThat(tickUntil(15, () -> notices.contains(m + " arrived"))).as("walks round the wall").isTrue();
        tick();
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("idle");
        assertThat(events).anyMatch(e -> e instanceof WorldEvent.StateChanged s && s.monsterId().equals(m)
                && s.state().equals("move_to"));
    }

    @Test
    void mapReload_RemovesRoutesWithBlockedPoints_AndTheirPatrolsStandIdle() {
        assertThat(world.orders().defineRoute(new Route("lane", new double[] {15, 25}, new double[] {-2, -2},
                RouteMode.LOOP, 0)).ok()).isTrue();
        String m = spawnWolf(15, -6, new MonsterOrders.BaseSpec("patrol", 0, "lane"));
        tick();
        String[] rows = new String[13];
        for (int r = 0; r < 13; r++) {
            rows[r] = r == 2 ? "...............##########..............." : "........................................";
        }
        assertThat(world.setMap(AsciiMaps.parse(rows))).containsExactly("lane");
        tick();
        assertThat(world.inspect().monsterWireState(m)).isEqualTo("idle");
    }

    @Test
    void mapReload_AMonsterMovedOffANowBlockedCell_LeavesTheViewsItIsNowOutOf_OthersStay() {
        world.setInterest(10, 1);
        world.players().join("s-a", "alice", false);
        put("s-a", 28, -3);
        String walledIn = spawnIdle(20, -3); // 8 m from alice
        String near = spawnIdle(31, -3); // 3 m
        tick();
        assertThat(world.inspect().viewOf("s-a")).containsExactly(walledIn, near);
        String[] rows = new String[13];
        for (int r = 0; r < 13; r++) {
            // columns 12..30 blocked on every row but the last: the monster at (20, -3) moves to the nearest open cell
            StringBuilder b = new StringBuilder("........................................");
            if (r < 12) {
                for (int c = 12; c <= 30; c++) {
                    b.setCharAt(c, '#');
                }
            }
            rows[r] = b.toString();
        }
        world.setMap(AsciiMaps.parse(rows));
        double[] moved = world.inspect().monsterPosition(walledIn);
        assertThat(Math.hypot(moved[0] - 28, moved[1] + 3)).as("moved beyond radius + hysteresis").isGreaterThan(11);
        tick();
        tick();
        assertThat(world.inspect().viewOf("s-a")).containsExactly(near);
        assertThat(events).anyMatch(e -> e instanceof WorldEvent.MonsterLeft l && l.monsterId().equals(walledIn)
                && l.sessionId().equals("s-a") && l.reason().equals("out_of_range"));
    }

    private String spawnIdle(double x, double z) {
        MonsterOrders.Result r = world.orders().spawn("default", x, z, x, z, MonsterOrders.BaseSpec.IDLE);
        assertThat(r.ok()).as(r.message()).isTrue();
        return r.monsterId();
    }

    private static MonsterOrders.Order order(String command) {
        return new MonsterOrders.Order(command, null, false, 0, 0, 0, 0, null, 0);
    }
}
