package dev.navserver.server.admin;

import dev.navserver.server.auth.Secrets;

/** Checks of the admin bearer token. Stateless; thread-safe. */
public final class BearerTokens {
    private BearerTokens() {
    }

    /**
     * Whether an {@code Authorization} header value is {@code Bearer <expected>} (scheme case-insensitive).
     * {@code expected} must not be empty.
     */
    public static boolean authorizes(String header, String expected) {
        return header != null && header.length() >= 7 && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && Secrets.constantTimeEquals(header.substring(7).trim(), expected);
    }
}
