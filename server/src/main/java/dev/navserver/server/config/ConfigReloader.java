package dev.navserver.server.config;

import dev.navserver.server.metrics.LabeledCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the config in force in step with the config file. A reload, started by a change of the file on disk
 * ({@link #startWatching}) or on demand ({@link #reload()}), reads and validates the whole file, then either
 * <ul>
 *   <li>publishes the new config to the listener (normally a {@link PendingConfig} that the tick thread polls at a
 *       tick boundary) and logs one INFO line naming the changed keys, or</li>
 *   <li>rejects it with one WARN line giving the reason, keeping the previous config in force.</li>
 * </ul>
 * Keys in {@link ConfigDiff#RESTART_REQUIRED_KEYS} keep their running values in the published config; their change
 * is logged and reported as needing a restart. The listener is called only when the published config differs from
 * the previous one, after {@link #lastResult()} and {@link #current()} show the reload; it should not throw (an
 * exception is logged and the reload still counts as applied).
 *
 * {@link ConfigOverrides} from the command line are applied to every config read from the file, before any of this.
 *
 * <p>Thread-safe: reloads are serialized; {@link #current()} and {@link #lastResult()} may be read from any thread.
 */
public final class ConfigReloader implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ConfigReloader.class);
    /** Quiet time after the last write event before the file is read. */
    public static final Duration DEFAULT_DEBOUNCE = Duration.ofMillis(200);
    /** Period of the fallback rescan of the file's size and modification time. */
    public static final Duration DEFAULT_RESCAN = Duration.ofSeconds(2);

    private final Path configFile;
    private final Consumer<NavServerConfig> listener;
    private final LabeledCounter reloads;
    private final Clock clock;
    private final ConfigOverrides overrides;

    private volatile NavServerConfig current;
    private volatile String currentSha256;
    /** The file's config as read (overrides applied), restart-only values included; differs from current only in those. */
    private NavServerConfig currentFromFile;
    private volatile ReloadResult lastResult;
    /** Hash of the last file the watcher saw rejected, so that a rescan does not warn twice about the same bytes. */
    private String lastRejectedSha256 = "";
    private DirectoryWatcher watcher;

    /**
     * Loads the initial config from {@code configFile} without command-line overrides; nothing is published for it.
     *
     * @see #ConfigReloader(Path, ConfigOverrides, Consumer, LabeledCounter, Clock)
     */
    public ConfigReloader(Path configFile, Consumer<NavServerConfig> listener, LabeledCounter reloads, Clock clock)
            throws ConfigException {
        this(configFile, ConfigOverrides.NONE, listener, reloads, clock);
    }

    /**
     * Loads the initial config from {@code configFile}; nothing is published for it.
     *
     * @param configFile the YAML file to load and watch
     * @param overrides  applied to the initial config and to every reloaded one
     * @param listener   receives each newly applied config, on the thread that reloaded it; should not throw
     * @param reloads    counts every attempt by {@link ReloadResult.Outcome#label()}
     * @param clock      time source for {@link ReloadResult#time()}
     * @throws ConfigException if the initial file is missing or invalid
     */
    public ConfigReloader(Path configFile, ConfigOverrides overrides, Consumer<NavServerConfig> listener,
                          LabeledCounter reloads, Clock clock) throws ConfigException {
        this.configFile = configFile.toAbsolutePath().normalize();
        this.overrides = Objects.requireNonNull(overrides, "overrides");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.reloads = Objects.requireNonNull(reloads, "reloads");
        this.clock = Objects.requireNonNull(clock, "clock");
        byte[] bytes = ConfigLoader.read(this.configFile);
        this.current = overrides.apply(ConfigLoader.parse(bytes, this.configFile));
        this.currentFromFile = current;
        this.currentSha256 = sha256Hex(bytes);
    }

    /** The config in force: the initial one or the last applied reload. */
    public NavServerConfig current() {
        return current;
    }

    /** Hex SHA-256 of the file bytes that produced {@link #current()}. */
    public String currentSha256() {
        return currentSha256;
    }

    /**
     * Keys whose value in the file differs from the running value because they need a restart, in file order.
     */
    public List<String> pendingRestartKeys() {
        synchronized (this) {
            return ConfigDiff.between(current, currentFromFile).changedKeys();
        }
    }

    /** The absolute config file path. */
    public Path configFile() {
        return configFile;
    }

    /** The result of the last reload attempt, empty before the first one. */
    public Optional<ReloadResult> lastResult() {
        return Optional.ofNullable(lastResult);
    }

    /** Reloads now, whatever the file's state; see the class comment. Never throws for a bad file. */
    public ReloadResult reload() {
        return reload(ReloadResult.SOURCE_REQUEST);
    }

    /**
     * Starts watching the config file's directory; changes are reloaded on the watcher thread after
     * {@code debounce} of quiet. Call once.
     *
     * @throws IOException if the directory cannot be watched
     */
    public synchronized void startWatching(Duration debounce, Duration rescan) throws IOException {
        if (watcher != null) {
            throw new IllegalStateException("already watching");
        }
        Path name = configFile.getFileName();
        DirectoryWatcher w = new DirectoryWatcher(configFile.getParent(), p -> p.getFileName().equals(name),
                debounce, rescan, p -> reload(ReloadResult.SOURCE_FILE_WATCH), "navserver-config-watcher");
        w.start();
        watcher = w;
    }

    /** {@link #startWatching(Duration, Duration)} with {@link #DEFAULT_DEBOUNCE} and {@link #DEFAULT_RESCAN}. */
    public void startWatching() throws IOException {
        startWatching(DEFAULT_DEBOUNCE, DEFAULT_RESCAN);
    }

    /** Stops watching. Idempotent; {@link #reload()} keeps working. */
    @Override
    public void close() {
        DirectoryWatcher w;
        synchronized (this) {
            w = watcher;
            watcher = null;
        }
        if (w != null) {
            w.close();
        }
    }

    /**
     * JSON-ready status: {@code configFile, configVersion, configSha256, lastReload} (null before the first reload),
     * {@code pendingRestartKeys}, {@code config} (every key in force, token redacted) and {@code overrides} (keys the
     * command line replaces, with their values; empty without overrides).
     */
    public Map<String, Object> describe() {
        NavServerConfig c = current;
        ReloadResult r = lastResult;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("configFile", configFile.toString());
        m.put("configVersion", c.configVersion());
        m.put("configSha256", currentSha256);
        m.put("lastReload", r == null ? null : r.toMap());
        m.put("pendingRestartKeys", pendingRestartKeys());
        m.put("config", c.describe());
        m.put("overrides", overrides.describe());
        return m;
    }

    private synchronized ReloadResult reload(String source) {
        boolean fromWatch = ReloadResult.SOURCE_FILE_WATCH.equals(source);
        NavServerConfig before = current;
        byte[] bytes;
        try {
            bytes = ConfigLoader.read(configFile);
        } catch (ConfigException e) {
            return reject(source, "", e.getMessage());
        }
        String sha = sha256Hex(bytes);
        if (sha.equals(currentSha256)) {
            if (fromWatch) {
                return finishQuietly(source, sha);
            }
            List<String> pending = pendingRestartKeys();
            return record(new ReloadResult(clock.instant(), source, ReloadResult.Outcome.UNCHANGED,
                    pending.isEmpty() ? "config file unchanged"
                            : "config file unchanged; still needs a restart to take effect: " + pending,
                    List.of(), pending, sha));
        }
        if (fromWatch && sha.equals(lastRejectedSha256)) {
            return finishQuietly(source, sha);
        }
        NavServerConfig fromFile;
        NavServerConfig effective;
        try {
            fromFile = overrides.apply(ConfigLoader.parse(bytes, configFile));
            effective = fromFile.withRestartOnlyValuesFrom(before);
        } catch (ConfigException | IllegalArgumentException e) {
            return reject(source, sha, e.getMessage());
        }
        ConfigDiff diff = ConfigDiff.between(before, fromFile);
        current = effective;
        currentFromFile = fromFile;
        currentSha256 = sha;
        lastRejectedSha256 = "";
        if (diff.isEmpty()) {
            log.info("Config reloaded from {} ({}): no key changed", configFile, source);
            return record(new ReloadResult(clock.instant(), source, ReloadResult.Outcome.UNCHANGED,
                    "no key changed", List.of(), List.of(), sha));
        }
        ReloadResult result = applied(source, sha, diff);
        if (!effective.equals(before)) {
            try {
                listener.accept(effective);
            } catch (RuntimeException e) {
                log.error("Config reload listener failed", e);
            }
        }
        return result;
    }

    private ReloadResult applied(String source, String sha, ConfigDiff diff) {
        String message;
        if (diff.restartRequiredKeys().isEmpty()) {
            message = "applied " + diff.changedKeys();
            log.info("Config reloaded from {} ({}): changed {}", configFile, source, diff.changedKeys());
        } else {
            message = "applied " + diff.liveKeys() + "; needs a restart to take effect: " + diff.restartRequiredKeys();
            log.warn("Config reloaded from {} ({}): changed {}; {} keep their running values until a restart",
                    configFile, source, diff.changedKeys(), diff.restartRequiredKeys());
        }
        return record(new ReloadResult(clock.instant(), source, ReloadResult.Outcome.APPLIED, message,
                diff.changedKeys(), diff.restartRequiredKeys(), sha));
    }

    private ReloadResult reject(String source, String sha, String reason) {
        if (ReloadResult.SOURCE_FILE_WATCH.equals(source)) {
            lastRejectedSha256 = sha;
        }
        ReloadResult r = record(new ReloadResult(clock.instant(), source, ReloadResult.Outcome.REJECTED, reason,
                List.of(), List.of(), sha));
        log.warn("Config reload rejected ({}), previous config stays in force: {}", source, reason);
        return r;
    }

    /** A watcher wake-up for bytes already handled: nothing to log or record. */
    private ReloadResult finishQuietly(String source, String sha) {
        return new ReloadResult(clock.instant(), source, ReloadResult.Outcome.UNCHANGED, "already handled",
                List.of(), List.of(), sha);
    }

    private ReloadResult record(ReloadResult r) {
        lastResult = r;
        reloads.inc(r.outcome().label());
        return r;
    }

    static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(DirectoryWatcher.newSha256().digest(bytes));
    }
}
