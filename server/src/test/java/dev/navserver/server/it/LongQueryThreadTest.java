package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code path_query}s that search without a node budget and without a built long-route structure (here: A*, over
 * {@code search.longRouteMinCells}) run one at a time on the server's {@code navserver-long-queries} thread, so that
 * their scratch, which grows with the area they search, is held by one search at a time; each is still answered
 * complete, and short queries still run on the planners.
 */
class LongQueryThreadTest {
    @TempDir
    Path tmp;

    @Test
    void longUnbudgetedQueries_RunOnTheLongQueryThread_OneAtATime_AndAreAllAnswered() throws Exception {
        try (TestServer server = TestServer.startWithMapCopy(tmp, Map.of("search.algorithm", "astar",
                "search.longRouteMinCells", "20"));
                NdjsonClient c = server.player("walker")) {
            int queries = 6;
            for (int i = 0; i < queries; i++) {
                c.send(new PathQuery(RequestId.of("long" + i), new Vec3(-25, 0, 25), new Vec3(25, 0, -25)));
            }
            for (int i = 0; i < queries; i++) {
                RequestId id = RequestId.of("long" + i);
                PathResult r = c.await(PathResult.class, p -> id.equals(p.id()), Duration.ofSeconds(10));
                assertThat(r.status()).as("long query %d", i).isEqualTo("ok");
            }
            c.send(new PathQuery(RequestId.of("short"), new Vec3(-25, 0, 25), new Vec3(-23, 0, 25)));
            assertThat(c.await(PathResult.class, p -> RequestId.of("short").equals(p.id())).status()).isEqualTo("ok");
            assertThat(Thread.getAllStackTraces().keySet()).as("the long-query thread ran them")
                    .anyMatch(t -> t.getName().equals("navserver-long-queries"));
        }
    }
}
