package dev.navserver.server.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.world.MonsterKind;
import dev.navserver.server.world.MonsterState;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.WorldView;
import dev.navserver.server.world.WorldView.MonsterRow;
import dev.navserver.server.world.WorldView.PlayerRow;
import dev.navserver.server.world.file.RouteMode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewDeltaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final WorldPath PATH_A = WorldPath.of(SearchStatus.FOUND, new double[] {4.1, 0, 2.9, 1.5, 0, 2}, 12);
    private static final WorldPath PATH_B = WorldPath.of(SearchStatus.PARTIAL, new double[] {4.2, 0, 2.8, 3, 0, 2}, 40);

    private static MonsterRow monster(String id, double x, double z, WorldPath path) {
        return new MonsterRow(id, "s1", x, z, MonsterState.CHASE, 12.1, 40, path, path == null ? WorldView.NONE : 1,
                5);
    }

    private static ViewFrame frame(long n, List<PlayerRow> players, List<MonsterRow> monsters) {
        return frame(n, players, monsters, List.of());
    }

    private static ViewFrame frame(long n, List<PlayerRow> players, List<MonsterRow> monsters, List<Route> routes) {
        return new ViewFrame("arena", 1, n, n / 10.0, ViewStats.ZERO, 3, 1, WorldView.of(players, monsters, routes),
                List.of());
    }

    private static final MonsterKind WOLF = new MonsterKind("wolf", 3.5, 0.5, 8, 25, 4);
    private static final MonsterKind GUARD = new MonsterKind("guard", 2.5, 0.5, 6, 15, 3);
    private static final Route LANE = new Route("lane_top", new double[] {-20, 0, 20}, new double[] {27, 27, 20},
            RouteMode.PINGPONG, 1.5);
    private static final Route RING = new Route("b_ring", new double[] {1, 2}, new double[] {3, 4}, RouteMode.LOOP, 0);

    /** A world monster of kind {@code kind}, home at (-10, 5), chasing the session {@code "s-" + target} if any. */
    private static MonsterRow wolf(String id, double x, double z, MonsterKind kind, String wireState, String target,
            String behaviour, String route, double wanderRadius) {
        return new MonsterRow(id, target == null ? null : "s-" + target, x, z,
                target == null ? MonsterState.IDLE : MonsterState.CHASE, Double.NaN, WorldView.NONE, null,
                WorldView.NONE, 0, kind, wireState, target, -10, 5, behaviour, route, wanderRadius);
    }

    private static MonsterRow patrolling(String id, double x, double z) {
        return wolf(id, x, z, WOLF, "patrol", null, "patrol", "lane_top", Double.NaN);
    }

    private static List<String> ids(ViewFrame f, int[] indices) {
        List<String> out = new ArrayList<>();
        for (int i : indices) {
            out.add(f.world().monsterId(i));
        }
        return out;
    }

    @Test
    void monsterThatOnlyWalked_IsInMovedOnly() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 4.1, 2.9, PATH_A), monster("m2", 0, 0, PATH_A)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m1", 4.2, 2.8, PATH_A), monster("m2", 0, 0, PATH_A)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(ids(b, d.moved())).containsExactly("m1");
        assertThat(d.monsters()).isEmpty();
        assertThat(d.paths()).isEmpty();
        assertThat(d.monstersGone()).isEmpty();
    }

    @Test
    void subMillimetreJitter_IsNoChange() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 4.1, 2.9, PATH_A)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m1", 4.1000004, 2.9000001, PATH_A)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(d.moved()).isEmpty();
        assertThat(d.monsters()).isEmpty();
    }

    @Test
    void monsterWithNewPathAndState_IsInMonstersAndPathsNotMoved() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 4.1, 2.9, PATH_A)));
        MonsterRow changed = new MonsterRow("m1", "s1", 4.2, 2.8, MonsterState.UNREACHABLE, 12.6, 41, PATH_B, 1, 6);
        ViewFrame b = frame(2, List.of(), List.of(changed));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(ids(b, d.monsters())).containsExactly("m1");
        assertThat(ids(b, d.paths())).containsExactly("m1");
        assertThat(d.moved()).isEmpty();
    }

    @Test
    void spawnedAndDespawnedMonsters_AreNewInMonstersAndPathsAndGoneInBothGoneLists() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 1, 1, PATH_A), monster("m2", 2, 2, PATH_A),
                monster("m3", 3, 3, null)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m1", 1, 1, PATH_A), monster("m3", 3, 3, null),
                monster("m4", 4, 4, PATH_B)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(ids(b, d.monsters())).containsExactly("m4");
        assertThat(ids(b, d.paths())).containsExactly("m4");
        assertThat(d.monstersGone()).containsExactly("m2");
        assertThat(d.pathsGone()).containsExactly("m2");
        assertThat(d.moved()).isEmpty();
    }

    @Test
    void reorderedMonsters_AreMatchedById() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 1, 1, PATH_A), monster("m2", 2, 2, PATH_A)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m2", 2, 2, PATH_A), monster("m1", 1, 1.5, PATH_A)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(ids(b, d.moved())).containsExactly("m1");
        assertThat(d.monsters()).isEmpty();
        assertThat(d.monstersGone()).isEmpty();
    }

    @Test
    void pathDropped_IsInPathsGoneAndRecordChanged() {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 1, 1, PATH_A)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m1", 1, 1, null)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(d.pathsGone()).containsExactly("m1");
        assertThat(ids(b, d.monsters())).containsExactly("m1");
    }

    @Test
    void playersMovedJoinedAndLeft_AreInPlayersAndPlayersGone() {
        ViewFrame a = frame(1, List.of(new PlayerRow("s1", 1, 0, 2, 41), new PlayerRow("s2", 5, 0, 5, 7),
                new PlayerRow("s3", 9, 0, 9, 1)), List.of());
        ViewFrame b = frame(2, List.of(new PlayerRow("s1", 1.5, 0, 2, 42), new PlayerRow("s2", 5, 0, 5, 7),
                new PlayerRow("s4", 0, 0, 0, 0)), List.of());
        ViewDelta d = ViewDelta.between(a, b);
        List<String> changed = new ArrayList<>();
        for (int i : d.players()) {
            changed.add(b.world().playerId(i));
        }
        assertThat(changed).containsExactly("s1", "s4");
        assertThat(d.playersGone()).containsExactly("s3");
    }

    @Test
    void skippedFrames_AreFoldedIntoTheDeltaAgainstTheLastFrameSent() {
        ViewFrame sent = frame(1, List.of(), List.of(monster("m1", 0, 0, PATH_A), monster("m2", 0, 0, PATH_A)));
        // frame 2 (never sent): m1 walked, m2 despawned; frame 3: m1 walked back, m5 spawned
        ViewFrame f3 = frame(3, List.of(), List.of(monster("m1", 0, 0, PATH_A), monster("m5", 1, 1, null)));
        ViewDelta d = ViewDelta.between(sent, f3);
        assertThat(d.moved()).isEmpty();
        assertThat(ids(f3, d.monsters())).containsExactly("m5");
        assertThat(d.monstersGone()).containsExactly("m2");
    }

    @Test
    void deltaJson_LeavesEmptyListsOutAndRoundsToMillimetres() throws Exception {
        ViewFrame a = frame(1, List.of(), List.of(monster("m1", 4.1, 2.9, PATH_A)));
        ViewFrame b = frame(2, List.of(), List.of(monster("m1", 4.20049, 2.79951, PATH_A)));
        JsonNode n = json(g -> ViewJson.delta(g, b, ViewDelta.between(a, b)));
        List<String> keys = new ArrayList<>();
        n.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("type", "map", "version", "frame", "time", "stats", "moved");
        assertThat(n.get("moved").toString()).isEqualTo("[[\"m1\",4.2,2.8]]");
        assertThat(n.get("type").asText()).isEqualTo("delta");
        assertThat(n.get("frame").asLong()).isEqualTo(2);
    }

    @Test
    void fullJson_CarriesEveryRecordPathSettingsAndEmptyEdits() throws Exception {
        ViewFrame f = frame(7, List.of(new PlayerRow("s1", 1.5, 0, 2, 42)), List.of(monster("m1", 4.1, 2.9, PATH_A),
                new MonsterRow("m2", "s1", 0, 0, MonsterState.IDLE, Double.NaN, WorldView.NONE, null, WorldView.NONE,
                        0)));
        JsonNode n = json(g -> ViewJson.full(g, f));
        assertThat(n.get("type").asText()).isEqualTo("full");
        assertThat(n.get("settings").get("localNavDistanceMeters").asDouble()).isEqualTo(3.0);
        assertThat(n.get("players").get(0).toString())
                .isEqualTo("{\"id\":\"s1\",\"x\":1.5,\"y\":0.0,\"z\":2.0,\"seq\":42,\"name\":\"s1\"}");
        assertThat(n.get("monsters").get(0).toString()).isEqualTo("{\"id\":\"m1\",\"player\":\"s1\",\"x\":4.1,"
                + "\"z\":2.9,\"state\":\"chase\",\"detail\":\"CHASE\",\"lastPlan\":12.1,\"playerSeq\":40,"
                + "\"status\":\"found\",\"expansions\":12,\"mapVersion\":1,\"pathSeq\":5,\"kind\":\"default\","
                + "\"target\":\"s1\",\"home\":[0.0,0.0],\"radiusMeters\":0.0,\"aggroRadiusMeters\":0.0,"
                + "\"leashRadiusMeters\":0.0,\"behaviour\":\"idle\",\"route\":null,\"wanderRadiusMeters\":null}");
        JsonNode m2 = n.get("monsters").get(1);
        assertThat(Arrays.asList(m2.get("lastPlan").isNull(), m2.get("playerSeq").isNull(), m2.get("status").isNull(),
                m2.get("expansions").isNull(), m2.get("mapVersion").isNull())).containsOnly(true);
        assertThat(n.get("paths").toString()).isEqualTo("{\"m1\":[[4.1,0.0,2.9],[1.5,0.0,2.0]]}");
        assertThat(n.get("edits").isArray()).isTrue();
        assertThat(n.get("edits")).isEmpty();
    }

    @Test
    void fullJson_CarriesKindWireStateTargetHomeRadiiBehaviourAndTheMapsRoutesByName() throws Exception {
        ViewFrame f = frame(3, List.of(new PlayerRow("s-alice", 1, 0, 2, 9, "alice")), List.of(
                wolf("m1", 4.1, 2.9, WOLF, "chase", "alice", "patrol", "lane_top", Double.NaN),
                wolf("m2", 0, 0, GUARD, "wander", null, "wander", null, 6)), List.of(LANE, RING));
        JsonNode n = json(g -> ViewJson.full(g, f));
        assertThat(n.get("players").get(0).get("name").asText()).isEqualTo("alice");
        JsonNode m1 = n.get("monsters").get(0);
        assertThat(m1.get("kind").asText()).isEqualTo("wolf");
        assertThat(m1.get("state").asText()).isEqualTo("chase");
        assertThat(m1.get("target").asText()).isEqualTo("alice");
        assertThat(m1.get("player").asText()).isEqualTo("s-alice");
        assertThat(m1.get("home").toString()).isEqualTo("[-10.0,5.0]");
        assertThat(m1.get("radiusMeters").asDouble()).isEqualTo(0.5);
        assertThat(m1.get("aggroRadiusMeters").asDouble()).isEqualTo(8.0);
        assertThat(m1.get("leashRadiusMeters").asDouble()).isEqualTo(25.0);
        assertThat(m1.get("behaviour").asText()).isEqualTo("patrol");
        assertThat(m1.get("route").asText()).isEqualTo("lane_top");
        assertThat(m1.get("wanderRadiusMeters").isNull()).isTrue();
        JsonNode m2 = n.get("monsters").get(1);
        assertThat(m2.get("state").asText()).isEqualTo("wander");
        assertThat(Arrays.asList(m2.get("target").isNull(), m2.get("player").isNull(), m2.get("route").isNull()))
                .containsOnly(true);
        assertThat(m2.get("kind").asText()).isEqualTo("guard");
        assertThat(m2.get("wanderRadiusMeters").asDouble()).isEqualTo(6.0);
        assertThat(n.get("routes").toString()).isEqualTo("[{\"name\":\"b_ring\",\"mode\":\"loop\",\"waitSeconds\":0.0,"
                + "\"points\":[[1.0,3.0],[2.0,4.0]]},{\"name\":\"lane_top\",\"mode\":\"pingpong\",\"waitSeconds\":1.5,"
                + "\"points\":[[-20.0,27.0],[0.0,27.0],[20.0,20.0]]}]");
    }

    @Test
    void fullJson_WithoutRoutes_CarriesAnEmptyRouteList() throws Exception {
        JsonNode n = json(g -> ViewJson.full(g, frame(1, List.of(), List.of())));
        assertThat(n.get("routes").isArray()).isTrue();
        assertThat(n.get("routes")).isEmpty();
    }

    @Test
    void monstersThatChaseNobody_AndOnlyWalked_AreInMovedOnly() {
        ViewFrame a = frame(1, List.of(), List.of(patrolling("m1", 0, 0), patrolling("m2", 5, 5)));
        ViewFrame b = frame(2, List.of(), List.of(patrolling("m1", 0.5, 0), patrolling("m2", 5, 5)));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(ids(b, d.moved())).containsExactly("m1");
        assertThat(d.monsters()).isEmpty();
    }

    @Test
    void wireStateTargetKindOrDefaultBehaviourChanged_PutsTheMonsterInMonsters() {
        ViewFrame a = frame(1, List.of(), List.of(patrolling("m1", 0, 0)));
        List<MonsterRow> changes = List.of(
                wolf("m1", 0, 0, WOLF, "return_home", null, "patrol", "lane_top", Double.NaN),
                wolf("m1", 0, 0, WOLF, "chase", "alice", "patrol", "lane_top", Double.NaN),
                wolf("m1", 0, 0, WOLF, "follow", "alice", "patrol", "lane_top", Double.NaN),
                wolf("m1", 0, 0, GUARD, "patrol", null, "patrol", "lane_top", Double.NaN),
                wolf("m1", 0, 0, WOLF, "patrol", null, "patrol", "b_ring", Double.NaN),
                wolf("m1", 0, 0, WOLF, "wander", null, "wander", null, 6),
                wolf("m1", 0, 0, WOLF, "idle", null, "idle", null, Double.NaN));
        for (MonsterRow changed : changes) {
            ViewFrame b = frame(2, List.of(), List.of(changed));
            ViewDelta d = ViewDelta.between(a, b);
            assertThat(ids(b, d.monsters())).as("%s", changed).containsExactly("m1");
            assertThat(d.moved()).isEmpty();
        }
        ViewFrame wandering = frame(2, List.of(), List.of(wolf("m1", 0, 0, WOLF, "wander", null, "wander", null, 6)));
        ViewFrame wider = frame(3, List.of(), List.of(wolf("m1", 0, 0, WOLF, "wander", null, "wander", null, 9)));
        assertThat(ids(wider, ViewDelta.between(wandering, wider).monsters())).as("wander radius")
                .containsExactly("m1");
    }

    @Test
    void routesDefinedReplacedAndRemoved_AreInRoutesAndRoutesGone_UnchangedOnesNot() throws Exception {
        Route old = new Route("old", new double[] {0, 1}, new double[] {0, 0}, RouteMode.ONCE, 0);
        Route ring2 = new Route("b_ring", new double[] {1, 5}, new double[] {3, 4}, RouteMode.LOOP, 2);
        Route fresh = new Route("c", new double[] {0, 0}, new double[] {0, 9}, RouteMode.LOOP, 0);
        ViewFrame a = frame(1, List.of(), List.of(), List.of(LANE, RING, old));
        ViewFrame b = frame(2, List.of(), List.of(), List.of(fresh, LANE, ring2));
        ViewDelta d = ViewDelta.between(a, b);
        assertThat(d.routes()).containsExactly(ring2, fresh);
        assertThat(d.routesGone()).containsExactly("old");
        JsonNode n = json(g -> ViewJson.delta(g, b, d));
        assertThat(n.get("routes")).extracting(r -> r.get("name").asText()).containsExactly("b_ring", "c");
        assertThat(n.get("routes").get(0).get("points").toString()).isEqualTo("[[1.0,3.0],[5.0,4.0]]");
        assertThat(n.get("routesGone").toString()).isEqualTo("[\"old\"]");

        ViewFrame same = frame(3, List.of(), List.of(), List.of(fresh, LANE, ring2));
        ViewDelta none = ViewDelta.between(b, same);
        assertThat(none.routes()).isEmpty();
        assertThat(none.routesGone()).isEmpty();
        assertThat(json(g -> ViewJson.delta(g, same, none)).has("routes")).isFalse();
    }

    @Test
    void millimetreFormat_MatchesTheRoundedDecimal() {
        char[] buf = new char[24];
        long[] cases = {0, 4100, 4000, -5, 12345, -2_800, 1_000_001, 999, -999_999_999_999L};
        String[] expected = {"0.0", "4.1", "4.0", "-0.005", "12.345", "-2.8", "1000.001", "0.999", "-999999999.999"};
        for (int i = 0; i < cases.length; i++) {
            assertThat(new String(buf, 0, ViewJson.formatMilli(cases[i], buf))).isEqualTo(expected[i]);
        }
    }

    private static JsonNode json(ViewJson.Body body) throws Exception {
        ByteBuf buf = ViewJson.write(UnpooledByteBufAllocator.DEFAULT, body);
        try {
            return JSON.readTree(buf.toString(StandardCharsets.UTF_8));
        } finally {
            buf.release();
        }
    }
}
