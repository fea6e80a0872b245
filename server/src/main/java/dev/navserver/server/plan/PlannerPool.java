package dev.navserver.server.plan;

import dev.navserver.server.world.PathPlanner;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The planner threads: a fixed pool whose queue serves waiting tasks by urgency, then in the order they came. A task
 * that implements {@link PathPlanner.Background} waits behind every other (a wandering or patrolling monster's next leg); every
 * other task is urgent (a chase plan a player's screen waits for, a {@code path_query} a client waits for). Under a
 * backlog the background plans wait; nothing is dropped. Thread-safe.
 */
public final class PlannerPool extends ThreadPoolExecutor {
    private final AtomicLong order = new AtomicLong();

    /** A pool of {@code threads} daemon threads named {@code navserver-planner-N}. */
    public PlannerPool(int threads) {
        super(threads, threads, 0, TimeUnit.MILLISECONDS, new PriorityBlockingQueue<>(),
                new Names());
    }

    @Override
    public void execute(Runnable task) {
        super.execute(new Queued(task, !(task instanceof PathPlanner.Background), order.getAndIncrement()));
    }

    /** A task in the queue: urgent before background, then first come first served. */
    private record Queued(Runnable task, boolean urgent, long order) implements Runnable, Comparable<Queued> {
        @Override
        public void run() {
            task.run();
        }

        @Override
        public int compareTo(Queued o) {
            if (urgent != o.urgent) {
                return urgent ? -1 : 1;
            }
            return Long.compare(order, o.order);
        }
    }

    private static final class Names implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger ids = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "navserver-planner-" + ids.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
