package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.RequestId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rate limit, connection limit and idle timeout, each on its own server with the limit under test set low. */
class FairnessTest {
    @TempDir
    Path tmp;

    private static byte[] pings(String prefix, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("{\"type\":\"ping\",\"id\":\"").append(prefix).append(i).append("\"}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void floodOverTheRateLimitOnce_RateLimitedErrorThenTheConnectionRecovers() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.maxMessagesPerSecond", "20"));
                NdjsonClient c = server.player("eager")) {
            c.sendRaw(pings("f", 30)); // with the hello: 31 in one window, 11 over the limit
            ErrorMessage e = c.awaitError(ErrorCodes.RATE_LIMITED);
            assertThat(e.id()).isNull();
            // the next window admits messages again; a ping sent too early in this window is dropped
            Pong pong = null;
            for (int attempt = 0; attempt < 12 && pong == null; attempt++) {
                RequestId id = RequestId.of("again" + attempt);
                c.send(new dev.navserver.protocol.message.Ping(id));
                pong = c.poll(Pong.class, p -> id.equals(p.id()), Duration.ofMillis(250));
            }
            assertThat(pong).as("a pong once the next one-second window opens").isNotNull();
            long answered = c.received(Pong.class, p -> p.id().text().startsWith("f")).size();
            assertThat(answered).as("pongs of the 30 flooded pings").isEqualTo(19);
            assertThat(c.received(ErrorMessage.class, x -> true)).as("one rate_limited error per window")
                    .hasSize(1);
            assertThat(c.received(Bye.class, b -> true)).isEmpty();
        }
    }

    @Test
    void burstOfMoreThanTwiceTheLimit_ByeRateLimitedAndClosed() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.maxMessagesPerSecond", "20"));
                NdjsonClient c = server.player("flooder")) {
            c.sendRaw(pings("b", 200));
            c.awaitError(ErrorCodes.RATE_LIMITED);
            assertThat(c.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.RATE_LIMITED);
            c.assertClosedWithin(Duration.ofSeconds(3));
            TestServer.awaitCondition("rate_limited close counted", Duration.ofSeconds(3),
                    () -> server.metric("navserver_connections_closed_total{reason=\"rate_limited\"}") == 1);
        }
    }

    @Test
    void sustainedSendingJustOverTheLimit_ByeRateLimitedAfterThreeWindows() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.maxMessagesPerSecond", "20"));
                NdjsonClient c = server.player("steady")) {
            // 30 messages per second in bursts of 5 every 1/6 s: a third over the limit, never twice it
            long period = TimeUnit.MILLISECONDS.toNanos(1000 / 6);
            long t0 = System.nanoTime();
            int k = 0;
            while (!c.awaitClosed(Duration.ZERO) && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(6)) {
                c.sendRaw(pings("s" + k + "-", 5));
                k++;
                for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(left);
                }
            }
            assertThat(c.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.RATE_LIMITED);
            c.assertClosedWithin(Duration.ofSeconds(3));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(seconds).as("closed in the third window over the limit").isBetween(1.9, 4.0);
            assertThat(c.received(ErrorMessage.class, e -> e.code().equals(ErrorCodes.RATE_LIMITED)))
                    .as("one rate_limited error per window over the limit").hasSize(3);
        }
    }

    @Test
    void connectionBeyondMaxConnections_ServerFullAndClosedWhileOthersStay() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.maxConnections", "2"));
                NdjsonClient a = server.player("a");
                NdjsonClient b = server.player("b")) {
            try (NdjsonClient c = server.connect()) {
                // a game client says hello right after connecting, before it could see the refusal; when the
                // refusal and the close arrive first, the client's reader has closed the socket and the write fails
                try {
                    c.sendLine("{\"type\":\"hello\",\"protocol\":1,\"player\":\"c\"}");
                } catch (java.io.IOException closedFirst) {
                    // the refusal won the race: what follows still checks it
                }
                ErrorMessage full = c.awaitError(ErrorCodes.SERVER_FULL);
                assertThat(full.id()).isNull();
                c.assertClosedWithin(Duration.ofSeconds(3));
            }
            a.ping();
            b.ping();
            a.close();
            TestServer.awaitCondition("a's close seen by the server", Duration.ofSeconds(3),
                    () -> server.metric("navserver_connections") == 1);
            try (NdjsonClient d = server.player("d")) {
                d.ping();
            }
        }
    }

    @Test
    void silentConnection_ByeIdleAfterTheTimeoutWhileAnActiveOneStays() throws Exception {
        try (TestServer server = TestServer.start(tmp, Map.of("server.idleTimeoutSeconds", "1"));
                NdjsonClient silent = server.player("silent");
                NdjsonClient active = server.player("active")) {
            long t0 = System.nanoTime();
            long period = TimeUnit.MILLISECONDS.toNanos(300);
            for (int k = 1; !silent.awaitClosed(Duration.ZERO) && k <= 10; k++) {
                active.ping();
                for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(left);
                }
            }
            assertThat(silent.await(Bye.class, b -> true).reason()).isEqualTo(ByeReasons.IDLE);
            silent.assertClosedWithin(Duration.ofSeconds(3));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(seconds).isBetween(0.9, 2.5);
            active.ping();
            assertThat(active.received(Bye.class, b -> true)).isEmpty();
        }
    }
}
