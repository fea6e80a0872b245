package dev.navserver.server.config;

/** Range checks shared by the config records; each failure names the key path and the allowed range. */
final class Checks {
    private Checks() {
    }

    static int range(String key, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + ": " + value + " is out of range (" + min + ".." + max + ")");
        }
        return value;
    }

    static long range(String key, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + ": " + value + " is out of range (" + min + ".." + max + ")");
        }
        return value;
    }

    static double range(String key, double value, double min, double max) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(key + ": " + value + " is not a finite number (allowed "
                    + format(min) + ".." + format(max) + ")");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + ": " + value + " is out of range ("
                    + format(min) + ".." + format(max) + ")");
        }
        return value;
    }

    static String notBlank(String key, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + ": must not be empty");
        }
        if (!value.strip().equals(value)) {
            throw new IllegalArgumentException(key + ": must not start or end with whitespace");
        }
        return value;
    }

    /**
     * A secret token: empty, or 16..256 characters without whitespace or control characters. Messages never quote
     * the value.
     *
     * @param emptyMeans what leaving it empty does, e.g. {@code "to disable /admin/*"}
     */
    static String token(String key, String value, String emptyMeans) {
        notNull(key, value);
        if (!value.isEmpty()) {
            if (value.length() < 16 || value.length() > 256) {
                throw new IllegalArgumentException(key + ": length " + value.length()
                        + " is out of range (16..256), or leave it empty " + emptyMeans);
            }
            if (value.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
                throw new IllegalArgumentException(key + ": must not contain whitespace or control characters");
            }
        }
        return value;
    }

    static <T> T notNull(String key, T value) {
        if (value == null) {
            throw new IllegalArgumentException(key + ": must be set");
        }
        return value;
    }

    /** {@code 60.0 -> "60"}, {@code 0.01 -> "0.01"}: ranges read like the issue's examples. */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
