package dev.navserver.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.server.FanOutRig;
import dev.navserver.server.world.WorldEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link FanOutBenchmark}'s rig delivers what it claims: one whole line per viewer, both ways. */
class FanOutBenchmarkTest {
    private final FanOutRig rig = new FanOutRig(100);

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void sharedDeliveryToHundredViewers_EveryViewerGetsTheSameNavPathLine() {
        WorldEvent.NavPathReady event = FanOutBenchmark.event(rig, FanOutBenchmark.POINTS, 7);

        rig.deliverShared(event);
        long shared = rig.drain();
        rig.deliverPerViewer(event);
        long perViewer = rig.drain();

        // Each way writes one identical line to all 100 viewers; the lines of the two calls differ at most in the
        // digits of serverTime.
        assertThat(shared % 100).isZero();
        assertThat(perViewer % 100).isZero();
        assertThat(shared / 100).isGreaterThan(FanOutBenchmark.POINTS * 6L).isCloseTo(perViewer / 100, within(8L));
        assertThat(rig.drain()).isZero();
        assertThat(rig.closedSessions()).isZero();
    }

    @Test
    void benchmarkOps_ReturnTheBytesOfOneLinePerViewer() {
        FanOutBenchmark one = new FanOutBenchmark();
        one.viewers = 1;
        one.build();
        FanOutBenchmark hundred = new FanOutBenchmark();
        hundred.viewers = 100;
        hundred.build();
        try {
            long line = one.shared(new CpuClock());
            assertThat(line).isGreaterThan(FanOutBenchmark.POINTS * 6L);
            long shared = hundred.shared(new CpuClock());
            long perViewer = hundred.perViewer(new CpuClock());
            assertThat(shared % 100).isZero();
            assertThat(perViewer % 100).isZero();
            assertThat(shared / 100).isCloseTo(line, within(8L));
            assertThat(perViewer / 100).isCloseTo(line, within(8L));
        } finally {
            one.close();
            hundred.close();
        }
    }
}
