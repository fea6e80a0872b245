package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that stops reading while making the server write a lot is cut off at {@code server.outboundLimitBytes};
 * a session beside it keeps its snapshot rate and prompt pongs.
 */
class SlowReaderTest {
    @TempDir
    Path tmp;

    @Test
    void clientThatStopsReading_ClosedAsSlowReaderWhileAnotherSessionKeepsItsRate() throws Exception {
        Map<String, String> cfg = Map.of(
                "server.outboundLimitBytes", "65536",
                "server.maxMessagesPerSecond", "100000",
                "chase.snapshotHz", "10");
        try (TestServer server = TestServer.start(tmp, cfg); NdjsonClient bystander = server.player("patient")) {
            bystander.playerPos(1, 0, 27);
            bystander.send(new Spawn(RequestId.of("b"), new Vec3(-25, 0, -25)));
            bystander.await(Spawned.class, s -> true);
            bystander.await(Monsters.class, m -> true);

            try (Socket slow = new Socket()) {
                slow.setReceiveBufferSize(4096);
                slow.connect(new InetSocketAddress("127.0.0.1", server.gamePort()), 5000);
                OutputStream out = slow.getOutputStream();
                out.write("{\"type\":\"hello\",\"protocol\":1,\"player\":\"slow\"}\n".getBytes(StandardCharsets.UTF_8));
                // ~30 KB pongs, never read: kernel buffers fill, then the server's outbound buffer passes 64 KiB
                byte[] ping = ("{\"type\":\"ping\",\"id\":\"" + "z".repeat(30_000) + "\"}\n")
                        .getBytes(StandardCharsets.UTF_8);
                AtomicInteger sent = new AtomicInteger();
                CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
                    try {
                        for (int i = 0; i < 4000; i++) { // at most 120 MB; the server cuts it off long before
                            out.write(ping);
                            sent.incrementAndGet();
                        }
                    } catch (IOException e) {
                        // the server closed it: what this test waits for
                    }
                });

                // meanwhile the bystander: snapshots at 10 Hz and a ping every 100 ms
                long t0 = System.nanoTime();
                List<Double> rtts = new ArrayList<>();
                long period = TimeUnit.MILLISECONDS.toNanos(100);
                for (int k = 1; k <= 15; k++) {
                    long p0 = System.nanoTime();
                    bystander.ping();
                    rtts.add((System.nanoTime() - p0) / 1e9);
                    for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                        LockSupport.parkNanos(left);
                    }
                }
                long t1 = System.nanoTime();

                TestServer.awaitCondition("slow reader closed", Duration.ofSeconds(10),
                        () -> server.metric("navserver_connections_closed_total{reason=\"slow_reader\"}") == 1);
                flood.get(10, TimeUnit.SECONDS);
                assertThat(drainToEof(slow, Duration.ofSeconds(10))).as("slow socket reaches EOF or reset").isTrue();
                assertThat(sent.get()).as("pings written before the cut").isLessThan(4000);
                assertThat(server.metric("navserver_messages_dropped_total{reason=\"slow_reader\"}")).isEqualTo(1);

                long snapshots = bystander.received().stream()
                        .filter(r -> r.nanos() >= t0 && r.nanos() <= t1 && r.message() instanceof Monsters)
                        .count();
                double seconds = (t1 - t0) / 1e9;
                assertThat(snapshots).as("monsters snapshots in %.2f s at 10 Hz", seconds)
                        .isBetween(Math.round(seconds * 10) - 2, Math.round(seconds * 10) + 2);
                assertThat(rtts).as("bystander ping round trips, seconds")
                        .allSatisfy(r -> assertThat(r).isLessThan(0.25));
            }
            bystander.ping();
            assertThat(server.metric("navserver_connections")).isEqualTo(1);
        }
    }

    @Test
    void clientPausingItsReads_NavPathsCoalescedToTheNewestPerMonsterAndDeliveredWhenItReadsAgain()
            throws Exception {
        // high water at half the limit, 16 MiB: ~25 MB of pongs fill the kernel buffers (about 4 MB on loopback)
        // and leave the channel unwritable, well under the 32 MiB cut-off
        Map<String, String> cfg = Map.of(
                "server.outboundLimitBytes", "33554432",
                "server.maxMessagesPerSecond", "100000",
                "chase.navIntervalSeconds", "0.1");
        try (TestServer server = TestServer.start(tmp, cfg);
                NdjsonClient c = new NdjsonClient(server.gamePort(), 4096, false)) {
            c.sendLine("{\"type\":\"hello\",\"protocol\":1,\"player\":\"pausing\"}");
            long seq = 1;
            c.playerPos(seq, -28, 27);
            c.send(new Spawn(RequestId.of("m"), new Vec3(-25, 0, -25)));
            byte[] ping = ("{\"type\":\"ping\",\"id\":\"" + "z".repeat(30_000) + "\"}\n")
                    .getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 830; i++) {
                c.sendRaw(ping);
            }
            // run along row 3 for 1.5 s: a re-plan due every 0.1 s, all while the client reads nothing
            long t0 = System.nanoTime();
            long period = TimeUnit.MILLISECONDS.toNanos(100);
            for (int k = 1; k <= 15; k++) {
                for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(left);
                }
                c.playerPos(++seq, -28 + 0.6 * k, 27);
            }
            long lastSeq = seq;
            TestServer.awaitCondition("nav_paths coalesced", Duration.ofSeconds(5),
                    () -> server.metric("navserver_messages_coalesced_total") >= 5);

            c.startReading();
            NavPath newest = c.await(NavPath.class, p -> p.playerSeq() == lastSeq, Duration.ofSeconds(20));
            assertThat(c.received(Pong.class, p -> true)).as("every pong delivered").hasSize(830);
            List<NavPath> paths = c.received(NavPath.class, p -> true);
            for (int i = 1; i < paths.size(); i++) {
                assertThat(paths.get(i).seq()).isGreaterThan(paths.get(i - 1).seq());
            }
            assertThat(newest.seq() - paths.size()).as("plans the client never saw, superseded while it paused")
                    .isGreaterThanOrEqualTo(5);
            assertThat(server.metric("navserver_connections_closed_total{reason=\"slow_reader\"}")).isZero();
            c.ping();
        }
    }

    /** Reads and discards until EOF or a reset; false if the socket is still open after the timeout. */
    private static boolean drainToEof(Socket s, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        s.setSoTimeout(200);
        InputStream in = s.getInputStream();
        byte[] buf = new byte[65536];
        while (System.nanoTime() - deadline < 0) {
            try {
                if (in.read(buf) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException e) {
                // still open: keep reading until the deadline
            } catch (IOException e) {
                return true; // connection reset
            }
        }
        return false;
    }
}
