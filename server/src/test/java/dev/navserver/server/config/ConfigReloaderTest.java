package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.server.metrics.ServerMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigReloaderTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;
    Path configFile;
    final BlockingQueue<NavServerConfig> published = new LinkedBlockingQueue<>();
    final ServerMetrics metrics = new ServerMetrics();
    ConfigReloader reloader;
    LogCapture logs;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(tmp.resolve("config"));
        configFile = tmp.resolve("config/navserver.yaml");
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.5\n");
        reloader = new ConfigReloader(configFile, published::add, metrics.configReloads, CLOCK);
        logs = new LogCapture(ConfigReloader.class);
    }

    @AfterEach
    void tearDown() {
        reloader.close();
        logs.close();
        metrics.close();
    }

    private void write(String yaml) throws IOException {
        Files.writeString(configFile, yaml, StandardCharsets.UTF_8);
    }

    /** Saves like an editor that writes a temporary file and renames it over the original. */
    private void replaceAtomically(String yaml) throws IOException {
        Path temp = configFile.resolveSibling(".navserver.yaml.tmp");
        Files.writeString(temp, yaml, StandardCharsets.UTF_8);
        Files.move(temp, configFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private NavServerConfig awaitPublished() throws InterruptedException {
        NavServerConfig c = published.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(c).as("a config published within %s", TIMEOUT).isNotNull();
        return c;
    }

    @Test
    void initialLoad_PublishesNothingAndHasNoReloadResult() {
        assertThat(reloader.current().chase().navIntervalSeconds()).isEqualTo(0.5);
        assertThat(reloader.lastResult()).isEmpty();
        assertThat(published).isEmpty();
        assertThat(reloader.describe()).containsEntry("configVersion", 1).containsEntry("lastReload", null);
    }

    @Test
    void invalidInitialFile_FailsConstruction() throws IOException {
        write("configVersion: 1\ntick: {hz: 0}\n");
        assertThatThrownBy(() -> new ConfigReloader(configFile, published::add, metrics.configReloads, CLOCK))
                .isInstanceOf(ConfigException.class).hasMessageContaining("tick.hz: 0 is out of range (1..120)");
    }

    @Test
    void reloadOnDemand_WithValidChange_PublishesAndRecordsChangedKeys() throws Exception {
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.25\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.source()).isEqualTo(ReloadResult.SOURCE_REQUEST);
        assertThat(r.time()).isEqualTo(CLOCK.instant());
        assertThat(r.changedKeys()).containsExactly("chase.navIntervalSeconds");
        assertThat(r.restartRequiredKeys()).isEmpty();
        assertThat(published.poll()).isSameAs(reloader.current());
        assertThat(reloader.current().chase().navIntervalSeconds()).isEqualTo(0.25);
        assertThat(reloader.lastResult()).contains(r);
        assertThat(metrics.configReloads.get("applied")).isEqualTo(1);
        ILoggingEvent info = logs.await(Level.INFO, Duration.ZERO.plusMillis(1));
        assertThat(info.getFormattedMessage()).contains("changed [chase.navIntervalSeconds]");
    }

    @Test
    void reloadOnDemand_WithSharedFieldThreshold_AppliesItLive() throws IOException {
        write("configVersion: 1\nchase:\n  sharedFieldMinMonsters: 50\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.changedKeys()).containsExactly("chase.sharedFieldMinMonsters");
        assertThat(r.restartRequiredKeys()).isEmpty();
        assertThat(reloader.current().chase().sharedFieldMinMonsters()).isEqualTo(50);
    }

    @Test
    void reloadOnDemand_WithSearchLandmarks_AppliesItLive() throws Exception {
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.5\nsearch:\n  landmarks: 8\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.changedKeys()).containsExactly("search.landmarks");
        assertThat(r.restartRequiredKeys()).isEmpty();
        assertThat(reloader.current().search().landmarks()).isEqualTo(8);
    }

    @Test
    void reloadOnDemand_WithSearchModeApproximate_AppliesItLive() throws Exception {
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.5\nsearch:\n  mode: approximate\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.changedKeys()).containsExactly("search.mode");
        assertThat(r.restartRequiredKeys()).isEmpty();
        assertThat(reloader.current().search().mode()).isEqualTo(SearchMode.APPROXIMATE);
        assertThat(published.poll()).isSameAs(reloader.current());
        assertThat(reloader.describe()).extractingByKey("config").asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("search.mode", "approximate");
    }

    @Test
    void reloadOnDemand_WithUnknownSearchMode_IsRejectedWithTheSpellingsAndOldConfigStays() throws Exception {
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.5\nsearch:\n  mode: approximate\n");
        assertThat(reloader.reload().outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        NavServerConfig before = reloader.current();
        String shaBefore = reloader.currentSha256();
        published.clear();
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.25\nsearch:\n  mode: fastest\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.REJECTED);
        assertThat(r.message()).contains("search.mode: 'fastest' is not one of (optimal|approximate)");
        assertThat(reloader.current()).isSameAs(before);
        assertThat(reloader.current().search().mode()).isEqualTo(SearchMode.APPROXIMATE);
        assertThat(reloader.current().chase().navIntervalSeconds()).as("nothing half-applied").isEqualTo(0.5);
        assertThat(reloader.currentSha256()).isEqualTo(shaBefore);
        assertThat(published).isEmpty();
        assertThat(metrics.configReloads.get("rejected")).isEqualTo(1);
    }

    @Test
    void reloadOnDemand_WithChangedKindAndAoi_AppliesThemLive() throws Exception {
        write("configVersion: 1\nmonsters:\n  kinds:\n    wolf: {speedMetersPerSecond: 3.5}\n");
        assertThat(reloader.reload().outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        published.clear();
        write("configVersion: 1\nmonsters:\n  kinds:\n    wolf: {speedMetersPerSecond: 4, leashSeconds: 2}\n"
                + "aoi: {radiusMeters: 30}\nchase: {orphanDespawnSeconds: 0}\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.changedKeys()).containsExactly("chase.orphanDespawnSeconds",
                "monsters.kinds.wolf.speedMetersPerSecond", "monsters.kinds.wolf.leashSeconds", "aoi.radiusMeters");
        assertThat(r.restartRequiredKeys()).isEmpty();
        assertThat(published.poll()).isSameAs(reloader.current());
        assertThat(reloader.current().monsters().kind("wolf").speedMetersPerSecond()).isEqualTo(4.0);
        assertThat(reloader.current().monsters().kind("wolf").leashSeconds()).isEqualTo(2.0);
        assertThat(reloader.current().aoi().radiusMeters()).isEqualTo(30.0);
        assertThat(reloader.current().chase().orphanDespawnSeconds()).isZero();
    }

    @Test
    void reloadOnDemand_WithOutOfRangeKind_IsRejectedAndTheOldKindsStay() throws Exception {
        write("configVersion: 1\nmonsters:\n  kinds:\n    wolf: {speedMetersPerSecond: 3.5}\n");
        assertThat(reloader.reload().outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        NavServerConfig before = reloader.current();
        published.clear();
        write("configVersion: 1\naoi: {radiusMeters: 30}\nmonsters:\n  kinds:\n    wolf: {speedMetersPerSecond: 0}\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.REJECTED);
        assertThat(r.message()).contains("monsters.kinds.wolf.speedMetersPerSecond: 0.0 is out of range (0.01..100)");
        assertThat(reloader.current()).isSameAs(before);
        assertThat(reloader.current().monsters().kind("wolf").speedMetersPerSecond()).isEqualTo(3.5);
        assertThat(reloader.current().aoi().radiusMeters()).as("nothing half-applied").isEqualTo(40.0);
        assertThat(published).isEmpty();
    }

    @Test
    void reloadOnDemand_WithSameBytes_IsUnchangedAndPublishesNothing() {
        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.UNCHANGED);
        assertThat(r.accepted()).isTrue();
        assertThat(published).isEmpty();
        assertThat(metrics.configReloads.get("unchanged")).isEqualTo(1);
    }

    @Test
    void reloadOnDemand_WithOnlyCommentsChanged_IsUnchanged() throws IOException {
        write("# a comment\nconfigVersion: 1\nchase:\n  navIntervalSeconds: 0.5   # same value\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.UNCHANGED);
        assertThat(r.sha256()).isEqualTo(reloader.currentSha256());
        assertThat(published).isEmpty();
    }

    @Test
    void reloadOnDemand_WithInvalidFile_IsRejectedAndOldConfigStays() throws Exception {
        NavServerConfig before = reloader.current();
        String shaBefore = reloader.currentSha256();
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.0\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.REJECTED);
        assertThat(r.message()).contains("chase.navIntervalSeconds: 0.0 is out of range (0.01..60)");
        assertThat(reloader.current()).isSameAs(before);
        assertThat(reloader.currentSha256()).isEqualTo(shaBefore);
        assertThat(published).isEmpty();
        assertThat(metrics.configReloads.get("rejected")).isEqualTo(1);
        ILoggingEvent warn = logs.await(Level.WARN, Duration.ofMillis(1));
        assertThat(warn.getFormattedMessage()).contains("rejected", "previous config stays in force",
                "chase.navIntervalSeconds: 0.0 is out of range");
    }

    @Test
    void reloadOnDemand_WithDeletedFile_IsRejected() throws IOException {
        Files.delete(configFile);
        ReloadResult r = reloader.reload();
        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.REJECTED);
        assertThat(r.message()).contains("cannot read");
        assertThat(r.sha256()).isEmpty();
    }

    @Test
    void reload_OfRestartOnlyKeys_KeepsRunningValuesAndSaysSo() throws Exception {
        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.5\nserver: {port: 7500}\n"
                + "search: {plannerThreads: 8, maxExpandedNodes: 1000}\n");

        ReloadResult r = reloader.reload();

        assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
        assertThat(r.changedKeys()).containsExactly("server.port", "search.maxExpandedNodes", "search.plannerThreads");
        assertThat(r.restartRequiredKeys()).containsExactly("server.port", "search.plannerThreads");
        assertThat(r.message()).contains("needs a restart to take effect: [server.port, search.plannerThreads]");
        NavServerConfig live = published.poll();
        assertThat(live.server().port()).isEqualTo(7400);
        assertThat(live.search().plannerThreads()).isEqualTo(2);
        assertThat(live.search().maxExpandedNodes()).isEqualTo(1000);
        assertThat(logs.await(Level.WARN, Duration.ofMillis(1)).getFormattedMessage())
                .contains("keep their running values until a restart");

        // Still pending on the next reload, since the running value still differs from the file.
        assertThat(reloader.reload().restartRequiredKeys()).containsExactly("server.port", "search.plannerThreads");
    }

    @Test
    void watcher_PicksUpAnInPlaceEdit() throws Exception {
        reloader.startWatching(Duration.ofMillis(50), Duration.ofMillis(500));

        write("configVersion: 1\nchase:\n  navIntervalSeconds: 0.3\n");

        assertThat(awaitPublished().chase().navIntervalSeconds()).isEqualTo(0.3);
        assertThat(reloader.lastResult()).hasValueSatisfying(r -> {
            assertThat(r.source()).isEqualTo(ReloadResult.SOURCE_FILE_WATCH);
            assertThat(r.changedKeys()).containsExactly("chase.navIntervalSeconds");
        });
    }

    @Test
    void watcher_PicksUpAnAtomicReplaceThenAnotherOne() throws Exception {
        reloader.startWatching(Duration.ofMillis(50), Duration.ofMillis(500));

        replaceAtomically("configVersion: 1\nchase:\n  navIntervalSeconds: 0.3\n");
        assertThat(awaitPublished().chase().navIntervalSeconds()).isEqualTo(0.3);

        replaceAtomically("configVersion: 1\nchase:\n  navIntervalSeconds: 0.7\n");
        assertThat(awaitPublished().chase().navIntervalSeconds()).isEqualTo(0.7);
    }

    @Test
    void watcher_RejectsAnInvalidEdit_KeepsTheOldConfig_ThenAcceptsTheFix() throws Exception {
        reloader.startWatching(Duration.ofMillis(50), Duration.ofMillis(500));
        NavServerConfig before = reloader.current();

        replaceAtomically("configVersion: 1\nchase:\n  navIntervalSeconds: -1\n");

        ILoggingEvent warn = logs.await(Level.WARN, TIMEOUT);
        assertThat(warn).isNotNull();
        assertThat(warn.getFormattedMessage()).contains("file-watch", "chase.navIntervalSeconds: -1.0 is out of range");
        assertThat(reloader.current()).isSameAs(before);
        assertThat(reloader.lastResult()).hasValueSatisfying(r ->
                assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.REJECTED));
        assertThat(published).isEmpty();

        replaceAtomically("configVersion: 1\nchase:\n  navIntervalSeconds: 0.75\n");
        assertThat(awaitPublished().chase().navIntervalSeconds()).isEqualTo(0.75);
        assertThat(reloader.lastResult()).hasValueSatisfying(r ->
                assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED));
    }

    @Test
    void pendingConfig_KeepsOnlyTheNewest() throws Exception {
        PendingConfig pending = new PendingConfig();
        NavServerConfig a = NavServerConfig.defaults();
        NavServerConfig b = ConfigLoader.parse("configVersion: 1\ntick: {hz: 30}\n".getBytes(StandardCharsets.UTF_8),
                configFile);
        assertThat(pending.poll()).isNull();
        pending.accept(a);
        pending.accept(b);
        assertThat(pending.poll()).isSameAs(b);
        assertThat(pending.poll()).isNull();
    }
    @Test
    void adminHostOverride_HoldsFromStartAndAcrossReloadsWhateverTheFileSays() throws Exception {
        write("configVersion: 1\nadmin:\n  host: 127.0.0.1\n");
        try (ConfigReloader overridden = new ConfigReloader(configFile, new ConfigOverrides("0.0.0.0"),
                published::add, metrics.configReloads, CLOCK)) {
            assertThat(overridden.current().admin().host()).isEqualTo("0.0.0.0");
            assertThat(overridden.describe()).containsEntry("overrides", Map.of("admin.host", "0.0.0.0"));

            write("configVersion: 1\nadmin:\n  host: 10.1.2.3\nchase:\n  navIntervalSeconds: 0.25\n");
            ReloadResult r = overridden.reload();

            assertThat(r.outcome()).isEqualTo(ReloadResult.Outcome.APPLIED);
            assertThat(r.changedKeys()).containsExactly("chase.navIntervalSeconds");
            assertThat(r.restartRequiredKeys()).isEmpty();
            assertThat(overridden.pendingRestartKeys()).isEmpty();
            assertThat(overridden.current().admin().host()).isEqualTo("0.0.0.0");
            assertThat(awaitPublished().admin().host()).isEqualTo("0.0.0.0");
        }
    }

    @Test
    void noOverride_DescribesAnEmptyOverrideMap() {
        assertThat(reloader.describe()).containsEntry("overrides", Map.of());
    }

    @Test
    void adminHostOverride_WhenBlankOrPadded_IsRefusedNamingTheOption() {
        assertThatThrownBy(() -> new ConfigOverrides(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--admin-host: must not be empty");
        assertThatThrownBy(() -> new ConfigOverrides(" 0.0.0.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--admin-host: must not start or end with whitespace");
        assertThat(ConfigOverrides.NONE.apply(reloader.current())).isSameAs(reloader.current());
    }
}
