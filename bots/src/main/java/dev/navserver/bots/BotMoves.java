package dev.navserver.bots;

import dev.navserver.protocol.message.Redirect;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * How a bot follows the cluster's answers (issue 27): after {@code redirect} + {@code bye redirect} it connects to the
 * named node and says {@code hello} again, at most {@value #MAX_REDIRECTS_IN_A_ROW} times in a row without a
 * {@code welcome}; after {@code error map_unavailable} + {@code bye unavailable} it retries the same address with a
 * backoff from {@link #FIRST_BACKOFF_NANOS} doubling up to {@link #MAX_BACKOFF_NANOS}, for at most
 * {@link #UNAVAILABLE_GIVE_UP_NANOS} since the first refusal. A {@code welcome} resets both bounds.
 *
 * <p>Not thread-safe: confined to the bot's event loop (every connection of a bot uses the same one).
 */
final class BotMoves {
    /** Most {@code redirect}s followed one after another without a {@code welcome}. */
    static final int MAX_REDIRECTS_IN_A_ROW = 5;
    /** Longest time a map may stay unavailable before the bot gives up, nanoseconds. */
    static final long UNAVAILABLE_GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** First wait before retrying after {@code map_unavailable}, nanoseconds. */
    static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Longest wait between retries after {@code map_unavailable}, nanoseconds. */
    static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** Opens a bot's next connection on its event loop, with the bot's pipeline. */
    interface Connector {
        ChannelFuture connect(EventLoop loop, InetSocketAddress address);
    }

    private Connector connector;
    private InetSocketAddress address;
    /** The current connection was told to go elsewhere ({@code redirect}), or to retry later. */
    private InetSocketAddress redirectedTo;
    private boolean unavailable;
    private int redirectsInARow;
    /** {@link System#nanoTime()} of the first {@code map_unavailable} since the last welcome; -1 when none. */
    private long unavailableSince = -1;
    private long backoffNanos;
    private String problem;

    /** @param first the address the bot connects to first (the directory, or any node) */
    BotMoves(InetSocketAddress first) {
        this.address = first;
    }

    /** How the next connection is opened; set before the first connect. */
    void connector(Connector c) {
        connector = c;
    }

    /** Where the bot connects (next). */
    InetSocketAddress address() {
        return address;
    }

    /** A new connection starts: nothing heard on it yet. */
    void connected() {
        redirectedTo = null;
        unavailable = false;
    }

    /** The server sent {@code redirect}; its {@code bye} and the close follow. */
    void redirect(Redirect r) {
        redirectedTo = new InetSocketAddress(r.host(), r.port());
    }

    /** The server answered {@code error map_unavailable}; its {@code bye} and the close follow. */
    void unavailable() {
        unavailable = true;
    }

    /** Whether the current connection was told to go to another node. */
    boolean redirected() {
        return redirectedTo != null;
    }

    /** Whether the current connection ends in a move or retry rather than a failure. */
    boolean moving() {
        return redirectedTo != null || unavailable;
    }

    /** The bot was welcomed: the bounds start again. */
    void welcomed() {
        redirectsInARow = 0;
        unavailableSince = -1;
        backoffNanos = 0;
    }

    /**
     * After a {@link #moving()} connection closed: the wait before connecting to {@link #address()}, nanoseconds, or
     * -1 when the bot gives up ({@link #problem()} says why).
     *
     * @param nowNanos {@link System#nanoTime()}
     */
    long next(long nowNanos) {
        if (redirectedTo != null) {
            if (++redirectsInARow > MAX_REDIRECTS_IN_A_ROW) {
                problem = "more than " + MAX_REDIRECTS_IN_A_ROW + " redirects in a row without a welcome (the last to "
                        + redirectedTo.getHostString() + ":" + redirectedTo.getPort() + ")";
                return -1;
            }
            address = redirectedTo;
            return 0;
        }
        if (unavailableSince < 0) {
            unavailableSince = nowNanos;
        }
        backoffNanos = backoffNanos == 0 ? FIRST_BACKOFF_NANOS : Math.min(MAX_BACKOFF_NANOS, 2 * backoffNanos);
        if (nowNanos + backoffNanos - unavailableSince > UNAVAILABLE_GIVE_UP_NANOS) {
            problem = "map unavailable for " + TimeUnit.NANOSECONDS.toSeconds(UNAVAILABLE_GIVE_UP_NANOS)
                    + " s at " + address.getHostString() + ":" + address.getPort();
            return -1;
        }
        return backoffNanos;
    }

    /**
     * After a {@link #moving()} connection closed: connects to the next address after {@link #next}'s wait, on the
     * same event loop, unless {@code done} says the bot has finished by then. {@code end} is called on the loop when
     * the bot stops trying: with a failure reason and a problem note, or with two nulls when {@code done}.
     */
    void follow(EventLoop loop, long nowNanos, BooleanSupplier done, BiConsumer<String, String> end) {
        long delay = next(nowNanos);
        if (delay < 0) {
            end.accept(reason(), problem);
            return;
        }
        InetSocketAddress to = address;
        loop.schedule(() -> {
            if (done.getAsBoolean()) {
                end.accept(null, null);
                return;
            }
            connector.connect(loop, to).addListener(f -> {
                if (!f.isSuccess()) {
                    end.accept("connect", "cannot connect to " + to.getHostString() + ":" + to.getPort()
                            + " after a move: " + f.cause());
                }
            });
        }, delay, TimeUnit.NANOSECONDS);
    }

    /** Why {@link #next} gave up; null before. */
    String problem() {
        return problem;
    }

    /** The failure reason of a give-up: {@code redirect_loop} or {@code map_unavailable}. */
    String reason() {
        return redirectedTo != null ? "redirect_loop" : "map_unavailable";
    }
}
