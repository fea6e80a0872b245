package dev.navserver.server.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ViewStatsSamplerTest {
    private static final long MS = 1_000_000L;

    @Test
    void tickP99_IsTheNearestRankOfTheLastWindow() {
        ViewStatsSampler s = new ViewStatsSampler(() -> 0, () -> 0, () -> 0);
        assertThat(s.sample(0).tickP99Ms()).isZero();
        for (int i = 1; i <= 100; i++) {
            s.tickDuration(i * MS / 10); // 0.1 .. 10 ms
        }
        assertThat(s.tickP99Millis()).isCloseTo(9.9, within(1e-9));
        for (int i = 0; i < ViewStatsSampler.TICK_WINDOW; i++) {
            s.tickDuration(MS); // the old ticks leave the window
        }
        assertThat(s.tickP99Millis()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void rates_AreOverAboutTheLastSecond_AndSamplesWithin100MsAreReused() {
        AtomicLong plans = new AtomicLong();
        AtomicLong navPaths = new AtomicLong();
        ViewStatsSampler s = new ViewStatsSampler(plans::get, navPaths::get, () -> 3);
        long t = 0;
        s.sample(t);
        for (int i = 1; i <= 20; i++) { // 2 s at 10 Hz: 5 plans and 2 nav_paths per 100 ms
            t += 100 * MS;
            plans.addAndGet(5);
            navPaths.addAndGet(2);
            s.sample(t);
        }
        ViewStats st = s.sample(t + 100 * MS);
        assertThat(st.plansPerSecond()).isCloseTo(45.0, within(1e-6)); // 45 plans in the last 1.0 s (no new ones)
        assertThat(st.sessions()).isEqualTo(3);
        assertThat(s.sample(t + 150 * MS)).isSameAs(st);
        plans.addAndGet(1000);
        t += 1200 * MS;
        assertThat(s.sample(t).plansPerSecond()).as("a burst after a pause").isCloseTo(1000 / 1.1, within(1e-6));
    }
}
