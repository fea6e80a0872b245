package dev.navserver.protocol;

/** Values of the {@code role} field of a {@code welcome} message. See {@code docs/protocol.md}. */
public final class Roles {
    /** A session whose {@code hello} carried the server's {@code server.authorityToken}. */
    public static final String AUTHORITY = "authority";
    /** Every other session. */
    public static final String PLAYER = "player";

    private Roles() {
    }
}
