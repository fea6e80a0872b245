package dev.navserver.server;

import dev.navserver.nav.search.SearchStatus;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.world.TickPhase;
import dev.navserver.server.world.WorldMetrics;

/** The worlds' {@link WorldMetrics}, counted into the server's meters. Thread-safe as {@link ServerMetrics}. */
final class WorldMeters {
    private WorldMeters() {
    }

    static WorldMetrics of(ServerMetrics metrics) {
        return new WorldMetrics() {
            @Override
            public void planned(long nanos, int expanded, SearchStatus status) {
                metrics.planned(nanos, expanded, status);
            }

            @Override
            public void planWaited(long nanos, boolean urgent) {
                metrics.planQueue.waited(nanos, urgent);
            }

            @Override
            public void planFailed() {
                metrics.plans.inc("failed");
            }

            @Override
            public void planDropped() {
                metrics.messagesDropped.inc("superseded_plan");
            }

            @Override
            public void sharedFieldBuilt(int cells) {
                metrics.sharedFieldsBuilt.increment();
                metrics.sharedFieldCells.record(cells);
            }

            @Override
            public void monsterOverlaps(int pairs) {
                metrics.monsterOverlaps.increment(pairs);
            }

            @Override
            public void slotReassigned() {
                metrics.slotReassignments.increment();
            }

            @Override
            public void tickPhase(TickPhase phase, long cpuNanos) {
                metrics.tickPhaseCpu.labels(phase.label()).increment(cpuNanos / 1e9);
            }
        };
    }
}
