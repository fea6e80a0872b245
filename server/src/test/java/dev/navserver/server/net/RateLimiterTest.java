package dev.navserver.server.net;

import static dev.navserver.server.net.RateLimiter.Verdict.ADMITTED;
import static dev.navserver.server.net.RateLimiter.Verdict.DROPPED;
import static dev.navserver.server.net.RateLimiter.Verdict.DROPPED_CLOSE;
import static dev.navserver.server.net.RateLimiter.Verdict.DROPPED_FIRST;
import static dev.navserver.server.net.RateLimiter.Verdict.DROPPED_FIRST_CLOSE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.server.net.RateLimiter.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rate-limit rules, driven by a hand-stepped clock. */
class RateLimiterTest {
    private static final long MS = 1_000_000L;
    private static final int LIMIT = 3;

    private long nowNanos = 5_000 * MS;
    private final RateLimiter limiter = new RateLimiter(() -> nowNanos);

    /** Sends {@code n} messages at the current time. */
    private List<Verdict> burst(int n) {
        List<Verdict> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(limiter.admit(LIMIT));
        }
        return out;
    }

    private void advanceMillis(long millis) {
        nowNanos += millis * MS;
    }

    @Test
    void upToTheLimitInAWindow_AllAdmitted() {
        assertThat(burst(LIMIT)).containsExactly(ADMITTED, ADMITTED, ADMITTED);
    }

    @Test
    void overTheLimit_FirstDropAnsweredAndLaterDropsSilent() {
        assertThat(burst(LIMIT + 3)).containsExactly(ADMITTED, ADMITTED, ADMITTED, DROPPED_FIRST, DROPPED, DROPPED);
        assertThat(DROPPED_FIRST.answer()).isTrue();
        assertThat(DROPPED_FIRST.close()).isFalse();
        assertThat(DROPPED.answer()).isFalse();
        assertThat(DROPPED.close()).isFalse();
    }

    @Test
    void moreThanTwiceTheLimitInOneWindow_Closes() {
        // exactly twice the limit stays open; the next message closes
        assertThat(burst(2 * LIMIT + 1)).containsExactly(
                ADMITTED, ADMITTED, ADMITTED, DROPPED_FIRST, DROPPED, DROPPED, DROPPED_CLOSE);
        assertThat(DROPPED_CLOSE.close()).isTrue();
        assertThat(DROPPED_CLOSE.answer()).isFalse();
    }

    @Test
    void windowLastsOneSecondFromItsFirstMessage() {
        burst(LIMIT);
        advanceMillis(999);
        assertThat(limiter.admit(LIMIT)).isEqualTo(DROPPED_FIRST);
        nowNanos += MS - 1; // 1 ns short of a second
        assertThat(limiter.admit(LIMIT)).isEqualTo(DROPPED);
        nowNanos += 1;      // exactly one second: a new window
        assertThat(burst(LIMIT + 1)).containsExactly(ADMITTED, ADMITTED, ADMITTED, DROPPED_FIRST);
    }

    @Test
    void newWindowOpensAtTheFirstMessageAfterTheOldOneEnded() {
        burst(1);                  // window opens at t=0
        advanceMillis(1500);
        burst(1);                  // new window opens at t=1.5 s, not at t=1 s
        advanceMillis(900);        // t=2.4 s: still the window of t=1.5 s
        assertThat(burst(LIMIT)).containsExactly(ADMITTED, ADMITTED, DROPPED_FIRST);
    }

    @Test
    void thirdConsecutiveWindowOverTheLimit_ClosesAtItsFirstDrop() {
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST);
        advanceMillis(1000);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST);
        advanceMillis(1000);
        assertThat(burst(LIMIT + 1)).containsExactly(ADMITTED, ADMITTED, ADMITTED, DROPPED_FIRST_CLOSE);
        assertThat(DROPPED_FIRST_CLOSE.answer()).isTrue();
        assertThat(DROPPED_FIRST_CLOSE.close()).isTrue();
        assertThat(RateLimiter.STRIKES_TO_CLOSE).isEqualTo(3);
    }

    @Test
    void aWindowWithinTheLimit_ResetsTheConsecutiveCount() {
        burst(LIMIT + 1);
        advanceMillis(1000);
        burst(LIMIT + 1);
        advanceMillis(1000);
        assertThat(burst(LIMIT)).containsOnly(ADMITTED);
        advanceMillis(1000);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST);
        advanceMillis(1000);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST);
        advanceMillis(1000);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST_CLOSE);
    }

    @Test
    void idleGapIsNoWindow_OverLimitWindowsSeparatedBySilenceStillCountAsConsecutive() {
        burst(LIMIT + 1);
        advanceMillis(10_000);
        burst(LIMIT + 1);
        advanceMillis(10_000);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST_CLOSE);
    }

    @Test
    void limitIsReadPerMessage_ALoweredLimitAppliesWithinTheWindow() {
        assertThat(limiter.admit(5)).isEqualTo(ADMITTED);
        assertThat(limiter.admit(5)).isEqualTo(ADMITTED);
        assertThat(limiter.admit(1)).isEqualTo(DROPPED_FIRST);
        assertThat(limiter.admit(1)).isEqualTo(DROPPED_CLOSE); // 2 drops > limit 1
    }

    @Test
    void firstWindowOpensWhenTheLimiterIsMade() {
        advanceMillis(999);
        assertThat(burst(LIMIT + 1)).endsWith(DROPPED_FIRST);
        advanceMillis(1);
        assertThat(burst(LIMIT)).containsOnly(ADMITTED);
    }
}
