package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.navserver.protocol.message.NavPath;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code navserver_pos_to_path_seconds}: from the arrival of the {@code player_pos} a plan used to its
 * {@code nav_path} written to the socket, as a histogram on {@code /metrics} and quantiles in {@code /admin/status}.
 */
class PosToPathLatencyTest {
    @TempDir
    Path tmp;

    @Test
    void autoSpawnedChase_EveryNavPathSentIsTimedFromItsPlayerPos() throws Exception {
        Map<String, String> cfg = Map.of("chase.monstersPerPlayer", "2");
        try (TestServer server = TestServer.start(tmp, cfg); NdjsonClient c = server.player("timed")) {
            long before = System.nanoTime();
            c.playerPos(1, 9, -13);
            c.await(NavPath.class, p -> p.playerSeq() == 1);
            TestServer.awaitCondition("both monsters' paths timed", Duration.ofSeconds(5),
                    () -> server.metric("navserver_pos_to_path_seconds_count") >= 2);
            JsonNode status = server.status().path("posToPathMs");
            double elapsedMillis = (System.nanoTime() - before) / 1e6;
            double count = server.metric("navserver_pos_to_path_seconds_count");
            assertThat(count).isLessThanOrEqualTo(server.metric("navserver_nav_path_pushes_total"));
            assertThat(server.metric("navserver_pos_to_path_seconds_sum")).isPositive();
            assertThat(server.metrics()).contains("navserver_pos_to_path_seconds_bucket{le=\"0.1\"}");
            assertThat(status.path("count").asLong()).isGreaterThanOrEqualTo(2);
            // every timed interval starts after the position was sent and ends before now
            assertThat(status.path("max").asDouble()).isPositive().isLessThanOrEqualTo(elapsedMillis);
        }
    }
}
