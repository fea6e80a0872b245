package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.navserver.protocol.json.MessageWriter;
import dev.navserver.protocol.json.MessageReader;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A blocking NDJSON test client over a plain loopback socket. A reader thread decodes every line with
 * {@link MessageReader#FROM_SERVER} and queues it with its arrival time; {@link #await} takes messages off the queue until
 * one matches (the skipped ones stay in {@link #received()}). Every wait is bounded. Not thread-safe: one test
 * thread drives a client.
 */
final class NdjsonClient implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** A decoded line and its arrival time ({@link System#nanoTime()}). */
    record Received(FromServer message, String line, long nanos) {
    }

    private final Socket socket;
    private final OutputStream out;
    private final BlockingQueue<Received> queue = new LinkedBlockingQueue<>();
    private final List<Received> history = new ArrayList<>();
    private final CountDownLatch eof = new CountDownLatch(1);
    private final AtomicLong ids = new AtomicLong(1000);
    private final Thread reader;

    NdjsonClient(int port) throws IOException {
        this(port, 0, true);
    }

    /**
     * @param receiveBufferBytes the socket's receive buffer size, set before connecting; 0 = the system default
     * @param startReading       false to leave the socket unread until {@link #startReading()} (a slow reader)
     */
    NdjsonClient(int port, int receiveBufferBytes, boolean startReading) throws IOException {
        socket = new Socket();
        if (receiveBufferBytes > 0) {
            socket.setReceiveBufferSize(receiveBufferBytes);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), (int) TIMEOUT.toMillis());
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        reader = new Thread(this::readLoop, "it-client-reader-" + port);
        reader.setDaemon(true);
        if (startReading) {
            reader.start();
        }
    }

    /** Starts reading a client made with {@code startReading} false. */
    void startReading() {
        reader.start();
    }

    private void readLoop() {
        try (InputStream in = socket.getInputStream()) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        byte[] bytes = line.toByteArray();
                        line.reset();
                        Received r = new Received(MessageReader.FROM_SERVER.read(bytes),
                                new String(bytes, StandardCharsets.UTF_8), System.nanoTime());
                        synchronized (history) {
                            history.add(r);
                        }
                        queue.add(r);
                    } else {
                        line.write(buf[i]);
                    }
                }
            }
        } catch (IOException e) {
            // reset or closed locally: the same as EOF for the tests
        } finally {
            eof.countDown(); // the input stream's try-with-resources closed the socket, as a real client would
        }
    }

    /** Sends one line: the text and {@code '\n'}. */
    void sendLine(String json) throws IOException {
        sendRaw((json + "\n").getBytes(StandardCharsets.UTF_8));
    }

    void send(Message message) throws IOException {
        byte[] json = MessageWriter.toBytes(message);
        byte[] line = new byte[json.length + 1];
        System.arraycopy(json, 0, line, 0, json.length);
        line[json.length] = '\n';
        sendRaw(line);
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void playerPos(long seq, double x, double z) throws IOException {
        send(new PlayerPos(null, seq, new Vec3(x, 0, z)));
    }

    /** Most {@code redirect}s {@link #helloFollowingRedirects} follows without a {@code welcome}. */
    static final int MAX_REDIRECTS = 5;

    /**
     * Connects to {@code port} on loopback and says {@code hello}, following {@code redirect}s (to loopback hosts
     * only) the way a real client does: a new connection to the named port, the same {@code hello} again. Returns
     * the welcomed client; fails after {@link #MAX_REDIRECTS} redirects in a row, or on anything else than
     * {@code welcome} or {@code redirect}.
     *
     * @param token the authority token, or null for a player
     */
    static NdjsonClient helloFollowingRedirects(int port, String player, String map, String token)
            throws IOException {
        for (int redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
            NdjsonClient c = new NdjsonClient(port);
            c.send(new Hello(null, 1, player, map, token));
            FromServer answer = c.poll(FromServer.class,
                    m -> m instanceof Welcome || m instanceof Redirect || m instanceof ErrorMessage, TIMEOUT);
            if (answer instanceof Welcome) {
                return c;
            }
            c.close();
            if (!(answer instanceof Redirect r)) {
                return fail("hello on port " + port + " answered " + answer + " instead of welcome or redirect");
            }
            assertThat(r.host()).as("redirect host of a loopback test").isEqualTo("127.0.0.1");
            port = r.port();
        }
        return fail("more than " + MAX_REDIRECTS + " redirects in a row without a welcome (the last to port " + port
                + ")");
    }

    /** Says hello and returns the welcome. */
    Welcome hello(String player, String map) throws IOException {
        send(new Hello(null, 1, player, map));
        return await(Welcome.class, w -> true);
    }

    /** A ping round trip: fails unless the pong with the same id arrives in time. */
    Pong ping() throws IOException {
        RequestId id = RequestId.of(ids.incrementAndGet());
        send(new Ping(id));
        return await(Pong.class, p -> id.equals(p.id()));
    }

    /** The next error with that code. */
    ErrorMessage awaitError(String code) {
        return await(ErrorMessage.class, e -> code.equals(e.code()));
    }

    <T> T await(Class<T> type, Predicate<? super T> match) {
        return await(type, match, TIMEOUT);
    }

    /**
     * Takes messages off the queue until one of {@code type} matches; fails after {@code timeout}, or at EOF, or
     * when a line from the server does not decode.
     */
    <T> T await(Class<T> type, Predicate<? super T> match, Duration timeout) {
        T found = poll(type, match, timeout);
        if (found == null) {
            fail("no " + type.getSimpleName() + " matching within " + timeout + "; received " + lines());
        }
        return found;
    }

    /** Like {@link #await} but returns null on timeout or EOF. */
    <T> T poll(Class<T> type, Predicate<? super T> match, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                Received r = queue.poll(Math.max(0, Math.min(left, TimeUnit.MILLISECONDS.toNanos(50))),
                        TimeUnit.NANOSECONDS);
                if (r == null) {
                    if (System.nanoTime() - deadline >= 0 || (eof.getCount() == 0 && queue.isEmpty())) {
                        return null;
                    }
                    continue;
                }
                if (r.message() instanceof ProtocolError err) {
                    fail("server sent a line the protocol reader rejects (" + err + "): " + r.line());
                }
                if (type.isInstance(r.message()) && match.test(type.cast(r.message()))) {
                    return type.cast(r.message());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Waits until the server closes the connection (EOF or reset). */
    boolean awaitClosed(Duration timeout) throws InterruptedException {
        return eof.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    void assertClosedWithin(Duration timeout) throws InterruptedException {
        assertThat(awaitClosed(timeout)).as("server closed the connection within %s", timeout).isTrue();
    }

    /** Every message received so far, in arrival order. */
    List<Received> received() {
        synchronized (history) {
            return new ArrayList<>(history);
        }
    }

    /** Messages of a type received so far matching a predicate. */
    <T> List<T> received(Class<T> type, Predicate<? super T> match) {
        List<T> out = new ArrayList<>();
        for (Received r : received()) {
            if (type.isInstance(r.message()) && match.test(type.cast(r.message()))) {
                out.add(type.cast(r.message()));
            }
        }
        return out;
    }

    private List<String> lines() {
        List<String> all = new ArrayList<>();
        for (Received r : received()) {
            all.add(r.line().length() > 300 ? r.line().substring(0, 300) + "..." : r.line());
        }
        return all.size() > 40 ? all.subList(all.size() - 40, all.size()) : all;
    }

    Socket socket() {
        return socket;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
