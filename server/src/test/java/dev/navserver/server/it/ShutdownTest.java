package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code NavServer.close()}: bye shutdown to every connected client, then closed, within five seconds. */
class ShutdownTest {
    @TempDir
    Path tmp;

    @Test
    void close_WithClientsConnected_ByeShutdownToEachAndReturnsWithinFiveSeconds() throws Exception {
        TestServer server = TestServer.start(tmp, Map.of());
        int port = server.gamePort();
        try (NdjsonClient chasing = server.player("chased");
                NdjsonClient idle = server.player("idle");
                NdjsonClient unwelcomed = server.connect()) {
            chasing.playerPos(1, 0, 27);
            chasing.send(new Spawn(RequestId.of("m"), new Vec3(-25, 0, -25)));
            chasing.await(NavPath.class, n -> true);
            unwelcomed.ping(); // connected and served, but never said hello

            long t0 = System.nanoTime();
            server.close();
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(seconds).as("close() duration").isLessThan(5.0);

            for (NdjsonClient c : new NdjsonClient[] {chasing, idle, unwelcomed}) {
                assertThat(c.await(Bye.class, b -> true, Duration.ofSeconds(1)).reason())
                        .isEqualTo(ByeReasons.SHUTDOWN);
                c.assertClosedWithin(Duration.ofSeconds(1));
            }
        }
        assertThatThrownBy(() -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            }
        }).as("no longer accepting").isInstanceOf(IOException.class);
        server.close(); // idempotent
    }
}
