package dev.navserver.bots;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The result of one run: what {@code bots:} prints and {@code --report} writes as JSON (snake_case keys). Immutable.
 *
 * @param players            bots started
 * @param welcomed           bots that received {@code welcome}
 * @param monsters           distinct monsters seen (spawned, in a {@code nav_path} or a {@code monsters} list)
 * @param durationSeconds    from the first connect to the end of the run (ramp and steady window), seconds
 * @param navPaths           {@code nav_path} messages received
 * @param invalid            of those, paths that failed a check (see {@link PathChecker})
 * @param errors             {@code error} messages received
 * @param disconnects        connections closed by the server, or a server {@code bye}, before the end
 * @param connectFailed      connections not opened, or without a usable {@code welcome}
 * @param undecodable        lines from the server that did not decode
 * @param latencyMs          {@code player_pos} seq s sent → first {@code nav_path} with {@code playerSeq} s, ms,
 *                           over the whole run (ramp included)
 * @param connectMs          connect started → {@code welcome} received, ms
 * @param navPathsPerSecond  {@code navPaths / durationSeconds}
 * @param invalidByReason    invalid paths per problem
 * @param errorsByCode       errors per {@code code}
 * @param failuresByReason   disconnects and failed connections per cause
 * @param messagesIn         received messages per {@code type}
 * @param messagesOut        sent messages per {@code type}
 * @param settings           the run's parameters
 * @param exitStatus         0 when every path was valid and no connection failed, else 1
 * @param rampUpSeconds      the ramp ({@code --ramp-up}), seconds
 * @param steadyDurationSeconds from the end of the ramp to the end of the run, seconds (0 when the run ended
 *                           during the ramp)
 * @param steadyLatencyMs    {@code latencyMs} of the positions sent in the steady window only, ms
 * @param steadyNavPathsPerSecond {@code nav_path}s received in the steady window per second of it
 * @param server             the server's latency over the steady window from its {@code /metrics}; null without
 *                           {@code --admin-port}
 * @param timeline           the run over time (per-second buckets for runs up to 30 minutes)
 * @param dynamics           map edits, version lags and body overlaps
 * @param world              the shared world: view checks, authority spawns and commands, downstream bytes
 * @param redirects          {@code redirect}s the bots received and followed (issue 27: a node gave their map up,
 *                           or they connected to a node that does not serve it); not counted as disconnects
 */
@JsonPropertyOrder({"players", "welcomed", "monsters", "durationSeconds", "navPaths", "invalid", "errors",
        "disconnects", "redirects", "connectFailed", "undecodable", "latencyMs", "connectMs", "navPathsPerSecond",
        "rampUpSeconds", "steadyDurationSeconds", "steadyLatencyMs", "steadyNavPathsPerSecond", "server",
        "invalidByReason", "errorsByCode", "failuresByReason", "messagesIn", "messagesOut", "settings", "exitStatus",
        "dynamics", "world", "timeline"})
