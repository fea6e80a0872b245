package dev.navserver.server.it;

import static dev.navserver.server.it.PathAssertions.assertWalkable;
import static dev.navserver.server.it.PathAssertions.last;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The re-plan throttle and the local-navigation handoff as a client sees them. Tick 20 Hz, navIntervalSeconds 0.5,
 * moveThresholdMeters 0.5, localNavDistanceMeters 4 with 1 m hysteresis, monsters only from client spawns.
 */
class ChaseTest {
    static final double INTERVAL = 0.5;
    static final double TICK = 1.0 / 20;
    /** Seconds between two positions of the running client: 10 Hz, as the Unity seed sends. */
    static final double POSITION_PERIOD = 0.1;
    /** Far corner (col 5, row 55): more than 50 m of path from the open top rows, so local nav never starts. */
    static final Vec3 FAR = new Vec3(-25, 0, -25);

    @TempDir
    static Path tmp;
    static TestServer server;
    static final GridMap ARENA = TestServer.arena();

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(tmp, Map.of());
        // Warm the planner up (class loading, JIT) so that plan latency does not blur the first measured gaps.
        try (NdjsonClient c = server.player("warm-up")) {
            for (int i = 0; i < 50; i++) {
                RequestId id = RequestId.of(i);
                c.send(new PathQuery(id, FAR, new Vec3(-28 + i % 50, 0, 27)));
                c.await(PathResult.class, r -> id.equals(r.id()));
            }
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String spawn(NdjsonClient c, Vec3 pos) throws Exception {
        c.send(new Spawn(RequestId.of("spawn"), pos));
        return c.await(Spawned.class, s -> true).monster();
    }

    /** Paces a scenario clock: parks until {@code startNanos + k * periodNanos}. */
    private static void paceUntil(long deadlineNanos) {
        for (long left; (left = deadlineNanos - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
    }

    @Test
    void playerMovingFasterThanThresholdPerInterval_OneReplanPerIntervalWithinOneTick() throws Exception {
        try (NdjsonClient c = server.player("runner")) {
            long seq = 1;
            double x = -28;
            c.playerPos(seq, x, 27); // row 3: open from wall to wall
            String monster = spawn(c, FAR);
            c.await(NavPath.class, n -> n.monster().equals(monster));

            // 0.6 m per 0.1 s = 6 m/s, twelve times threshold/interval; 3.2 s of running along row 3
            long period = TimeUnit.MILLISECONDS.toNanos((long) (POSITION_PERIOD * 1000));
            long t0 = System.nanoTime();
            for (int k = 1; k <= 32; k++) {
                paceUntil(t0 + k * period);
                x += 0.6;
                c.playerPos(++seq, x, 27);
            }
            c.ping();
            long lastSent = seq;

            List<NdjsonClient.Received> paths = new ArrayList<>();
            for (NdjsonClient.Received r : c.received()) {
                if (r.message() instanceof NavPath p && p.monster().equals(monster) && r.nanos() > t0) {
                    paths.add(r);
                }
            }
            // A re-plan starts on the arrival of the first position at or after the interval (plans start from
            // fresh positions), so with positions every 0.1 s the server plans every 0.5 to 0.6 s; what a client
            // sees adds planning and delivery jitter of a few milliseconds. 3.2 s of running holds 5 to 7 plans
            // depending on where the window cuts; allow one more either way, and one tick of slack on the mean gap.
            double window = (paths.get(paths.size() - 1).nanos() - paths.get(0).nanos()) / 1e9;
            List<Double> gaps = new ArrayList<>();
            for (int i = 1; i < paths.size(); i++) {
                gaps.add((paths.get(i).nanos() - paths.get(i - 1).nanos()) / 1e9);
            }
            assertThat(paths.size()).as("nav_paths during 3.2 s of running; gaps %s", gaps)
                    .isBetween((int) Math.floor(3.2 / INTERVAL) - 1, (int) Math.ceil(3.2 / INTERVAL) + 1);
            assertThat(window / (paths.size() - 1)).as("mean gap; gaps %s", gaps)
                    .isBetween(INTERVAL - TICK, INTERVAL + POSITION_PERIOD + TICK);
            // Never clearly more often than the interval: a single gap also carries the difference of two
            // planning + delivery latencies (tens of milliseconds under a cold JIT or a GC), so two ticks of slack.
            assertThat(gaps).allSatisfy(g -> assertThat(g).isGreaterThanOrEqualTo(INTERVAL - 2 * TICK));
            long previous = 0;
            for (NdjsonClient.Received r : paths) {
                NavPath p = (NavPath) r.message();
                assertThat(p.playerSeq()).isGreaterThan(previous).isLessThanOrEqualTo(lastSent);
                previous = p.playerSeq();
                assertWalkable(ARENA, p.navPath());
            }
        }
    }

    @Test
    void playerJitteringBelowThreshold_NoReplanAfterTheFirstPath() throws Exception {
        try (NdjsonClient c = server.player("fidget")) {
            long seq = 1;
            c.playerPos(seq, 0, 27);
            String monster = spawn(c, FAR);
            NavPath first = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(first.playerSeq()).isEqualTo(1);

            // 2 s at 10 Hz, always within 0.3 m of the planned position: four intervals without a re-plan
            double[][] offsets = {{0.2, 0}, {-0.2, 0.1}, {0, -0.25}, {0.1, 0.2}, {-0.15, -0.15}};
            long period = TimeUnit.MILLISECONDS.toNanos((long) (POSITION_PERIOD * 1000));
            long t0 = System.nanoTime();
            for (int k = 1; k <= 20; k++) {
                paceUntil(t0 + k * period);
                double[] o = offsets[k % offsets.length];
                c.playerPos(++seq, o[0], 27 + o[1]);
            }
            c.ping();
            assertThat(c.received(NavPath.class, n -> n.monster().equals(monster))).containsExactly(first);

            // and the throttle is not stuck: one real move gets a plan toward it
            c.playerPos(++seq, 5, 27);
            long moved = seq;
            NavPath next = c.await(NavPath.class, n -> n.monster().equals(monster));
            assertThat(next.playerSeq()).isEqualTo(moved);
            assertThat(next.seq()).isEqualTo(first.seq() + 1);
            assertThat(last(next.navPath())).isEqualTo(new Vec3(5, 0, 27));
        }
    }

    @Test
    void monsterWithinLocalNavDistance_LocalNavOnThenOffWithAFreshPathWhenThePlayerLeaves() throws Exception {
        try (NdjsonClient c = server.player("stander")) {
            c.playerPos(1, 0, 27);
            String monster = spawn(c, new Vec3(-8, 0, 27)); // 8 m away on open row 3, walking at 2 m/s
            c.await(NavPath.class, n -> n.monster().equals(monster));

            LocalNav on = c.await(LocalNav.class, l -> l.monster().equals(monster));
            assertThat(on.active()).isTrue();
            c.await(Monsters.class, m -> m.list().stream()
                    .anyMatch(s -> s.monster().equals(monster) && s.state().equals(MonsterStates.LOCAL)));

            // a small step keeps it local (within 4 + 1 m); the client drives it, the server sends no paths
            c.playerPos(2, 1, 27);
            c.ping();
            // a jump beyond distance + hysteresis hands it back with a fresh path toward the new position
            c.playerPos(3, 20, 27);
            LocalNav off = c.await(LocalNav.class, l -> l.monster().equals(monster));
            assertThat(off.active()).isFalse();
            NavPath fresh = c.await(NavPath.class, n -> n.monster().equals(monster), Duration.ofSeconds(2));
            assertThat(fresh.playerSeq()).isEqualTo(3);
            assertThat(last(fresh.navPath())).isEqualTo(new Vec3(20, 0, 27));
            assertWalkable(ARENA, fresh.navPath());

            List<NdjsonClient.Received> all = c.received();
            int onAt = indexOf(all, on);
            int offAt = indexOf(all, off);
            int freshAt = indexOf(all, fresh);
            assertThat(all.subList(onAt, offAt)).as("no nav_path while local")
                    .noneMatch(r -> r.message() instanceof NavPath p && p.monster().equals(monster));
            assertThat(freshAt).isGreaterThan(offAt);
            double handBack = (all.get(freshAt).nanos() - all.get(offAt).nanos()) / 1e9;
            assertThat(handBack).as("fresh nav_path right after local_nav off, not an interval later")
                    .isLessThan(INTERVAL);
        }
    }

    private static int indexOf(List<NdjsonClient.Received> all, Object message) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).message() == message) {
                return i;
            }
        }
        throw new AssertionError("not received: " + message);
    }
}
