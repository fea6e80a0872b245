package dev.navserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.PathResult;
import dev.navserver.nav.search.PathSearch;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Long {@code path_query} routes through a running server, measured by the client (issue 28). Two steps, so that
 * the probe's own work never runs beside the server being measured:
 *
 * <ol>
 *   <li>{@code prepare MAP PAIRS [--pairs N] [--min-cells C] [--seed S]}: loads the map file, draws {@code N}
 *       (default 40) seeded pairs of standable cells on one island at octile distance {@code >= C} (default 2000)
 *       and writes them with the world points and the shortest grid length (JPS, no budget) to {@code PAIRS}.</li>
 *   <li>{@code run PAIRS --map NAME --port P --admin-port A [--rounds R] [--started-ms T]}: connects (retrying until
 *       the server listens), asks the first pair and prints the time from {@code T} (the server's launch, epoch ms)
 *       to that answer; then asks the pairs one at a time, in turn, until the server's metrics say the map's
 *       structures are built (graph done and hierarchy done or refused, or the graph refused; at most
 *       {@code --max-during N} answers), printing the answers during the build; then
 *       {@code R} (default 5) timed rounds over all pairs. Per phase: answers, complete (status ok, ending at the
 *       goal), not longer than the shortest grid path (smoothed length {@code <=} it + 1e-6), wall time p50 / p99 /
 *       max in ms, one query in flight, at most 50 queries a second (the shipped {@code server.maxMessagesPerSecond}
 *       is 100).</li>
 * </ol>
 */
public final class LongRouteProbe {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** At most 50 queries a second on the one connection. */
    private static final long MIN_SEND_GAP_NANOS = 20_000_000L;

    private LongRouteProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("prepare")) {
            prepare(Path.of(args[1]), Path.of(args[2]), args);
        } else if (args.length >= 2 && args[0].equals("run")) {
            run(Path.of(args[1]), args);
        } else {
            System.err.println("usage: LongRouteProbe prepare MAP PAIRS [--pairs N] [--min-cells C] [--seed S]\n"
                    + "       LongRouteProbe run PAIRS --map NAME --port P --admin-port A [--rounds R] "
                    + "[--max-during N] [--started-ms T]");
            System.exit(2);
        }
    }

    private static String opt(String[] args, String name, String def) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return def;
    }

    private static void prepare(Path mapFile, Path out, String[] args) throws IOException {
        int n = Integer.parseInt(opt(args, "--pairs", "40"));
        int minCells = Integer.parseInt(opt(args, "--min-cells", "2000"));
        SplittableRandom rnd = new SplittableRandom(Long.parseLong(opt(args, "--seed", "1")));
        GridMap map = MapLoader.load(mapFile);
        NavGrid grid = map.navGrid();
        PathSearch search = new PathSearch();
        StringBuilder sb = new StringBuilder();
        int found = 0;
        for (int tries = 0; found < n && tries < 2_000_000; tries++) {
            int a = rnd.nextInt(map.width() * map.height());
            int b = rnd.nextInt(map.width() * map.height());
            if (!grid.openCell(a) || !grid.openCell(b) || grid.island(a) != grid.island(b)) {
                continue;
            }
            int dx = Math.abs(map.col(a) - map.col(b));
            int dy = Math.abs(map.row(a) - map.row(b));
            if (Math.max(dx, dy) + (Math.sqrt(2) - 1) * Math.min(dx, dy) < minCells) {
                continue;
            }
            PathResult r = search.find(grid, map.col(a), map.row(a), map.col(b), map.row(b), SearchOptions.DEFAULT);
            if (r.status() != SearchStatus.FOUND) {
                throw new IllegalStateException("no path between cells on one island: " + a + " " + b);
            }
            sb.append(String.format(Locale.ROOT, "%.3f\t%.3f\t%.3f\t%.3f\t%.6f%n", map.worldX(a), map.worldZ(a),
                    map.worldX(b), map.worldZ(b), r.length()));
            found++;
        }
        Files.writeString(out, sb.toString());
        System.out.printf(Locale.ROOT, "probe: prepared %d pairs at octile distance >= %d on %s%n", found, minCells,
                mapFile);
    }

    /** One answer: wall time, complete, not longer than the shortest grid path. */
    private record Answer(long nanos, boolean complete, boolean notLonger, String status) {
    }

    private static void run(Path pairsFile, String[] args) throws Exception {
        String mapName = opt(args, "--map", null);
        int port = Integer.parseInt(opt(args, "--port", "7400"));
        int adminPort = Integer.parseInt(opt(args, "--admin-port", "7401"));
        int rounds = Integer.parseInt(opt(args, "--rounds", "5"));
        int maxDuring = Integer.parseInt(opt(args, "--max-during", "100000"));
        long startedMs = Long.parseLong(opt(args, "--started-ms", Long.toString(System.currentTimeMillis())));
        List<double[]> pairs = new ArrayList<>();
        for (String line : Files.readAllLines(pairsFile)) {
            pairs.add(Arrays.stream(line.split("\t")).mapToDouble(Double::parseDouble).toArray());
        }
        Socket socket = null;
        while (socket == null) {
            try {
                socket = new Socket("127.0.0.1", port);
            } catch (IOException e) {
                Thread.sleep(50); // the server is still starting: poll its port
            }
        }
        socket.setTcpNoDelay(true);
        try (Socket s = socket; OutputStream out = s.getOutputStream();
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                        StandardCharsets.UTF_8))) {
            send(out, "{\"type\":\"hello\",\"protocol\":1,\"player\":\"probe\",\"map\":\"" + mapName + "\"}");
            await(in, "welcome", null);
            Answer first = ask(out, in, pairs.get(0), "first");
            System.out.printf(Locale.ROOT, "probe: first long route answered %.2f s after the server's launch "
                    + "(%s, %.1f ms)%n", (System.currentTimeMillis() - startedMs) / 1e3, first.status(),
                    first.nanos() / 1e6);
            HttpClient http = HttpClient.newHttpClient();
            List<Answer> during = new ArrayList<>();
            long buildStart = System.nanoTime();
            long nextPoll = 0;
            for (int i = 0; ; i++) {
                if (System.nanoTime() - nextPoll >= 0) { // the metrics page at most once a second
                    if (built(http, adminPort, mapName)) {
                        break;
                    }
                    nextPoll = System.nanoTime() + 1_000_000_000L;
                }
                if (i == maxDuring) {
                    System.out.printf(Locale.ROOT, "probe: stopped waiting for the structures after %d answers%n", i);
                    break;
                }
                during.add(ask(out, in, pairs.get(i % pairs.size()), "d" + i));
            }
            System.out.printf(Locale.ROOT, "probe: structures built (or refused) %.1f s after the probe connected%n",
                    (System.nanoTime() - buildStart) / 1e9);
            report("during_build", during);
            List<Answer> after = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < pairs.size(); i++) {
                    after.add(ask(out, in, pairs.get(i), "r" + r + "-" + i));
                }
            }
            report("after_build", after);
        }
    }

    private static final Pattern SAMPLE = Pattern.compile("(?m)^(navserver_nav_build[a-z_]*)\\{([^}]*)} (\\S+)$");

    /** Whether the metrics say the map's graph is built and its hierarchy built or refused. */
    private static boolean built(HttpClient http, int adminPort, String map) throws Exception {
        String text = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
        double graph = 0;
        double hierarchy = 0;
        double refused = 0;
        double graphRefused = 0;
        Matcher m = SAMPLE.matcher(text);
        while (m.find()) {
            String labels = m.group(2);
            double v = Double.parseDouble(m.group(3));
            if (m.group(1).equals("navserver_nav_build_progress_ratio") && labels.contains("map=\"" + map + "\"")) {
                if (labels.contains("subgoal_graph")) {
                    graph = v;
                } else {
                    hierarchy = v;
                }
            } else if (m.group(1).equals("navserver_nav_builds_total")
                    && (labels.contains("no_heap") || labels.contains("too_large"))) {
                if (labels.contains("subgoal_hierarchy")) {
                    refused += v;
                } else {
                    graphRefused += v;
                }
            }
        }
        return graph == 1 && (hierarchy == 1 || refused > 0) || graphRefused > 0;
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static JsonNode await(BufferedReader in, String type, String id) throws IOException {
        for (String line; (line = in.readLine()) != null; ) {
            JsonNode n = JSON.readTree(line);
            if (n.path("type").asText().equals(type) && (id == null || id.equals(n.path("id").asText()))) {
                return n;
            }
        }
        throw new IOException("connection closed");
    }

    /** Earliest next send: the shipped server.maxMessagesPerSecond (100) closes a faster connection. */
    private static long nextSend;

    private static Answer ask(OutputStream out, BufferedReader in, double[] p, String id) throws IOException {
        for (long wait; (wait = nextSend - System.nanoTime()) > 0; ) {
            java.util.concurrent.locks.LockSupport.parkNanos(wait); // pacing, not a wait for an outcome
        }
        long t0 = System.nanoTime();
        nextSend = t0 + MIN_SEND_GAP_NANOS;
        send(out, String.format(Locale.ROOT, "{\"type\":\"path_query\",\"id\":\"%s\",\"from\":[%.3f,0,%.3f],"
                + "\"to\":[%.3f,0,%.3f]}", id, p[0], p[1], p[2], p[3]));
        JsonNode r = await(in, "path", id);
        long nanos = System.nanoTime() - t0;
        JsonNode pts = r.path("points");
        JsonNode end = pts.size() == 0 ? null : pts.get(pts.size() - 1);
        boolean atGoal = end != null && Math.abs(end.get(0).asDouble() - p[2]) < 1e-3
                && Math.abs(end.get(2).asDouble() - p[3]) < 1e-3;
        String status = r.path("status").asText();
        return new Answer(nanos, status.equals("ok") && atGoal, r.path("length").asDouble() <= p[4] + 1e-6, status);
    }

    private static void report(String phase, List<Answer> answers) {
        if (answers.isEmpty()) {
            System.out.printf(Locale.ROOT, "probe: %s answers=0%n", phase);
            return;
        }
        long[] ns = answers.stream().mapToLong(Answer::nanos).sorted().toArray();
        long complete = answers.stream().filter(Answer::complete).count();
        long notLonger = answers.stream().filter(Answer::notLonger).count();
        long partial = answers.stream().filter(a -> a.status().equals("partial")).count();
        System.out.printf(Locale.ROOT, "probe: %s answers=%d complete=%d partial=%d not_longer_than_shortest=%d "
                + "ms p50=%.2f p99=%.2f max=%.2f%n", phase, answers.size(), complete, partial, notLonger,
                ns[(ns.length - 1) / 2] / 1e6, ns[(int) Math.ceil(0.99 * ns.length) - 1] / 1e6, ns[ns.length - 1] / 1e6);
    }
}
