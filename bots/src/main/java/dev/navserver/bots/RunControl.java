package dev.navserver.bots;

import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * What the run and its bots share besides statistics: the end-of-run flag, the live bots, a countdown of bots not
 * yet done, and the first few problem notes for the operator. Thread-safe.
 */
final class RunControl {
    /** Problem notes kept for printing; later ones are only counted. */
    static final int MAX_NOTES = 20;

    private volatile boolean ending;
    private final CountDownLatch pending;
    private final Map<BotSession, Channel> live = new ConcurrentHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private final AtomicInteger noteCount = new AtomicInteger();
    /** Names of the bots' players welcomed and still connected. */
    private final java.util.Set<String> players = ConcurrentHashMap.newKeySet();

    /** @param bots number of bots; each must call {@link #botDone()} once */
    RunControl(int bots) {
        pending = new CountDownLatch(bots);
    }

    /** Whether the run has reached its end: closes and byes from now on are expected. */
    boolean ending() {
        return ending;
    }

    void startEnding() {
        ending = true;
    }

    void register(BotSession bot, Channel channel) {
        live.put(bot, channel);
    }

    /** Bots whose connection became active, with their channels. */
    Map<BotSession, Channel> live() {
        return live;
    }

    /** A bot's player was welcomed ({@code true}) or its connection closed ({@code false}). */
    void player(String name, boolean connected) {
        if (connected) {
            players.add(name);
        } else {
            players.remove(name);
        }
    }

    /** Whether a bot's player of that name is welcomed and connected. */
    boolean playerConnected(String name) {
        return players.contains(name);
    }

    /** The connected bots' player names, a copy. */
    List<String> players() {
        return new ArrayList<>(players);
    }

    void botDone() {
        pending.countDown();
    }

    /** Waits until every bot is done, at most {@code nanos}; true when all are done. */
    boolean awaitAllDone(long nanos) throws InterruptedException {
        return pending.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Records a problem; only the first {@link #MAX_NOTES} messages are built and kept, later ones counted. */
    void note(Supplier<String> message) {
        if (noteCount.getAndIncrement() < MAX_NOTES) {
            String m = message.get();
            synchronized (notes) {
                notes.add(m);
            }
        }
    }

    List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    int noteCount() {
        return noteCount.get();
    }
}
