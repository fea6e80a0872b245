package dev.navserver.server.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Checks of the admin bearer token. Stateless; thread-safe. */
public final class BearerTokens {
    private BearerTokens() {
    }

    /** Compares digests, so that neither the content nor the length of the token leaks through timing. */
    public static boolean constantTimeEquals(String presented, String expected) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] a = md.digest(presented.getBytes(StandardCharsets.UTF_8));
            byte[] b = md.digest(expected.getBytes(StandardCharsets.UTF_8));
            return MessageDigest.isEqual(a, b);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /**
     * Whether an {@code Authorization} header value is {@code Bearer <expected>} (scheme case-insensitive).
     * {@code expected} must not be empty.
     */
    public static boolean authorizes(String header, String expected) {
        return header != null && header.length() >= 7 && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && constantTimeEquals(header.substring(7).trim(), expected);
    }
}
