package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every hostile input of the issue gets its error code and the connection keeps working (a ping is answered), and
 * a session next to the attacker keeps its paths and pongs. The default frame limit, 65536 bytes.
 */
class HostileInputTest {
    @TempDir
    static Path tmp;
    static TestServer server;

    /** One hostile line (terminator included), the code it earns, and the id the error must echo (or null). */
    record Hostile(String name, byte[] bytes, String code, RequestId id) {
        static Hostile line(String name, String text, String code, RequestId id) {
            return new Hostile(name, (text + "\n").getBytes(StandardCharsets.UTF_8), code, id);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        // a high rate limit: this class is about content, FairnessTest about rates
        server = TestServer.start(tmp, Map.of("server.maxMessagesPerSecond", "100000"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Hostile> hostileLines() {
        List<Hostile> h = new ArrayList<>();
        h.add(Hostile.line("text that is not JSON", "hello there", ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("a line of spaces", "   ", ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("truncated object", "{\"type\":\"ping\",\"id\":", ErrorCodes.BAD_JSON, null));
        h.add(new Hostile("invalid UTF-8 in a string", concat("{\"type\":\"ping\",\"id\":\"",
                new byte[] {(byte) 0xC3, 0x28}, "\"}\n"), ErrorCodes.BAD_JSON, null));
        h.add(new Hostile("UTF-8 encoded surrogate", concat("{\"type\":\"ping\",\"id\":\"",
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\"}\n"), ErrorCodes.BAD_JSON, null));
        h.add(new Hostile("binary garbage", new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0xFE, 0x7F, '\n'},
                ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("JSON array", "[1,2,3]", ErrorCodes.BAD_MESSAGE, null));
        h.add(Hostile.line("JSON string", "\"ping\"", ErrorCodes.BAD_MESSAGE, null));
        h.add(Hostile.line("JSON number", "42", ErrorCodes.BAD_MESSAGE, null));
        h.add(Hostile.line("JSON null", "null", ErrorCodes.BAD_MESSAGE, null));
        h.add(Hostile.line("missing type", "{\"id\":\"m\",\"seq\":1}", ErrorCodes.BAD_MESSAGE, RequestId.of("m")));
        h.add(Hostile.line("type not a string", "{\"type\":5,\"id\":6}", ErrorCodes.BAD_MESSAGE, RequestId.of(6)));
        h.add(Hostile.line("unknown type", "{\"type\":\"teleport\",\"id\":3}", ErrorCodes.UNKNOWN_TYPE,
                RequestId.of(3)));
        h.add(Hostile.line("type in the wrong case", "{\"type\":\"PING\",\"id\":\"c\"}", ErrorCodes.UNKNOWN_TYPE,
                RequestId.of("c")));
        h.add(Hostile.line("seq as a string", "{\"type\":\"player_pos\",\"id\":\"s\",\"seq\":\"7\",\"pos\":[0,0,0]}",
                ErrorCodes.BAD_FIELD, RequestId.of("s")));
        h.add(Hostile.line("seq not an integer", "{\"type\":\"player_pos\",\"seq\":1.5,\"pos\":[0,0,0]}",
                ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("negative seq", "{\"type\":\"player_pos\",\"seq\":-1,\"pos\":[0,0,0]}",
                ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("pos as a string", "{\"type\":\"spawn\",\"id\":\"w\",\"pos\":\"here\"}",
                ErrorCodes.BAD_FIELD, RequestId.of("w")));
        h.add(Hostile.line("pos of objects", "{\"type\":\"spawn\",\"id\":\"o\",\"pos\":[{},{},{}]}",
                ErrorCodes.BAD_FIELD, RequestId.of("o")));
        h.add(Hostile.line("id as a boolean", "{\"type\":\"ping\",\"id\":true}", ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("missing pos", "{\"type\":\"spawn\",\"id\":\"n\"}", ErrorCodes.BAD_FIELD,
                RequestId.of("n")));
        h.add(Hostile.line("pos of two numbers", "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,0]}",
                ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("pos of four numbers", "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,0,0,0]}",
                ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("no points to validate", "{\"type\":\"validate_path\",\"id\":\"e\",\"points\":[]}",
                ErrorCodes.BAD_FIELD, RequestId.of("e")));
        h.add(Hostile.line("4097 points to validate", "{\"type\":\"validate_path\",\"id\":\"big\",\"points\":["
                + String.join(",", java.util.Collections.nCopies(4097, "[0,0,0]")) + "]}",
                ErrorCodes.BAD_FIELD, RequestId.of("big")));
        h.add(Hostile.line("NaN literal", "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[NaN,0,0]}",
                ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("Infinity literal", "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,Infinity,0]}",
                ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("1e308 coordinate", "{\"type\":\"spawn\",\"id\":\"r2\",\"pos\":[1e308,0,0]}",
                ErrorCodes.BAD_FIELD, RequestId.of("r2")));
        h.add(Hostile.line("1e999 coordinate", "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[0,0,1e999]}",
                ErrorCodes.BAD_FIELD, null));
        h.add(Hostile.line("-1e8 coordinate", "{\"type\":\"path_query\",\"id\":\"q\",\"from\":[0,0,0],\"to\":[-1e8,0,0]}",
                ErrorCodes.BAD_FIELD, RequestId.of("q")));
        h.add(Hostile.line("player off the map", "{\"type\":\"player_pos\",\"id\":\"far\",\"seq\":1,\"pos\":[1000,0,0]}",
                ErrorCodes.OUT_OF_BOUNDS, RequestId.of("far")));
        h.add(Hostile.line("spawn off the map", "{\"type\":\"spawn\",\"id\":\"sp\",\"pos\":[0,0,-31]}",
                ErrorCodes.OUT_OF_BOUNDS, RequestId.of("sp")));
        h.add(Hostile.line("spawn in a wall", "{\"type\":\"spawn\",\"id\":\"sw\",\"pos\":[-30,0,0]}",
                ErrorCodes.BLOCKED, RequestId.of("sw")));
        h.add(Hostile.line("duplicate keys", "{\"type\":\"ping\",\"type\":\"bye\"}", ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("two values on a line", "{\"type\":\"ping\"} {\"type\":\"ping\"}", ErrorCodes.BAD_JSON,
                null));
        h.add(Hostile.line("nested 40 deep", "{\"type\":\"ping\",\"x\":" + "[".repeat(40) + "]".repeat(40) + "}",
                ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("nested 20000 deep", "{\"type\":\"ping\",\"x\":" + "[".repeat(20000) + "]".repeat(20000)
                + "}", ErrorCodes.BAD_JSON, null));
        h.add(Hostile.line("player name of 65 characters",
                "{\"type\":\"hello\",\"id\":\"h\",\"protocol\":1,\"player\":\"" + "p".repeat(65) + "\"}",
                ErrorCodes.BAD_FIELD, RequestId.of("h")));
        h.add(Hostile.line("line over the frame limit", "{\"type\":\"ping\",\"id\":\"" + "x".repeat(70_000) + "\"}",
                ErrorCodes.FRAME_TOO_LONG, null));
        return h.stream();
    }

    private static byte[] concat(String head, byte[] middle, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(tail.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileLines")
    void hostileLine_GetsItsErrorCodeAndTheConnectionStillAnswersPing(Hostile hostile) throws Exception {
        try (NdjsonClient c = server.player("mallory")) {
            c.playerPos(1, 0, 27);
            c.sendRaw(hostile.bytes());
            ErrorMessage e = c.await(ErrorMessage.class, x -> true);
            assertThat(e.code()).as("code for %s: %s", hostile.name(), e.message()).isEqualTo(hostile.code());
            assertThat(e.id()).as("id echoed for %s", hostile.name()).isEqualTo(hostile.id());
            assertThat(e.message()).isNotBlank();
            c.ping();
            assertThat(c.received(ErrorMessage.class, x -> true)).as("exactly one error").hasSize(1);
        }
    }

    @Test
    void frameOverTheLimitSplitAcrossWrites_ErrorBeforeTheNewlineAndTheNextLineDecodes() throws Exception {
        try (NdjsonClient c = server.player("splitter")) {
            c.sendRaw(("{\"type\":\"ping\",\"id\":\"" + "y".repeat(66_000)).getBytes(StandardCharsets.UTF_8));
            c.awaitError(ErrorCodes.FRAME_TOO_LONG); // sent before the line is complete
            c.sendRaw(("y".repeat(100_000) + "\"}\n").getBytes(StandardCharsets.UTF_8));
            c.ping();
            assertThat(c.received(ErrorMessage.class, x -> true)).hasSize(1);
        }
    }

    @Test
    void pathQueryOffTheMap_AnsweredWithStatusNotAnError() throws Exception {
        try (NdjsonClient c = server.player("prober")) {
            c.send(new PathQuery(RequestId.of("o"), new Vec3(0, 0, 0), new Vec3(0, 0, 500)));
            PathResult r = c.await(PathResult.class, p -> RequestId.of("o").equals(p.id()));
            assertThat(r.status()).isEqualTo("out_of_bounds");
            c.ping();
        }
    }

    @Test
    void everyHostileCaseOnOneConnection_AnotherSessionKeepsItsPathsAndPongs() throws Exception {
        try (NdjsonClient bystander = server.player("bystander"); NdjsonClient attacker = server.player("attacker")) {
            long seq = 1;
            double x = -28;
            bystander.playerPos(seq, x, 27);
            bystander.send(new Spawn(RequestId.of("b"), new Vec3(-25, 0, -25)));
            String monster = bystander.await(Spawned.class, s -> true).monster();
            bystander.await(NavPath.class, n -> n.monster().equals(monster));

            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger rounds = new AtomicInteger();
            List<Hostile> all = hostileLines().toList();
            CompletableFuture<Void> attack = CompletableFuture.runAsync(() -> {
                try {
                    while (!stop.get()) {
                        for (Hostile h : all) {
                            attacker.sendRaw(h.bytes());
                        }
                        attacker.ping(); // keeps the barrage paced by the server's answers
                        rounds.incrementAndGet();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });

            // 2 s of running at 6 m/s with a ping every 0.1 s: four re-plans due, every pong prompt
            long period = TimeUnit.MILLISECONDS.toNanos(100);
            long t0 = System.nanoTime();
            List<Double> rtts = new ArrayList<>();
            for (int k = 1; k <= 20; k++) {
                for (long left; (left = t0 + k * period - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(left);
                }
                x += 0.6;
                bystander.playerPos(++seq, x, 27);
                long p0 = System.nanoTime();
                bystander.ping();
                rtts.add((System.nanoTime() - p0) / 1e9);
            }
            stop.set(true);
            attack.get(10, TimeUnit.SECONDS);

            assertThat(rounds.get()).as("hostile rounds during the run").isGreaterThanOrEqualTo(2);
            long paths = bystander.received().stream()
                    .filter(r -> r.nanos() > t0 && r.message() instanceof NavPath p && p.monster().equals(monster))
                    .count();
            assertThat(paths).as("re-plans in 2 s at a 0.5 s interval").isBetween(3L, 5L);
            assertThat(rtts).as("ping round trips, seconds").allSatisfy(r -> assertThat(r).isLessThan(0.5));
            assertThat(bystander.received(ErrorMessage.class, e -> true)).isEmpty();
            attacker.ping();
        }
    }
}
