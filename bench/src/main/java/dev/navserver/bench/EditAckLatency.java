package dev.navserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.server.NavServer;
import dev.navserver.server.cluster.Owner;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code EditAckLatency MAP_FILE [EDITS] [WORK_DIR] [SYNCS] [ETCD_URLS]}: the acknowledgement latency of authority
 * edits with the durable edit log, measured at the client (a {@code map_edit} written to the socket until its
 * {@code map_edited} is read), for {@code maps.editLogSync} {@code message} and {@code tick} (or the comma-separated {@code SYNCS}, in
 * that order: run one per JVM to compare them without JIT warm-up favouring the later), with 1 and 4 authorities
 * each sending
 * its next edit when the last one is acknowledged (closed loop). Each run starts a fresh in-process server on
 * loopback with the map copied into {@code WORK_DIR} (default a temporary directory; put it on the disk to measure,
 * not on tmpfs), warms up with 200 edits, then measures {@code EDITS} (default 3000) edits in all. An edit is a 2x2
 * wall or open square spread over the map. Prints one line per run: p50, p90, p99, max in milliseconds, edits per
 * second, the edit log appends, and the server's write + fsync times ({@code navserver_edit_log_append_seconds}:
 * count, mean, fraction within 1 ms and 5 ms). With {@code ETCD_URLS} (comma-separated etcd client URLs) the server
 * is a cluster node and the log is the fenced etcd log (the sync mode only groups records per transaction); the
 * run waits until the node owns the map. For {@code docs/performance.md}; not a test.
 */
public final class EditAckLatency {
    private static final String TOKEN = "bench-authority-0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WARMUP = 200;

    private EditAckLatency() {
    }

    public static void main(String[] args) throws Exception {
        Path mapFile = Path.of(args[0]);
        int edits = args.length > 1 ? Integer.parseInt(args[1]) : 3000;
        Path work = args.length > 2 ? Files.createDirectories(Path.of(args[2]))
                : Files.createTempDirectory("edit-ack");
        List<String> syncs = args.length > 3 ? List.of(args[3].split(",")) : List.of("message", "tick");
        String etcd = args.length > 4 ? args[4] : null;
        GridMap map = MapLoader.load(mapFile);
        for (String sync : syncs) {
            for (int authorities : new int[] {1, 4}) {
                run(mapFile, map, work.resolve(sync + "-" + authorities), sync, authorities, edits, etcd);
            }
        }
    }

    private static void run(Path mapFile, GridMap map, Path dir, String sync, int authorities, int edits,
                            String etcd) throws Exception {
        Path maps = Files.createDirectories(dir.resolve("maps"));
        String file = mapFile.getFileName().toString();
        String name = file.substring(0, file.indexOf('.'));
        Files.copy(mapFile, maps.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        Path config = Files.createDirectories(dir.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, "configVersion: 1\n"
                + "server: {host: 127.0.0.1, port: 0, authorityToken: " + TOKEN + ", maxMessagesPerSecond: 100000}\n"
                + "admin: {host: 127.0.0.1, port: 0}\n"
                + "chase: {monstersPerPlayer: 0}\n"
                + "maps: {dir: maps, default: " + name + ", editLogSync: " + sync + "}\n"
                + (etcd == null ? "" : "cluster: {etcd: [" + etcd + "], nodeId: bench-" + sync + "-" + authorities
                        + ", snapshotDir: \"" + dir.getParent().resolve("snapshots") + "\"}\n"));
        try (NavServer server = new NavServer(config)) {
            server.start();
            long claimDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!(server.ownership().ownerOf(name) instanceof Owner.Local)) {
                if (System.nanoTime() > claimDeadline) {
                    throw new IllegalStateException("the node did not claim " + name + " within 30 s");
                }
                Thread.sleep(50); // the node claims the map after joining the cluster
            }
            AtomicLong next = new AtomicLong();
            long[][] samples = new long[authorities][];
            List<Thread> threads = new ArrayList<>();
            int per = edits / authorities;
            long t0 = System.nanoTime();
            for (int a = 0; a < authorities; a++) {
                int k = a;
                Thread t = new Thread(() -> samples[k] = authority(server.gamePort(), map, k, per, next));
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long[] all = Arrays.stream(samples).flatMapToLong(Arrays::stream).sorted().toArray();
            Timer fsync = server.metrics().editLogAppendSeconds;
            System.out.printf(Locale.ROOT, "edit-ack: log=%s map=%s sync=%s authorities=%d edits=%d p50_ms=%.2f "
                            + "p90_ms=%.2f p99_ms=%.2f max_ms=%.2f edits_per_s=%.0f log_appends=%.0f fsyncs=%d fsync_mean_ms=%.2f "
                            + "fsync_le_1ms=%.3f fsync_le_5ms=%.3f%n", etcd == null ? "file" : "etcd", name, sync,
                    authorities,
                    all.length, ms(all, 0.50), ms(all, 0.90), ms(all, 0.99), all[all.length - 1] / 1e6,
                    all.length / seconds, server.metrics().editLogAppends.count(), fsync.count(),
                    fsync.mean(TimeUnit.MILLISECONDS), fractionAtMost(fsync, 1e6), fractionAtMost(fsync, 5e6));
        }
    }

    /** One authority: hello, {@value #WARMUP} warm-up edits, then {@code count} timed ones; nanoseconds each. */
    private static long[] authority(int port, GridMap map, int index, int count, AtomicLong next) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            send(out, "{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm" + index + "\",\"map\":\"" + map.name()
                    + "\",\"token\":\"" + TOKEN + "\"}");
            await(in, "welcome", null);
            long[] out2 = new long[count];
            for (int i = -WARMUP / 4; i < count; i++) {
                long n = next.getAndIncrement();
                int col = (int) (n * 37 % (map.width() - 1));
                int row = (int) (n * 91 % (map.height() - 1));
                String id = "e" + index + "-" + i;
                long t0 = System.nanoTime();
                send(out, "{\"type\":\"map_edit\",\"id\":\"" + id + "\",\"edits\":[{\"cells\":[" + col + "," + row
                        + ",2,2],\"terrain\":\"" + (n % 2 == 0 ? "wall" : "open") + "\"}]}");
                await(in, "map_edited", id);
                if (i >= 0) {
                    out2[i] = System.nanoTime() - t0;
                }
            }
            return out2;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void await(BufferedReader in, String type, String id) throws IOException {
        for (String line; (line = in.readLine()) != null; ) {
            JsonNode n = JSON.readTree(line);
            String t = n.path("type").asText();
            if ("error".equals(t)) {
                throw new IOException("server error: " + line);
            }
            if (type.equals(t) && (id == null || id.equals(n.path("id").asText()))) {
                return;
            }
        }
        throw new IOException("connection closed");
    }

    /** Fraction of the timer's samples at most {@code nanos} (an SLO bucket bound of the timer). */
    private static double fractionAtMost(Timer t, double nanos) {
        for (CountAtBucket b : t.takeSnapshot().histogramCounts()) {
            if (Math.abs(b.bucket(TimeUnit.NANOSECONDS) - nanos) < 1) {
                return b.count() / t.count();
            }
        }
        return Double.NaN;
    }

    private static double ms(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
