package dev.navserver.server.cluster.agones;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link AgonesSdk} against {@link FakeAgonesSdk}: the published paths, their bodies, and every kind of failure. */
class AgonesSdkTest {
    private FakeAgonesSdk fake;
    private AgonesSdk sdk;

    @BeforeEach
    void start() throws Exception {
        fake = new FakeAgonesSdk();
        sdk = new AgonesSdk(fake.base(), Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() {
        fake.close();
    }

    @Test
    void lifecycleCalls_PostAnEmptyJsonObject_AndMoveTheGameServerFromScheduledToReadyToShutdown() throws Exception {
        assertThat(fake.state()).isEqualTo("Scheduled");
        sdk.ready();
        assertThat(fake.state()).isEqualTo("Ready");
        sdk.health();
        sdk.shutdown();
        assertThat(fake.state()).isEqualTo("Shutdown");
        assertThat(fake.calls()).extracting(c -> c.method() + " " + c.path() + " " + c.body() + " " + c.status())
                .containsExactly("POST /ready {} 200", "POST /health {} 200", "POST /shutdown {} 200");
    }

    @Test
    void setLabel_PutsKeyAndValue_AndTheGameServerShowsItUnderTheSdkPrefix() throws Exception {
        sdk.setLabel("navserver-node", "node-1");
        FakeAgonesSdk.Call call = fake.awaitCall("/metadata/label", Duration.ofSeconds(1));
        assertThat(call.method()).isEqualTo("PUT");
        assertThat(call.body()).isEqualTo("{\"key\":\"navserver-node\",\"value\":\"node-1\"}");
        JsonNode gs = sdk.gameServer();
        assertThat(gs.path("object_meta").path("labels").path("agones.dev/sdk-navserver-node").asText())
                .isEqualTo("node-1");
    }

    @Test
    void setLabel_AKeyWithItsOwnPrefixOrABadValue_IsRefusedBeforeAnyRequest() {
        assertThatThrownBy(() -> sdk.setLabel("navserver.dev/node", "node-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("agones.dev/sdk-navserver.dev/node");
        assertThatThrownBy(() -> sdk.setLabel("navserver-node", "node 1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'node 1'");
        assertThatThrownBy(() -> sdk.setLabel("navserver-node", "n".repeat(64)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("63");
        assertThat(fake.calls()).isEmpty();
    }

    @Test
    void listValues_AddedAndRemoved_ComeBackInTheAnswers() throws Exception {
        assertThat(sdk.addListValue("maps", "arena")).containsExactly("arena");
        assertThat(sdk.addListValue("maps", "dungeon-2")).containsExactly("arena", "dungeon-2");
        assertThat(sdk.removeListValue("maps", "arena")).containsExactly("dungeon-2");
        assertThat(sdk.listValues("maps")).containsExactly("dungeon-2");
        assertThat(fake.calls()).extracting(c -> c.method() + " " + c.path() + " " + c.body()).containsExactly(
                "POST /v1beta1/lists/maps:addValue {\"value\":\"arena\"}",
                "POST /v1beta1/lists/maps:addValue {\"value\":\"dungeon-2\"}",
                "POST /v1beta1/lists/maps:removeValue {\"value\":\"arena\"}",
                "GET /v1beta1/lists/maps ");
    }

    @Test
    void listErrors_DuplicateAbsentValueMissingListAndFullList_AreExceptionsWithTheirStatusAndBody()
            throws Exception {
        sdk.addListValue("maps", "arena");
        assertThatThrownBy(() -> sdk.addListValue("maps", "arena")).isInstanceOfSatisfying(AgonesException.class,
                e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.call()).isEqualTo("POST /v1beta1/lists/maps:addValue");
                    assertThat(e.body()).contains("arena");
                });
        assertThatThrownBy(() -> sdk.removeListValue("maps", "nowhere"))
                .isInstanceOfSatisfying(AgonesException.class, e -> assertThat(e.status()).isEqualTo(404))
                .hasMessageContaining("nowhere");
        assertThatThrownBy(() -> sdk.addListValue("rooms", "arena"))
                .isInstanceOfSatisfying(AgonesException.class, e -> assertThat(e.status()).isEqualTo(404))
                .hasMessageContaining("list not found: rooms");

        try (FakeAgonesSdk small = new FakeAgonesSdk(Map.of("maps", 1L))) {
            AgonesSdk s = new AgonesSdk(small.base(), Duration.ofSeconds(2));
            s.addListValue("maps", "a");
            assertThatThrownBy(() -> s.addListValue("maps", "b"))
                    .isInstanceOfSatisfying(AgonesException.class, e -> assertThat(e.status()).isEqualTo(400))
                    .hasMessageContaining("capacity");
            assertThat(small.list("maps")).containsExactly("a");
        }
    }

    @Test
    void serverError500_IsARetryableExceptionNamingCallStatusAndBody() {
        fake.fail("/health", 1, 500);
        assertThatThrownBy(sdk::health).isInstanceOfSatisfying(AgonesException.class, e -> {
            assertThat(e.status()).isEqualTo(500);
            assertThat(e.retryable()).isTrue();
            assertThat(e.getMessage()).startsWith("Agones SDK POST /health failed: HTTP 500: ")
                    .contains("fake failure injected by the test");
        });
    }

    @Test
    void slowSidecar_TimesOutAfterTheRequestTimeout_WithNoResponse() throws Exception {
        fake.delay("/ready", Duration.ofSeconds(3));
        AgonesSdk impatient = new AgonesSdk(fake.base(), Duration.ofMillis(200));
        assertThatThrownBy(impatient::ready).isInstanceOfSatisfying(AgonesException.class, e -> {
            assertThat(e.status()).isEqualTo(AgonesException.NO_RESPONSE);
            assertThat(e.retryable()).isTrue();
            assertThat(e.getMessage()).contains("POST /ready").contains("timed out after 200 ms");
        });
    }

    @Test
    void noSidecarListening_IsANoResponseException() throws Exception {
        URI gone;
        try (FakeAgonesSdk shortLived = new FakeAgonesSdk()) {
            gone = shortLived.base();
        }
        AgonesSdk s = new AgonesSdk(gone, Duration.ofSeconds(1));
        assertThatThrownBy(s::ready).isInstanceOfSatisfying(AgonesException.class,
                e -> assertThat(e.status()).isEqualTo(AgonesException.NO_RESPONSE));
    }

    @Test
    void baseUri_ComesFromAgonesSdkHttpPort_DefaultingTo9358_AndABadValueIsNamed() {
        assertThat(AgonesSdk.baseUri(Map.of())).isEqualTo(URI.create("http://localhost:9358"));
        assertThat(AgonesSdk.baseUri(Map.of("AGONES_SDK_HTTP_PORT", "59358")))
                .isEqualTo(URI.create("http://localhost:59358"));
        for (String bad : List.of("http", "0", "65536", "-1")) {
            assertThatThrownBy(() -> AgonesSdk.baseUri(Map.of("AGONES_SDK_HTTP_PORT", bad)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("AGONES_SDK_HTTP_PORT");
        }
    }
}
