package dev.navserver.server.world;

import dev.navserver.nav.search.SearchStatus;

/** Observes a {@link World}'s planning. Methods may be called from planner threads and must be thread-safe. */
public interface WorldMetrics {
    /**
     * A plan finished on a planner thread after {@code nanos} of search.
     *
     * @param status FOUND, PARTIAL or UNREACHABLE (a plan without points)
     */
    void planned(long nanos, int expanded, SearchStatus status);

    /** A plan failed with an unexpected exception (a bug); the monster re-plans later. */
    void planFailed();

    /** A finished plan was dropped because a newer one superseded it, the monster left, or the map changed. */
    void planDropped();

    /** Does nothing. */
    WorldMetrics NONE = new WorldMetrics() {
        @Override
        public void planned(long nanos, int expanded, SearchStatus status) {
        }

        @Override
        public void planFailed() {
        }

        @Override
        public void planDropped() {
        }
    };
}
