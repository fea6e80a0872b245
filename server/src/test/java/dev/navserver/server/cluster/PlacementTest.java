package dev.navserver.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Placement} on hand-made etcd states: every node applying it spreads maps evenly and never steals. */
class PlacementTest {
    static final List<String> SIX = List.of("m1", "m2", "m3", "m4", "m5", "m6");

    static NodeInfo node(String id, int maxMaps) {
        return new NodeInfo(id, "127.0.0.1", 7400, maxMaps);
    }

    /** Lets every node claim in turn until nobody claims: the final owners. */
    static Map<String, String> settle(List<String> maps, Map<String, NodeInfo> nodes, Map<String, String> owners) {
        Map<String, String> out = new HashMap<>(owners);
        boolean claimed = true;
        while (claimed) {
            claimed = false;
            for (NodeInfo n : nodes.values().stream().sorted((x, y) -> x.nodeId().compareTo(y.nodeId())).toList()) {
                Map<String, OwnerView.Claim> o = new HashMap<>();
                out.forEach((m, id) -> o.put(m, new OwnerView.Claim(id, 1)));
                String next = Placement.next(maps, new OwnerView.State(1, o, nodes), n.nodeId(), n.maxMaps());
                if (next != null) {
                    assertThat(out).as("never a map that has an owner").doesNotContainKey(next);
                    out.put(next, n.nodeId());
                    claimed = true;
                }
            }
        }
        return out;
    }

    static Map<String, Long> perNode(Map<String, String> owners) {
        Map<String, Long> c = new HashMap<>();
        owners.values().forEach(n -> c.merge(n, 1L, Long::sum));
        return c;
    }

    @Test
    void sixMapsThreeNodes_TwoEach() {
        Map<String, String> owners = settle(SIX, Map.of("a", node("a", 64), "b", node("b", 64), "c", node("c", 64)),
                Map.of());
        assertThat(perNode(owners)).containsEntry("a", 2L).containsEntry("b", 2L).containsEntry("c", 2L);
    }

    @Test
    void joiningNode_TakesOnlyUnownedMaps_NoMoves() {
        Map<String, String> before = Map.of("m1", "a", "m2", "a", "m3", "a", "m4", "a");
        Map<String, String> owners = settle(SIX, Map.of("a", node("a", 64), "b", node("b", 64)), before);
        before.forEach((m, n) -> assertThat(owners).containsEntry(m, n));
        assertThat(owners).containsEntry("m5", "b").containsEntry("m6", "b");
    }

    @Test
    void fullNodes_AndDrainingNodes_ClaimNothing() {
        Map<String, String> owners = settle(SIX, Map.of("a", node("a", 1), "b", node("b", 2), "d", node("d", 0)),
                Map.of());
        assertThat(perNode(owners)).containsEntry("a", 1L).containsEntry("b", 2L).doesNotContainKey("d");
        assertThat(owners).hasSize(3);
    }

    @Test
    void nodeNotInEtcd_ClaimsNothing() {
        assertThat(Placement.next(SIX, new OwnerView.State(1, Map.of(), Map.of("a", node("a", 9))), "x", 9)).isNull();
    }

    @Test
    void aTieIsBrokenByTheMapsRendezvousHash_TheSameOnEveryNode() {
        Map<String, NodeInfo> nodes = Map.of("a", node("a", 64), "b", node("b", 64));
        OwnerView.State s = new OwnerView.State(1, Map.of(), nodes);
        String forA = Placement.next(List.of("m1"), s, "a", 64);
        String forB = Placement.next(List.of("m1"), s, "b", 64);
        assertThat(forA == null).isNotEqualTo(forB == null);
        String winner = Placement.score("m1", "a") > Placement.score("m1", "b") ? "a" : "b";
        assertThat(winner.equals("a") ? forA : forB).isEqualTo("m1");
    }
}
