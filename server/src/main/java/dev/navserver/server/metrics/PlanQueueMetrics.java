package dev.navserver.server.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * {@code navserver_plan_queue_seconds{urgency}}: how long a monster's plan waited on the planner queue before a
 * planner thread took it, for {@code urgent} plans (chases, which a player's screen waits for) and
 * {@code background} ones (a wandering or patrolling monster's next leg, served after every urgent one). Thread-safe.
 */
public final class PlanQueueMetrics {
    private static final Duration[] BUCKETS = {Duration.ofNanos(50_000), Duration.ofNanos(250_000),
        Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
        Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(1000)};

    private final Timer urgent;
    private final Timer background;

    PlanQueueMetrics(MeterRegistry registry) {
        urgent = timer(registry, "urgent");
        background = timer(registry, "background");
    }

    private static Timer timer(MeterRegistry registry, String urgency) {
        return Timer.builder("navserver_plan_queue_seconds")
                .description("Time a monster's plan waited for a planner thread, by urgency.")
                .tag("urgency", urgency).serviceLevelObjectives(BUCKETS)
                .publishPercentiles(0.5, 0.9, 0.99).percentilePrecision(2).register(registry);
    }

    /** Records one plan's wait on the queue, nanoseconds. */
    public void waited(long nanos, boolean isUrgent) {
        (isUrgent ? urgent : background).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** The urgent plans' timer (status page). */
    public Timer urgent() {
        return urgent;
    }
}
