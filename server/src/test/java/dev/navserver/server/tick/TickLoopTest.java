package dev.navserver.server.tick;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TickLoopTest {
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final List<Double> times = new ArrayList<>();

    private TickControl control;

    private TickLoop loop(double hz, int cap) {
        control = new TickControl(hz);
        return new TickLoop(clock::get, control, cap, new TickLoop.Task() {
            @Override
            public void tick(double nowSeconds, double dtSeconds) {
                times.add(nowSeconds);
                if (times.size() == 2) {
                    throw new IllegalStateException("a failing tick must not stop the loop");
                }
            }

            @Override
            public void between(double nowSeconds) {
            }
        });
    }

    @Test
    void runDue_WhenClockAdvancesOnePeriodAtATime_RunsOneTickEachWithExactWorldTime() {
        TickLoop loop = loop(20, 5);
        assertThat(loop.runDue(clock.get())).isEqualTo(1);
        clock.addAndGet(49_000_000L);
        assertThat(loop.runDue(clock.get())).isZero();
        clock.addAndGet(1_000_000L);
        assertThat(loop.runDue(clock.get())).isEqualTo(1);
        clock.addAndGet(50_000_000L);
        assertThat(loop.runDue(clock.get())).isEqualTo(1);
        assertThat(times).containsExactly(0.0, 0.05, 0.1);
        assertThat(loop.ticks()).isEqualTo(3);
    }

    @Test
    void runDue_WhenStalledLongerThanCatchUpCap_RunsCapTicksThenSkipsAhead() {
        TickLoop loop = loop(10, 3);
        loop.runDue(clock.get());
        clock.addAndGet(1_000_000_000L); // 10 periods late
        assertThat(loop.runDue(clock.get())).isEqualTo(3);
        assertThat(loop.skippedTicks()).isEqualTo(7);
        assertThat(loop.nanosUntilNextTick(clock.get())).isEqualTo(100_000_000L);
        clock.addAndGet(100_000_000L);
        assertThat(loop.runDue(clock.get())).isEqualTo(1);
    }

    @Test
    void setHz_WhenRateChanges_NextTicksUseNewPeriod() {
        TickLoop loop = loop(10, 3);
        loop.runDue(clock.get());
        control.setHz(20);
        clock.addAndGet(100_000_000L);
        assertThat(loop.runDue(clock.get())).isEqualTo(1); // the tick already scheduled at +100 ms
        clock.addAndGet(50_000_000L);
        assertThat(loop.runDue(clock.get())).isEqualTo(1);
        assertThat(times).containsExactly(0.0, 0.1, 0.15);
    }
}
