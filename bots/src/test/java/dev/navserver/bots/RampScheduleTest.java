package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RampScheduleTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void offsets_WhenFourBotsRampOverTwoSeconds_ExpectedEvenHalfSecondSteps() {
        RampSchedule r = new RampSchedule(4, 2 * SECOND);
        assertThat(r.offsetNanos(0)).isZero();
        assertThat(r.offsetNanos(1)).isEqualTo(SECOND / 2);
        assertThat(r.offsetNanos(2)).isEqualTo(SECOND);
        assertThat(r.offsetNanos(3)).isEqualTo(3 * SECOND / 2);
    }

    @Test
    void offsets_WhenAThousandBotsRampOverTenSeconds_ExpectedIncreasingBelowTheRampAndAHundredPerSecond() {
        RampSchedule r = new RampSchedule(1000, 10 * SECOND);
        long last = -1;
        int[] perSecond = new int[10];
        for (int i = 0; i < 1000; i++) {
            long o = r.offsetNanos(i);
            assertThat(o).isGreaterThan(last).isLessThan(10 * SECOND);
            perSecond[(int) (o / SECOND)]++;
            last = o;
        }
        assertThat(perSecond).containsOnly(100);
    }

    @Test
    void offsets_WhenTheRampIsZero_ExpectedEveryBotAtOnce() {
        RampSchedule r = new RampSchedule(3, 0);
        assertThat(r.offsetNanos(0)).isZero();
        assertThat(r.offsetNanos(2)).isZero();
    }

    @Test
    void offsets_WhenTheRampIsTheLongestAndBotsTheMost_ExpectedNoOverflow() {
        RampSchedule r = new RampSchedule(100_000, 3600 * SECOND);
        assertThat(r.offsetNanos(99_999)).isEqualTo(3600 * SECOND / 100_000 * 99_999);
    }

    @Test
    void constructorAndOffsets_WhenOutOfRange_ExpectedExceptions() {
        assertThatThrownBy(() -> new RampSchedule(0, SECOND)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RampSchedule(1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RampSchedule(2, SECOND).offsetNanos(2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
