package dev.navserver.server.config;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A one-slot hand-off of reloaded configs from the reloader's thread to the tick thread: {@link #accept} replaces
 * whatever is waiting (only the newest config matters), {@link #poll} takes it at a tick boundary. Lock-free and
 * safe for any number of producers and consumers.
 */
public final class PendingConfig implements Consumer<NavServerConfig> {
    private final AtomicReference<NavServerConfig> slot = new AtomicReference<>();

    /** Offers {@code config}, replacing any config not yet polled. */
    @Override
    public void accept(NavServerConfig config) {
        slot.set(java.util.Objects.requireNonNull(config, "config"));
    }

    /** Whether a config waits to be polled. */
    public boolean isPending() {
        return slot.get() != null;
    }

    /** The newest config offered since the last poll, or {@code null}; empties the slot. */
    public NavServerConfig poll() {
        return slot.getAndSet(null);
    }
}
