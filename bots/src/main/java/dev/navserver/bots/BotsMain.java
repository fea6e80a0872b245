package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.navserver.protocol.Protocol;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./navserver bots}: headless load-test clients against a navserver on loopback. Prints progress lines, then
 * one {@code bots:} summary line; {@code --report} also writes it as JSON, {@code --report-html} as an HTML page
 * with charts. The run is a ramp ({@code --ramp-up}) followed by a steady window ({@code --duration}). Exit status:
 * 0 when every path was
 * valid and no connection failed, 1 otherwise, 2 for bad arguments (including a non-loopback host or an unreadable
 * map).
 */
@Command(name = "bots", sortOptions = false,
        description = "Headless load-test clients: each bot says hello, spawns monsters, walks a random route "
                + "sending player_pos, and checks and times every nav_path. Loopback hosts only.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every nav_path valid, no connection failed", "1:an invalid nav_path, a monster "
                + "overlap, a failed or dropped connection, an undecodable line, or an authority token not accepted",
            "2:bad arguments, non-loopback host, unreadable map"})
public final class BotsMain implements Callable<Integer> {
    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;
    static final String DEFAULT_MAP = "maps/arena.txt";
    static final double PROGRESS_INTERVAL_SECONDS = 5.0;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "server host, loopback only (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "7400", description = "server port, 1..65535 (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--players", defaultValue = "10",
            description = "number of bots, 1..100000 (default: ${DEFAULT-VALUE})")
    int players;

    @Option(names = "--spawn", defaultValue = "0",
            description = "monsters each bot spawns 5-15 m away, 0..100; 0 relies on the server's "
                    + "chase.monstersPerPlayer (default: ${DEFAULT-VALUE})")
    int spawn;

    @Option(names = "--duration", defaultValue = "30", paramLabel = "SECONDS",
            description = "steady window after the ramp, seconds, > 0 and <= 86400; the run lasts --ramp-up + "
                    + "--duration (default: ${DEFAULT-VALUE})")
    double durationSeconds;

    @Option(names = "--ramp-up", defaultValue = "10", paramLabel = "SECONDS",
            description = "connect the bots evenly spread over this many seconds before the steady window, "
                    + "0..3600; the steady_* fields leave out positions sent during the ramp (default: "
                    + "${DEFAULT-VALUE})")
    double rampUpSeconds;

    @Option(names = "--admin-port", paramLabel = "PORT",
            description = "the server's admin HTTP port on --host, 1..65535: read its /metrics at the start and the "
                    + "end of the steady window and print server_p99_ms (pos_to_path) and tick_p99_ms over that "
                    + "window (default: not read)")
    Integer adminPort;

    @Option(names = "--viewers", defaultValue = "0", paramLabel = "N",
            description = "live-viewer sockets to attach to the server's /view/ws on --admin-port for the whole run, "
                    + "0..8, each watching the bots' map (needs --admin-token); prints a viewers: line "
                    + "(default: ${DEFAULT-VALUE})")
    int viewers;

    @Option(names = "--admin-token", paramLabel = "TOKEN",
            description = "the server's admin.token, for --viewers (default: the NAVSERVER_ADMIN_TOKEN environment "
                    + "variable)")
    String adminToken;

    @Option(names = "--map", paramLabel = "FILE",
            description = "map file the bots walk and check paths on, NavExport or Moving AI (default: "
                    + DEFAULT_MAP + " under navserver.home or the working directory)")
    Path mapFile;

    @Option(names = "--map-name", paramLabel = "NAME",
            description = "map name sent in hello (default: the map file's name without extension)")
    String mapName;

    @Option(names = "--speed", defaultValue = "3.0", paramLabel = "M/S",
            description = "player walking speed, metres per second, > 0 and <= 100 (default: ${DEFAULT-VALUE})")
    double speed;

    @Option(names = "--pos-hz", defaultValue = "10", paramLabel = "HZ",
            description = "player_pos messages per second per bot, > 0 and <= 100 (default: ${DEFAULT-VALUE})")
    double posHz;

    @Option(names = "--report", paramLabel = "FILE", description = "also write the summary as JSON to FILE")
    Path reportFile;

