package dev.navserver.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Comparison of secrets (the admin bearer token, the authority token) that leaks neither their content nor their
 * length through timing. Stateless; thread-safe.
 */
public final class Secrets {
    private Secrets() {
    }

    /**
     * Whether {@code presented} equals {@code expected}, compared as SHA-256 digests with
     * {@link MessageDigest#isEqual}: the time depends only on the two lengths being hashed, never on where they
     * differ, and the comparison itself is on fixed-size digests.
     */
    public static boolean constantTimeEquals(String presented, String expected) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] a = md.digest(presented.getBytes(StandardCharsets.UTF_8));
            byte[] b = md.digest(expected.getBytes(StandardCharsets.UTF_8));
            return MessageDigest.isEqual(a, b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
