package dev.navserver.server.world;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The events a {@link World} produced, in order, until the game loop drains them. Owned by the tick thread; not
 * thread-safe.
 */
public final class WorldOutbox {
    private final ArrayDeque<WorldEvent> events = new ArrayDeque<>();

    void add(WorldEvent event) {
        events.add(event);
    }

    /** Number of events waiting. */
    public int size() {
        return events.size();
    }

    /** Hands every waiting event to {@code sink}, oldest first, and empties the outbox. */
    public void drainTo(Consumer<? super WorldEvent> sink) {
        WorldEvent e;
        while ((e = events.poll()) != null) {
            sink.accept(e);
        }
    }
}
