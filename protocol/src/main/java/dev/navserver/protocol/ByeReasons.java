package dev.navserver.protocol;

/** Values of the {@code reason} field of a {@code bye} message. */
public final class ByeReasons {
    /** The server is shutting down. */
    public static final String SHUTDOWN = "shutdown";
    /** Nothing was received for {@code server.idleTimeoutSeconds}. */
    public static final String IDLE = "idle";
    /** Sustained sending above {@code server.maxMessagesPerSecond}. */
    public static final String RATE_LIMITED = "rate_limited";
    /** The client stopped reading and its pending output passed {@code server.outboundLimitBytes}. */
    public static final String SLOW_READER = "slow_reader";
    /** {@code hello} carried a wrong {@code token}; follows an {@code error} with code {@code unauthorized}. */
    public static final String UNAUTHORIZED = "unauthorized";
    /** Another node serves the session's map; follows a {@code redirect} naming it. */
    public static final String REDIRECT = "redirect";
    /** No node serves the session's map at the moment; follows an {@code error} with code {@code map_unavailable}. */
    public static final String UNAVAILABLE = "unavailable";
    /** The client said {@code bye} (optional in a client's {@code bye}; used as the close reason in logs). */
    public static final String CLIENT = "client";

    private ByeReasons() {
    }
}