    @Option(names = "--report-html", paramLabel = "FILE",
            description = "also write a self-contained HTML page with the summary and charts of latency and "
                    + "nav_paths/s over time to FILE")
    Path reportHtmlFile;

    @Option(names = "--edits-per-second", defaultValue = "0", paramLabel = "R",
            description = "map_edits per second of one extra authority bot that toggles small walls (doors, boxes) "
                    + "on the bots' map and restores them, 0..1000; needs --authority-token (default: ${DEFAULT-VALUE})")
    double editsPerSecond;

    @Option(names = "--authority-token", paramLabel = "TOKEN",
            description = "the server's server.authorityToken for the editing bot; with it the run fails unless the "
                    + "bot is welcomed as an authority (default: the NAVSERVER_AUTHORITY_TOKEN environment variable "
                    + "when --edits-per-second > 0)")
    String authorityToken;

    @Option(names = "--monster-radius", defaultValue = "0.4", paramLabel = "METRES",
            description = "monster body radius for the overlap check of monsters snapshots, 0..10, as the server's "
                    + "chase.monsterRadiusMeters (default: ${DEFAULT-VALUE})")
    double monsterRadius;

    @Option(names = "--player-radius", defaultValue = "0.5", paramLabel = "METRES",
            description = "player body radius for the overlap check, 0..10, as the server's "
                    + "chase.playerRadiusMeters (default: ${DEFAULT-VALUE})")
    double playerRadius;

    @Option(names = "--crowd", defaultValue = "0", paramLabel = "K",
            description = "monsters each bot spawns 1-2.5 m around its start so that they crowd it, 0..100, in "
                    + "addition to --spawn (default: ${DEFAULT-VALUE})")
    int crowd;

    @Option(names = "--world",
            description = "shared world (issue 26): the bots walk the map among the world's monsters; with "
                    + "--authority-token one world authority bot observes every monster and every bot checks its view "
                    + "against it (view_errors)")
    boolean world;

    @Option(names = "--world-spawn", defaultValue = "0", paramLabel = "N",
            description = "monsters the world authority bot spawns with monster_spawn, half wandering, half "
                    + "patrolling two routes it defines, 0..100000; needs --authority-token "
                    + "(default: ${DEFAULT-VALUE})")
    int worldSpawn;

    @Option(names = "--world-kinds", defaultValue = "default", split = ",", paramLabel = "KIND",
            description = "monster kinds for --world-spawn, round robin, each a kind of the server's monsters.kinds "
                    + "(default: ${DEFAULT-VALUE})")
    java.util.List<String> worldKinds;

    @Option(names = "--authority-commands", defaultValue = "0", paramLabel = "R",
            description = "random monster_commands per second of the world authority bot, every kind, on monsters "
                    + "of its view, targets among the bots, 0..1000; needs --authority-token "
                    + "(default: ${DEFAULT-VALUE})")
    double authorityCommands;

    @Option(names = "--bad-requests", defaultValue = "0.05", paramLabel = "SHARE",
            description = "share of --authority-commands that are deliberately bad and must get their specific "
                    + "error, 0..1 (default: ${DEFAULT-VALUE})")
    double badRequests;

    @Option(names = "--aoi-radius", defaultValue = "40", paramLabel = "METRES",
            description = "the server's aoi.radiusMeters, for the view checks, > 0 (default: ${DEFAULT-VALUE})")
    double aoiRadius;

    @Option(names = "--aoi-hysteresis", defaultValue = "5", paramLabel = "METRES",
            description = "the server's aoi.hysteresisMeters, for the view checks, >= 0 and < --aoi-radius "
                    + "(default: ${DEFAULT-VALUE})")
    double aoiHysteresis;

    @Option(names = "--snapshot-hz", defaultValue = "5", paramLabel = "HZ",
            description = "the server's chase.snapshotHz, for the view checks' travel allowance, > 0 and <= 120 "
                    + "(default: ${DEFAULT-VALUE})")
    double snapshotHz;

    @Option(names = "--seed", description = "random seed for routes and spawn points (default: random)")
    Long seed;

    private final PrintStream out;
    private final PrintStream err;

    BotsMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, runs the bots and returns the exit status; never calls {@link System#exit}. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new BotsMain(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Override
    public Integer call() throws InterruptedException {
        String problem = validate();
        if (problem != null) {
            err.println("bots: " + problem);
            return EXIT_USAGE;
        }
        InetAddress address = Loopback.address(host);
        if (address == null) {
            err.println("bots: refusing host '" + host + "': load tests target loopback only "
                    + "(127.0.0.0/8, ::1, localhost)");
            return EXIT_USAGE;
        }
        Path file = mapFile != null ? mapFile : defaultMap();
        GridMap map;
        try {
            map = MapLoader.load(file);
        } catch (IOException | RuntimeException e) {
            err.println("bots: cannot load map " + file + ": " + e.getMessage());
            return EXIT_USAGE;
        }
        String name = mapName != null ? mapName : MapLoader.mapName(file);
        long s = seed != null ? seed : ThreadLocalRandom.current().nextLong();
        BotsSettings settings = new BotsSettings(address, port, players, spawn, durationSeconds, file, name, speed,
                posHz, s, rampUpSeconds, adminPort == null ? 0 : adminPort, editsPerSecond, authority(),
                monsterRadius, playerRadius, crowd, new WorldSettings(world, worldSpawn, worldKinds,
                authorityCommands, badRequests, aoiRadius, aoiHysteresis, snapshotHz));
        ViewerProbe viewerProbe = null;
        if (viewers > 0) {
            try {
                viewerProbe = ViewerProbe.open(address, adminPort, token(), name, viewers);
            } catch (IllegalStateException e) {
                err.println("bots: " + e.getMessage());
                return EXIT_FAILED;
            }
        }
        BotsReport report;
        try {
            report = new LoadRunner(settings, map, out, err, PROGRESS_INTERVAL_SECONDS).run();
        } catch (IllegalArgumentException e) {
            err.println("bots: " + e.getMessage());
            return EXIT_USAGE;
        } catch (IllegalStateException e) {
            err.println("bots: " + e.getMessage());
            return EXIT_FAILED;
        } finally {
            if (viewerProbe != null) {
                viewerProbe.close();
            }
        }
        out.println(report.summaryLine());
        if (viewerProbe != null) {
            out.println(viewerProbe.summaryLine());
        }
        out.flush();
        int status = report.exitStatus();
        if (reportFile != null) {
            try {
                report.write(reportFile);
            } catch (IOException e) {
                err.println("bots: cannot write report " + reportFile + ": " + e);
                status = EXIT_FAILED;
            }
        }
        if (reportHtmlFile != null) {
            try {
                HtmlReport.write(report, reportHtmlFile);
            } catch (IOException e) {
                err.println("bots: cannot write HTML report " + reportHtmlFile + ": " + e);
                status = EXIT_FAILED;
            }
        }
        return status;
    }

    /** The first out-of-range argument as a message, or null. */
    String validate() {
        if (port < 1 || port > 65535) {
            return "--port must be 1..65535, got " + port;
        }
        if (players < 1 || players > 100_000) {
            return "--players must be 1..100000, got " + players;
        }
        if (spawn < 0 || spawn > 100) {
            return "--spawn must be 0..100, got " + spawn;
        }
        if (!(durationSeconds > 0 && durationSeconds <= 86_400)) {
            return "--duration must be > 0 and <= 86400 seconds, got " + durationSeconds;
        }
        if (!(rampUpSeconds >= 0 && rampUpSeconds <= 3600)) {
            return "--ramp-up must be >= 0 and <= 3600 seconds, got " + rampUpSeconds;
        }
        if (adminPort != null && (adminPort < 1 || adminPort > 65535)) {
            return "--admin-port must be 1..65535, got " + adminPort;
        }
        if (viewers < 0 || viewers > 8) {
            return "--viewers must be 0..8, got " + viewers;
        }
        if (viewers > 0 && adminPort == null) {
            return "--viewers needs --admin-port";
        }
        if (viewers > 0 && (token() == null || token().isEmpty())) {
            return "--viewers needs --admin-token or NAVSERVER_ADMIN_TOKEN";
        }
        if (!(speed > 0 && speed <= 100)) {
            return "--speed must be > 0 and <= 100 m/s, got " + speed;
        }
        if (!(posHz > 0 && posHz <= 100)) {
            return "--pos-hz must be > 0 and <= 100, got " + posHz;
        }
        if (!(editsPerSecond >= 0 && editsPerSecond <= 1000)) {
            return "--edits-per-second must be 0..1000, got " + editsPerSecond;
        }
        String t = authority();
        if (editsPerSecond > 0 && (t == null || t.isEmpty())) {
            return "--edits-per-second needs --authority-token or NAVSERVER_AUTHORITY_TOKEN";
        }
        if (t != null && (t.isEmpty() || t.length() > Protocol.MAX_TOKEN_CHARS
                || t.chars().anyMatch(Character::isWhitespace))) {
            return "--authority-token must be 1.." + Protocol.MAX_TOKEN_CHARS + " characters without whitespace";
        }
        if (!(monsterRadius >= 0 && monsterRadius <= 10)) {
            return "--monster-radius must be >= 0 and <= 10 m, got " + monsterRadius;
        }
        if (!(playerRadius >= 0 && playerRadius <= 10)) {
            return "--player-radius must be >= 0 and <= 10 m, got " + playerRadius;
        }
        if (crowd < 0 || crowd > 100) {
            return "--crowd must be 0..100, got " + crowd;
        }
        String world = validateWorld(t);
        if (world != null) {
            return world;
        }
        if (mapName != null && (mapName.isEmpty() || mapName.length() > 64)) {
            return "--map-name must be 1..64 characters, got " + mapName.length();
        }
        if (mapFile != null && !Files.isRegularFile(mapFile)) {
            return "--map " + mapFile + " is not a readable file";
        }
        return null;
    }

    /** The first out-of-range shared-world argument as a message, or null; {@code t} is the authority token. */
    private String validateWorld(String t) {
        if (worldSpawn < 0 || worldSpawn > 100_000) {
            return "--world-spawn must be 0..100000, got " + worldSpawn;
        }
        if (!(authorityCommands >= 0 && authorityCommands <= 1000)) {
            return "--authority-commands must be 0..1000, got " + authorityCommands;
        }
        if ((worldSpawn > 0 || authorityCommands > 0) && (t == null || t.isEmpty())) {
            return (worldSpawn > 0 ? "--world-spawn" : "--authority-commands")
                    + " needs --authority-token or NAVSERVER_AUTHORITY_TOKEN";
        }
        if (worldKinds.isEmpty() || worldKinds.stream().anyMatch(k -> !k.matches("[A-Za-z0-9_-]{1,64}"))) {
            return "--world-kinds must list kind names of 1..64 characters of A-Z a-z 0-9 _ -, got " + worldKinds;
        }
        if (!(badRequests >= 0 && badRequests <= 1)) {
            return "--bad-requests must be 0..1, got " + badRequests;
        }
        if (!(aoiRadius > 0 && aoiRadius <= 100_000)) {
            return "--aoi-radius must be > 0 and <= 100000 m, got " + aoiRadius;
        }
        if (!(aoiHysteresis >= 0 && aoiHysteresis < aoiRadius)) {
            return "--aoi-hysteresis must be >= 0 and < --aoi-radius, got " + aoiHysteresis;
        }
        if (!(snapshotHz > 0 && snapshotHz <= 120)) {
            return "--snapshot-hz must be > 0 and <= 120, got " + snapshotHz;
        }
        return null;
    }

    /** The admin token: {@code --admin-token}, else {@code NAVSERVER_ADMIN_TOKEN}, else null. */
    private String token() {
        return adminToken != null ? adminToken : System.getenv("NAVSERVER_ADMIN_TOKEN");
    }

    /**
     * The authority token: {@code --authority-token}; else, when edits are asked for, {@code
     * NAVSERVER_AUTHORITY_TOKEN}; else null (no editing bot).
     */
    private String authority() {
        if (authorityToken != null) {
            return authorityToken;
        }
        boolean needed = editsPerSecond > 0 || world || worldSpawn > 0 || authorityCommands > 0;
        return needed ? System.getenv("NAVSERVER_AUTHORITY_TOKEN") : null;
    }

    /** {@value #DEFAULT_MAP} under the {@code navserver.home} system property, else under the working directory. */
    static Path defaultMap() {
        String home = System.getProperty("navserver.home");
        return (home != null && !home.isBlank() ? Path.of(home) : Path.of("")).resolve(DEFAULT_MAP);
    }
}
