package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.Redirect;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link BotMoves}' choices with a clock stepped by hand: where a bot connects next, after what wait, and when not. */
class BotMovesTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final BotMoves moves = new BotMoves(new InetSocketAddress("127.0.0.1", 7400));

    private long redirectTo(int port, long now) {
        moves.connected();
        moves.redirect(new Redirect("arena", "127.0.0.1", port));
        return moves.next(now);
    }

    private long unavailable(long now) {
        moves.connected();
        moves.unavailable();
        return moves.next(now);
    }

    @Test
    void redirects_FiveInARowAreFollowedAtOnce_TheSixthGivesUpNamingTheLastNode() {
        for (int i = 1; i <= BotMoves.MAX_REDIRECTS_IN_A_ROW; i++) {
            assertThat(redirectTo(7400 + i, i)).isZero();
            assertThat(moves.address().getPort()).isEqualTo(7400 + i);
        }

        assertThat(redirectTo(7406, 6)).isEqualTo(-1);
        assertThat(moves.reason()).isEqualTo("redirect_loop");
        assertThat(moves.problem()).isEqualTo("more than 5 redirects in a row without a welcome (the last to "
                + "127.0.0.1:7406)");
    }

    @Test
    void redirects_AWelcomeBetweenThem_StartsTheCountAgain() {
        for (int i = 1; i <= BotMoves.MAX_REDIRECTS_IN_A_ROW; i++) {
            redirectTo(7401, i);
        }
        moves.connected();
        moves.welcomed();

        assertThat(redirectTo(7402, 10)).isZero();
        assertThat(moves.problem()).isNull();
    }

    @Test
    void unavailable_RetriesTheSameAddressWithADoublingBackoffCappedAtTwoSeconds_UntilThirtySecondsHavePassed() {
        redirectTo(7402, 0);
        List<Long> waits = new ArrayList<>();
        long now = 0;
        long wait;
        while ((wait = unavailable(now)) >= 0) {
            assertThat(moves.address().getPort()).isEqualTo(7402);
            waits.add(wait / MS);
            now += wait + 5 * MS; // the refusal takes 5 ms
        }

        assertThat(waits).startsWith(100L, 200L, 400L, 800L, 1600L, 2000L, 2000L);
        assertThat(now).isLessThanOrEqualTo(BotMoves.UNAVAILABLE_GIVE_UP_NANOS + waits.size() * 5 * MS);
        assertThat(now + 2000 * MS).isGreaterThan(BotMoves.UNAVAILABLE_GIVE_UP_NANOS);
        assertThat(moves.reason()).isEqualTo("map_unavailable");
        assertThat(moves.problem()).isEqualTo("map unavailable for 30 s at 127.0.0.1:7402");
    }

    @Test
    void unavailable_AfterAWelcome_StartsAgainFromTheFirstBackoff() {
        unavailable(0);
        unavailable(100 * MS);
        moves.connected();
        moves.welcomed();

        assertThat(unavailable(TimeUnit.SECONDS.toNanos(40))).isEqualTo(100 * MS);
    }

    @Test
    void aConnectionWithoutRedirectOrRefusal_IsNotAMove() {
        moves.connected();

        assertThat(moves.moving()).isFalse();
        assertThat(moves.redirected()).isFalse();
    }
}
