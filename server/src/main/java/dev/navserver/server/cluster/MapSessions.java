package dev.navserver.server.cluster;

/**
 * Sends the sessions of a map away when this node stops serving it. Thread-safe: may be called from any thread;
 * the work is done on the tick thread.
 */
public interface MapSessions {
    /**
     * Every session on {@code map} gets {@code redirect} naming {@code next} then {@code bye} reason
     * {@code redirect} ({@link Owner.Remote}), or {@code error map_unavailable} then {@code bye} reason
     * {@code unavailable} ({@link Owner.Unowned}), and is closed. Nothing happens for {@link Owner.Local}.
     */
    void sendAway(String map, Owner next);
}
