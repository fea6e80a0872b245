package dev.navserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.io.MapLoader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code DurabilitySoak MAP_FILE [CYCLES] [WORK_DIR] [COMPACT_EDITS]}: crash/restart cycles against a real server
 * process ({@code Main serve}, this JVM's classpath, loopback). Each cycle starts the server on the same
 * directories, checks that its {@code welcome.mapVersion} is at least the last version acknowledged before the
 * previous kill and that its grid (admin export) is the map file plus exactly the edits that version counts, in
 * order; then one authority streams edits (up to 8 in flight) for a random 50..400 ms and the process is killed
 * with SIGKILL. Edit {@code k} is a 2x2 square, wall for even {@code k}, open for odd, so version {@code v} holds
 * edits {@code 0..v-2}. {@code COMPACT_EDITS} (default 25) is {@code maps.editLogCompactEdits}, small so kills
 * also land in compactions. Prints a line per cycle and a summary; exits 1 on any lost or doubled edit. Not a test.
 */
public final class DurabilitySoak {
    private static final String TOKEN = "soak-authority-0123456789";
    private static final String ADMIN = "soak-admin-token-0123456789";
    private static final Pattern UP = Pattern.compile("navserver up: game port (\\d+), admin port (\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WINDOW = 8;

    private DurabilitySoak() {
    }

    public static void main(String[] args) throws Exception {
        Path mapFile = Path.of(args[0]);
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path work = Files.createDirectories(args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("soak"));
        int compact = args.length > 3 ? Integer.parseInt(args[3]) : 25;
        GridMap file = MapLoader.load(mapFile);
        Path maps = Files.createDirectories(work.resolve("maps"));
        Files.copy(mapFile, maps.resolve(mapFile.getFileName()));
        Path config = Files.createDirectories(work.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, "configVersion: 1\n"
                + "server: {host: 127.0.0.1, port: 0, authorityToken: " + TOKEN + ", maxMessagesPerSecond: 100000}\n"
                + "admin: {host: 127.0.0.1, port: 0, token: " + ADMIN + "}\n"
                + "chase: {monstersPerPlayer: 0}\n"
                + "maps: {dir: maps, default: " + file.name() + ", editLogCompactEdits: " + compact + "}\n");
        SplittableRandom random = new SplittableRandom(27);
        long lastAcked = 1;
        long acked = 0;
        int failures = 0;
        double[] startSeconds = new double[cycles];
        for (int cycle = 0; cycle < cycles; cycle++) {
            long t0 = System.nanoTime();
            Process p = start(config, work.resolve("server.log"));
            try {
                Matcher up = awaitUp(p, work.resolve("server.log"));
                startSeconds[cycle] = (System.nanoTime() - t0) / 1e9;
                int game = Integer.parseInt(up.group(1));
                int admin = Integer.parseInt(up.group(2));
                try (Socket s = new Socket("127.0.0.1", game)) {
                    s.setTcpNoDelay(true);
                    OutputStream out = s.getOutputStream();
                    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                            StandardCharsets.UTF_8));
                    send(out, "{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"map\":\"" + file.name()
                            + "\",\"token\":\"" + TOKEN + "\"}");
                    long version = read(in, "welcome").path("mapVersion").asLong();
                    boolean gridOk = Arrays.equals(exported(admin, file.name()), expected(file, (int) (version - 1)));
                    boolean ok = version >= lastAcked && gridOk;
                    if (!ok) {
                        failures++;
                    }
                    long streamed = stream(s, out, in, file, version, 50 + random.nextInt(351));
                    System.out.printf(Locale.ROOT, "soak: cycle=%d start_s=%.2f version=%d last_acked=%d grid=%s "
                                    + "acked_this_cycle=%d %s%n", cycle, startSeconds[cycle], version, lastAcked,
                            gridOk ? "ok" : "MISMATCH", streamed - version, ok ? "ok" : "FAILED");
                    acked += streamed - version;
                    lastAcked = streamed;
                    p.destroyForcibly(); // SIGKILL while edits are in flight
                }
            } finally {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
        double[] sorted = startSeconds.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "soak: cycles=%d acked_edits=%d failures=%d final_version=%d "
                + "restart_to_listening_s_p50=%.2f max=%.2f%n", cycles, acked, failures, lastAcked,
                sorted[sorted.length / 2], sorted[sorted.length - 1]);
        System.exit(failures == 0 ? 0 : 1);
    }

    /**
     * Sends edits {@code from - 1, from, ...} with up to {@value #WINDOW} unacknowledged, for {@code millis}; returns
     * the last acknowledged version ({@code from} when none).
     */
    private static long stream(Socket s, OutputStream out, BufferedReader in, GridMap map, long from, int millis)
            throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long next = from - 1; // edit k makes version k + 2
        long last = from;
        s.setSoTimeout(5000);
        while (System.nanoTime() < deadline) {
            while (next + 2 - last <= WINDOW) {
                send(out, edit(map, next++));
            }
            last = read(in, "map_edited").path("version").asLong();
        }
        return last;
    }

    private static String edit(GridMap map, long k) {
        return "{\"type\":\"map_edit\",\"id\":\"e" + k + "\",\"edits\":[{\"cells\":[" + col(map, k) + "," + row(map, k)
                + ",2,2],\"terrain\":\"" + (k % 2 == 0 ? "wall" : "open") + "\"}]}";
    }

    private static int col(GridMap map, long k) {
        return (int) (k * 37 % (map.width() - 1));
    }

    private static int row(GridMap map, long k) {
        return (int) (k * 91 % (map.height() - 1));
    }

    /** The file's terrain with edits {@code 0..count-1} applied in order. */
    private static byte[] expected(GridMap file, int count) {
        byte[] t = file.terrainCopy();
        for (int k = 0; k < count; k++) {
            byte terrain = k % 2 == 0 ? Terrain.WALL : Terrain.OPEN;
            for (int r = row(file, k); r < row(file, k) + 2; r++) {
                for (int c = col(file, k); c < col(file, k) + 2; c++) {
                    t[r * file.width() + c] = terrain;
                }
            }
        }
        return t;
    }

    private static byte[] exported(int adminPort, String map) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + adminPort + "/admin/maps/" + map))
                .header("Authorization", "Bearer " + ADMIN).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("export: HTTP " + r.statusCode() + " " + r.body());
        }
        return MapLoader.parse(map, "export", new StringReader(r.body())).terrainCopy();
    }

    private static Process start(Path config, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "dev.navserver.server.Main", "serve", "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static Matcher awaitUp(Process p, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher m = UP.matcher(Files.readString(log));
            if (m.find()) {
                return m;
            }
            if (!p.isAlive()) {
                throw new IOException("server exited:\n" + Files.readString(log));
            }
            Thread.sleep(20);
        }
        throw new IOException("server did not start in 60 s:\n" + Files.readString(log));
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static JsonNode read(BufferedReader in, String type) throws IOException {
        for (String line; (line = in.readLine()) != null; ) {
            JsonNode n = JSON.readTree(line);
            if ("error".equals(n.path("type").asText())) {
                throw new IOException("server error: " + line);
            }
            if (type.equals(n.path("type").asText())) {
                return n;
            }
        }
        throw new IOException("connection closed before " + type);
    }
}
