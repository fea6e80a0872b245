package dev.navserver.server.cluster.agones;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AgonesNode} driven through its {@code NodeEvents} against {@link FakeAgonesSdk}: what reaches the sidecar,
 * in which order, and how failures are survived. Health periods are shortened so the cadence shows in a few
 * hundred milliseconds; the production period is checked as a constant.
 */
class AgonesNodeTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private FakeAgonesSdk fake;
    private final List<AgonesNode> nodes = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        fake = new FakeAgonesSdk();
    }

    @AfterEach
    void stop() {
        nodes.forEach(AgonesNode::close);
        fake.close();
    }

    private AgonesNode node(String nodeId, Duration healthPeriod) {
        AgonesNode n = new AgonesNode(new AgonesSdk(fake.base(), Duration.ofSeconds(1)), nodeId, healthPeriod);
        nodes.add(n);
        return n;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(10);
        }
    }

    private List<String> paths() {
        return fake.calls().stream().map(FakeAgonesSdk.Call::path).toList();
    }

    @Test
    void listening_SendsReadyThenTheNodeLabel_ThenHealthEveryPeriodAndNoFaster() throws Exception {
        Duration period = Duration.ofMillis(200);
        AgonesNode node = node("node-1", period);
        node.listening();
        assertThat(fake.state()).as("listening() returns once the first Ready went through").isEqualTo("Ready");

        List<FakeAgonesSdk.Call> pings = fake.awaitCalls("/health", 3, WAIT);
        assertThat(paths().subList(0, 3)).containsExactly("/ready", "/metadata/label", "/health");
        assertThat(fake.labels()).containsExactly(Map.entry("agones.dev/sdk-navserver-node", "node-1"));
        for (int i = 1; i < pings.size(); i++) {
            Duration gap = Duration.between(pings.get(i - 1).at(), pings.get(i).at());
            assertThat(gap).as("gap between health pings %d and %d", i - 1, i)
                    .isGreaterThanOrEqualTo(period.multipliedBy(3).dividedBy(4));
        }
        node.listening();
        assertThat(fake.calls("/ready")).as("a second listening() is ignored").hasSize(1);
        assertThat(AgonesNode.HEALTH_PERIOD).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void mapsClaimedAndReleased_FollowTheMapsList_AndAClaimTwiceIsNotAnError() throws Exception {
        AgonesNode node = node("node-1", Duration.ofSeconds(2));
        node.listening();
        node.mapClaimed("arena");
        node.mapClaimed("dungeon");
        node.mapClaimed("arena");
        node.mapReleased("arena");
        fake.awaitCall("/v1beta1/lists/maps:removeValue", WAIT);

        assertThat(fake.list("maps")).containsExactly("dungeon");
        assertThat(fake.calls("/v1beta1/lists/maps:addValue")).extracting(FakeAgonesSdk.Call::status)
                .containsExactly(200, 200, 409);
        assertThat(node.lastError()).as("409 on a repeated claim means the value is there: no error").isEmpty();
        assertThat(paths().indexOf("/ready")).isLessThan(paths().indexOf("/v1beta1/lists/maps:addValue"));
    }

    @Test
    void drained_SendsShutdownAfterTheLastRemove_BeforeReturning_AndHealthStops() throws Exception {
        Duration period = Duration.ofMillis(100);
        AgonesNode node = node("node-1", period);
        node.listening();
        node.mapClaimed("arena");
        node.mapReleased("arena");
        fake.awaitCalls("/health", 2, WAIT);
        node.drained();

        assertThat(fake.state()).as("drained() returns once Shutdown was sent").isEqualTo("Shutdown");
        List<String> paths = paths();
        assertThat(paths.lastIndexOf("/v1beta1/lists/maps:removeValue"))
                .isLessThan(paths.indexOf("/shutdown"));
        int pingsAtShutdown = fake.calls("/health").size();
        assertThat(paths.subList(paths.indexOf("/shutdown"), paths.size())).containsExactly("/shutdown");
        assertThatThrownBy(() -> fake.awaitCalls("/health", pingsAtShutdown + 1, period.multipliedBy(5)))
                .as("no health ping after Shutdown").isInstanceOf(AssertionError.class);
        node.drained();
        assertThat(fake.calls("/shutdown")).hasSize(1);
    }

    @Test
    void healthAnswered500_IsCountedAndLoggedWithStatusAndBody_AndThePingsGoOn() throws Exception {
        fake.fail("/health", 4, 500);
        AgonesNode node = node("node-1", Duration.ofMillis(400));
        node.listening();
        await(() -> node.healthPings() >= 2, "two good health pings after the failures");

        assertThat(node.healthFailures()).isGreaterThanOrEqualTo(1);
        assertThat(node.lastError()).hasValueSatisfying(e -> {
            assertThat(e.status()).isEqualTo(500);
            assertThat(e.call()).isEqualTo("POST /health");
            assertThat(e.body()).contains("fake failure injected by the test");
        });
        assertThat(fake.calls("/health")).extracting(FakeAgonesSdk.Call::status)
                .startsWith(500, 500, 500, 500).endsWith(200, 200);
    }

    @Test
    void readyRefusedWhileTheSidecarStarts_IsRetriedWithBackoffUntilAccepted() throws Exception {
        fake.fail("/ready", 2, 503);
        AgonesNode node = node("node-1", Duration.ofSeconds(2));
        node.listening();
        fake.awaitCalls("/ready", 3, WAIT);
        assertThat(fake.calls("/ready")).extracting(FakeAgonesSdk.Call::status).containsExactly(503, 503, 200);
        List<FakeAgonesSdk.Call> ready = fake.calls("/ready");
        assertThat(Duration.between(ready.get(0).at(), ready.get(2).at()))
                .as("backoff 100 ms then 200 ms").isGreaterThanOrEqualTo(Duration.ofMillis(250));
        await(() -> "Ready".equals(fake.state()), "state Ready");
    }

    @Test
    void hangingSidecar_ListeningReturnsWithoutReady_AndAMapClaimedMeanwhileIsSentOnlyAfterReady()
            throws Exception {
        fake.delay("/ready", Duration.ofSeconds(4));
        AgonesNode node = node("node-1", Duration.ofSeconds(2));
        node.listening();
        assertThat(fake.state()).as("listening() gave up waiting; Ready still pending").isEqualTo("Scheduled");
        node.mapClaimed("arena");
        fake.delay("/ready", Duration.ZERO);

        fake.awaitCall("/v1beta1/lists/maps:addValue", WAIT);
        List<FakeAgonesSdk.Call> calls = fake.calls();
        int add = paths().indexOf("/v1beta1/lists/maps:addValue");
        assertThat(calls.subList(0, add)).as("calls before the add")
                .anySatisfy(c -> assertThat(c.path() + " " + c.status()).isEqualTo("/ready 200"));
        assertThat(node.lastError()).hasValueSatisfying(e -> assertThat(e.getMessage())
                .contains("POST /ready").contains("timed out after 1000 ms"));
    }

    @Test
    void fromEnvironment_TalksToTheSidecarOnAgonesSdkHttpPort() throws Exception {
        AgonesNode node = AgonesNode.fromEnvironment("node-7",
                Map.of(AgonesSdk.PORT_ENV, String.valueOf(fake.port())));
        nodes.add(node);
        node.listening();
        fake.awaitCall("/health", WAIT);
        assertThat(fake.labels()).containsEntry("agones.dev/sdk-navserver-node", "node-7");
    }

    @Test
    void badNodeIdOrPort_IsRefusedAtConstruction_NamingTheSetting() {
        assertThatThrownBy(() -> AgonesNode.fromEnvironment("node 1", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster.nodeId 'node 1'");
        assertThatThrownBy(() -> AgonesNode.fromEnvironment("n".repeat(64), Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster.nodeId");
        assertThatThrownBy(() -> AgonesNode.fromEnvironment("node-1", Map.of(AgonesSdk.PORT_ENV, "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("AGONES_SDK_HTTP_PORT 'x'");
        assertThat(fake.calls()).isEmpty();
    }
}
