package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import dev.navserver.server.world.file.RouteMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link World#view} copies for the live viewer from a real world ticked with the real planner: each monster's
 * kind, wire state, target name, home and default behaviour, the world's routes, and unique ids for the players an
 * authority manages.
 */
class WorldViewTest {
    private static final double DT = 0.05;
    /** 30 x 9 m, 1 m cells (x = col, z = -row), all open. */
    private static final GridMap MAP = AsciiMaps.parse(
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................");
    private static final MonsterKind WOLF = new MonsterKind("wolf", 4, 0.4, 6, 12, 1);
    private static final MonsterKind SHEEP = new MonsterKind("sheep", 1, 0.3, 0, 0, 1);

    private World world;
    private double now;
    private long seq = 1;

    @BeforeEach
    void setUp() {
        world = new World("ascii", MAP, new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 3, 6, 0.4, 0.5, 8, 1.5),
                new NavPlanner(SearchOptions.DEFAULT), Runnable::run, WorldMetrics.NONE,
                new Spawner(new SplittableRandom(7), new AtomicLong()::incrementAndGet), () -> { });
        world.setKinds(Map.of("wolf", WOLF, "sheep", SHEEP));
        world.players().join("god", "god", true);
    }

    private void tick(int n) {
        for (int i = 0; i < n; i++) {
            world.tick(now, DT);
            now += DT;
            world.outbox().drainTo(e -> { });
        }
    }

    private String spawn(String kind, double x, double z, MonsterOrders.BaseSpec base) {
        MonsterOrders.Result r = world.orders().spawn(kind, x, z, x, z, base);
        assertThat(r.ok()).as(r.message()).isTrue();
        return r.monsterId();
    }

    private static Map<String, Integer> byId(WorldView v) {
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < v.monsterCount(); i++) {
            idx.put(v.monsterId(i), i);
        }
        return idx;
    }

    @Test
    void aChasingWolfAPatrollingWolfAndAWanderingSheep_AreCopiedWithKindStateTargetHomeAndBehaviour() {
        assertThat(world.orders().defineRoute(new Route("lane", new double[] {2, 8}, new double[] {-1, -1},
                RouteMode.LOOP, 0)).ok()).isTrue();
        assertThat(world.orders().defineRoute(new Route("east", new double[] {20, 28}, new double[] {-7, -7},
                RouteMode.ONCE, 1)).ok()).isTrue();
        world.players().join("s-a", "alice", false);
        world.playerPos("s-a", seq++, 20, 0, -4);
        String chaser = spawn("wolf", 24, -4, MonsterOrders.BaseSpec.IDLE); // alice is 4 m away: aggro
        String patrol = spawn("wolf", 2, -1, new MonsterOrders.BaseSpec("patrol", 0, "lane"));
        String sheep = spawn("sheep", 10, -6, new MonsterOrders.BaseSpec("wander", 3, null));
        tick(20);

        WorldView v = world.view(m -> 1);
        Map<String, Integer> at = byId(v);
        int c = at.get(chaser);
        assertThat(v.kind(c)).isEqualTo(WOLF);
        assertThat(v.wireState(c)).isIn("chase", "local");
        assertThat(v.target(c)).isEqualTo("alice");
        assertThat(v.monsterPlayer(c)).isEqualTo("s-a");
        assertThat(new double[] {v.homeX(c), v.homeZ(c)}).containsExactly(24, -4);
        assertThat(v.behaviour(c)).isEqualTo("idle");
        assertThat(v.patrolRoute(c)).isNull();

        int p = at.get(patrol);
        assertThat(v.wireState(p)).isEqualTo("patrol");
        assertThat(v.target(p)).isNull();
        assertThat(v.monsterPlayer(p)).isNull();
        assertThat(v.behaviour(p)).isEqualTo("patrol");
        assertThat(v.patrolRoute(p)).isEqualTo("lane");
        assertThat(v.wanderRadius(p)).isNaN();

        int s = at.get(sheep);
        assertThat(v.kind(s)).isEqualTo(SHEEP);
        assertThat(v.wireState(s)).isEqualTo("wander");
        assertThat(v.behaviour(s)).isEqualTo("wander");
        assertThat(v.wanderRadius(s)).isEqualTo(3);
        assertThat(new double[] {v.homeX(s), v.homeZ(s)}).containsExactly(10, -6);

        List<String> routes = new ArrayList<>();
        for (int i = 0; i < v.routeCount(); i++) {
            routes.add(v.route(i).name());
        }
        assertThat(routes).as("by name").containsExactly("east", "lane");
        assertThat(v.route(1).mode()).isEqualTo(RouteMode.LOOP);
    }

    @Test
    void aCommandThatChangesTheDefaultBehaviour_ShowsInTheNextView() {
        String m = spawn("wolf", 5, -5, MonsterOrders.BaseSpec.IDLE);
        tick(1);
        assertThat(world.view(x -> 1).behaviour(0)).isEqualTo("idle");
        assertThat(world.orders().command(m, new MonsterOrders.Order("wander", null, false, 0, 0, 0, 0, null, 4))
                .ok()).isTrue();
        tick(1);
        WorldView v = world.view(x -> 1);
        assertThat(v.behaviour(0)).isEqualTo("wander");
        assertThat(v.wanderRadius(0)).isEqualTo(4);
        assertThat(v.wireState(0)).isEqualTo("wander");
    }

    @Test
    void playersAnAuthorityManages_GetIdsOfTheirOwn_AndKeepTheirNames() {
        world.players().join("s-a", "alice", false);
        world.playerPos("s-a", seq++, 3, 0, -3);
        assertThat(world.players().managedPosition("god", "carol", 6, 0, -3, 0))
                .isEqualTo(WorldPlayers.ManagedStatus.OK);
        assertThat(world.players().managedPosition("god", "dave", 9, 0, -3, 0))
                .isEqualTo(WorldPlayers.ManagedStatus.OK);
        WorldView v = world.view(x -> 1);
        Map<String, String> names = new HashMap<>();
        for (int i = 0; i < v.playerCount(); i++) {
            names.put(v.playerId(i), v.playerName(i));
        }
        assertThat(names).containsExactlyInAnyOrderEntriesOf(
                Map.of("s-a", "alice", "god/carol", "carol", "god/dave", "dave"));
    }
}