public record BotsReport(int players, long welcomed, long monsters, double durationSeconds, long navPaths,
                         long invalid, long errors, long disconnects, long connectFailed, long undecodable,
                         Percentiles latencyMs, Percentiles connectMs, double navPathsPerSecond,
                         Map<String, Long> invalidByReason, Map<String, Long> errorsByCode,
                         Map<String, Long> failuresByReason, Map<String, Long> messagesIn,
                         Map<String, Long> messagesOut, Settings settings, int exitStatus, double rampUpSeconds,
                         double steadyDurationSeconds, Percentiles steadyLatencyMs, double steadyNavPathsPerSecond,
                         ServerLatency server, Timeline timeline, Dynamics dynamics, WorldReport world,
                         long redirects) {

    /** A report without {@link WorldReport} and redirects (tests of the other fields). */
    public BotsReport(int players, long welcomed, long monsters, double durationSeconds, long navPaths,
                      long invalid, long errors, long disconnects, long connectFailed, long undecodable,
                      Percentiles latencyMs, Percentiles connectMs, double navPathsPerSecond,
                      Map<String, Long> invalidByReason, Map<String, Long> errorsByCode,
                      Map<String, Long> failuresByReason, Map<String, Long> messagesIn,
                      Map<String, Long> messagesOut, Settings settings, int exitStatus, double rampUpSeconds,
                      double steadyDurationSeconds, Percentiles steadyLatencyMs, double steadyNavPathsPerSecond,
                      ServerLatency server, Timeline timeline, Dynamics dynamics) {
        this(players, welcomed, monsters, durationSeconds, navPaths, invalid, errors, disconnects, connectFailed,
                undecodable, latencyMs, connectMs, navPathsPerSecond, invalidByReason, errorsByCode, failuresByReason,
                messagesIn, messagesOut, settings, exitStatus, rampUpSeconds, steadyDurationSeconds, steadyLatencyMs,
                steadyNavPathsPerSecond, server, timeline, dynamics, WorldReport.NONE, 0);
    }

    /**
     * What the run saw of a changing map and of monster bodies.
     *
     * @param edits             {@code map_edited} answers the editing bot received (edits applied)
     * @param editsSkipped      edit periods in which the editing bot sent nothing
     * @param overlaps          overlaps found in {@code monsters} snapshots (see {@link Overlaps})
     * @param patchProblems     {@code map_patch}es a bot could not follow
     * @param uncheckedPaths    {@code nav_path}s whose version's grid was not available, so not checked
     * @param pathsByVersionLag {@code nav_path}s by the bot's latest known map version minus the path's
     *                          {@code mapVersion}: keys {@code 0}, {@code 1}, {@code 2}, {@code 3+}
     */
    public record Dynamics(long edits, long editsSkipped, long overlaps, long patchProblems, long uncheckedPaths,
                           Map<String, Long> pathsByVersionLag) {
        /** No edits, no overlaps, nothing counted. */
        public static final Dynamics NONE = new Dynamics(0, 0, 0, 0, 0, Map.of());
    }

    /** A report without {@link Dynamics} (tests of the other fields). */
    public BotsReport(int players, long welcomed, long monsters, double durationSeconds, long navPaths,
                      long invalid, long errors, long disconnects, long connectFailed, long undecodable,
                      Percentiles latencyMs, Percentiles connectMs, double navPathsPerSecond,
                      Map<String, Long> invalidByReason, Map<String, Long> errorsByCode,
                      Map<String, Long> failuresByReason, Map<String, Long> messagesIn,
                      Map<String, Long> messagesOut, Settings settings, int exitStatus, double rampUpSeconds,
                      double steadyDurationSeconds, Percentiles steadyLatencyMs, double steadyNavPathsPerSecond,
                      ServerLatency server, Timeline timeline) {
        this(players, welcomed, monsters, durationSeconds, navPaths, invalid, errors, disconnects, connectFailed,
                undecodable, latencyMs, connectMs, navPathsPerSecond, invalidByReason, errorsByCode, failuresByReason,
                messagesIn, messagesOut, settings, exitStatus, rampUpSeconds, steadyDurationSeconds, steadyLatencyMs,
                steadyNavPathsPerSecond, server, timeline, Dynamics.NONE);
    }

    /**
     * The run's parameters as reported.
     *
     * @param host                 address connected to
     * @param port                 server port
     * @param map                  map file
     * @param mapName              map name sent in {@code hello}
     * @param spawn                monsters spawned per bot
     * @param requestedDurationSeconds {@code --duration}: the steady window, seconds
     * @param speedMetersPerSecond walking speed, metres per second
     * @param posHz                {@code player_pos} per second per bot
     * @param seed                 random seed
     * @param editsPerSecond       {@code --edits-per-second}; 0 without an editing bot
     * @param crowd                {@code --crowd}: monsters spawned close around each player
     * @param monsterRadiusMeters  {@code --monster-radius}
     * @param playerRadiusMeters   {@code --player-radius}
     * @param world                the shared-world options
     */
    public record Settings(String host, int port, String map, String mapName, int spawn,
                           double requestedDurationSeconds, double speedMetersPerSecond, double posHz, long seed,
                           double editsPerSecond, int crowd, double monsterRadiusMeters, double playerRadiusMeters,
                           WorldSettings world) {
        /** Settings without the shared-world options. */
        public Settings(String host, int port, String map, String mapName, int spawn, double requestedDurationSeconds,
                        double speedMetersPerSecond, double posHz, long seed, double editsPerSecond, int crowd,
                        double monsterRadiusMeters, double playerRadiusMeters) {
            this(host, port, map, mapName, spawn, requestedDurationSeconds, speedMetersPerSecond, posHz, seed,
                    editsPerSecond, crowd, monsterRadiusMeters, playerRadiusMeters, WorldSettings.NONE);
        }

        /** Settings of a run without edits or crowds, with the default radii (tests). */
        public Settings(String host, int port, String map, String mapName, int spawn, double requestedDurationSeconds,
                        double speedMetersPerSecond, double posHz, long seed) {
            this(host, port, map, mapName, spawn, requestedDurationSeconds, speedMetersPerSecond, posHz, seed, 0, 0,
                    BotsSettings.DEFAULT_MONSTER_RADIUS_METERS, BotsSettings.DEFAULT_PLAYER_RADIUS_METERS);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /** Exit status for these counts: 1 on any invalid path, failed connection or undecodable line, else 0. */
    static int exitStatusOf(long invalid, long disconnects, long connectFailed, long undecodable) {
        return invalid > 0 || disconnects > 0 || connectFailed > 0 || undecodable > 0 ? 1 : 0;
    }

    /** As {@link #exitStatusOf(long, long, long, long)}, also 1 on any overlap or {@code map_patch} problem. */
    static int exitStatusOf(long invalid, long disconnects, long connectFailed, long undecodable, long overlaps,
                            long patchProblems) {
        return exitStatusOf(invalid, disconnects, connectFailed, undecodable) == 1 || overlaps > 0
                || patchProblems > 0 ? 1 : 0;
    }

    /**
     * The one-line summary, e.g. {@code bots: players=100 monsters=500 duration=70.0s nav_paths=123456 invalid=0
     * errors=0 disconnects=0 latency_ms p50=12.1 p90=25.3 p99=48.0 max=80.2 connect_ms p50=3.0 p99=9.1 ...
     * steady_p99_ms=45.0 ... edits=0 overlaps=0 server_p99_ms=98.3 tick_p99_ms=4.20}. The fields up to {@code latency_samples} cover the
     * whole run; {@code steady_*} the steady window; {@code server_p99_ms} and {@code tick_p99_ms} (only with
     * {@code --admin-port}; {@code n/a} when unavailable) the server's histograms over the steady window. Runs with
     * shared-world options add {@code view_errors}, {@code view_checks}, {@code commands}, {@code down_kb_per_s} and
     * {@code view_checks_skipped} before the server fields.
     */
    public String summaryLine() {
        String line = String.format(Locale.ROOT,
                "bots: players=%d monsters=%d duration=%.1fs nav_paths=%d invalid=%d errors=%d disconnects=%d"
                        + " latency_ms p50=%.1f p90=%.1f p99=%.1f max=%.1f connect_ms p50=%.1f p99=%.1f"
                        + " welcomed=%d connect_failed=%d undecodable=%d nav_paths_per_s=%.1f latency_samples=%d",
                players, monsters, durationSeconds, navPaths, invalid, errors, disconnects,
                latencyMs.p50(), latencyMs.p90(), latencyMs.p99(), latencyMs.max(), connectMs.p50(), connectMs.p99(),
                welcomed, connectFailed, undecodable, navPathsPerSecond, latencyMs.count())
                + String.format(Locale.ROOT, " ramp_up=%.1fs steady_duration=%.1fs steady_p50_ms=%.1f steady_p90_ms=%.1f"
                        + " steady_p99_ms=%.1f steady_max_ms=%.1f steady_latency_samples=%d steady_nav_paths_per_s=%.1f",
                rampUpSeconds, steadyDurationSeconds, steadyLatencyMs.p50(), steadyLatencyMs.p90(),
                steadyLatencyMs.p99(), steadyLatencyMs.max(), steadyLatencyMs.count(), steadyNavPathsPerSecond)
                + " edits=" + dynamics.edits() + " overlaps=" + dynamics.overlaps() + " redirects=" + redirects;
        if (settings.world() != null && (settings.world().world() || settings.world().authorityBot())) {
            line += String.format(Locale.ROOT, " view_errors=%d view_checks=%d commands=%d down_kb_per_s p50=%.1f"
                            + " p90=%.1f p99=%.1f max=%.1f", world.viewErrors(), world.viewChecks(), world.commands(),
                    world.downstreamBytesPerSecond().p50() / 1000, world.downstreamBytesPerSecond().p90() / 1000,
                    world.downstreamBytesPerSecond().p99() / 1000, world.downstreamBytesPerSecond().max() / 1000);
            line += " view_checks_skipped=" + world.viewChecksSkipped();
        }
        if (server != null) {
            line += " server_p99_ms=" + format("%.1f", server.posToPathMs() == null ? null : server.posToPathMs().p99())
                    + " tick_p99_ms=" + format("%.2f", server.tickMs() == null ? null : server.tickMs().p99());
        }
        return line;
    }

    private static String format(String pattern, Double value) {
        return value == null ? "n/a" : String.format(Locale.ROOT, pattern, value);
    }

    /** This report as indented JSON with snake_case keys. */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise the report", e);
        }
    }

    /** Writes {@link #toJson()} and a newline to {@code file}, replacing it. */
    public void write(Path file) throws IOException {
        Files.writeString(file, toJson() + "\n");
    }
}
