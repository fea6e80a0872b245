package dev.navserver.server.config;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of one config reload attempt, as shown by {@code /admin/status} and returned by
 * {@code POST /admin/reload}. Immutable.
 *
 * @param time                when the attempt finished
 * @param source              what triggered it: {@link #SOURCE_FILE_WATCH} or {@link #SOURCE_REQUEST}
 * @param outcome             applied, unchanged or rejected
 * @param message             one human-readable line; for a rejection, the reason with file and key path
 * @param changedKeys         keys whose value in the file differs from the config in force before the attempt
 * @param restartRequiredKeys changed keys that keep their running value until a restart
 * @param sha256              hex SHA-256 of the file bytes read, or empty if the file could not be read
 */
public record ReloadResult(Instant time, String source, Outcome outcome, String message, List<String> changedKeys,
                           List<String> restartRequiredKeys, String sha256) {
    /** Triggered by a change of the file on disk. */
    public static final String SOURCE_FILE_WATCH = "file-watch";
    /** Triggered on demand, e.g. {@code POST /admin/reload}. */
    public static final String SOURCE_REQUEST = "request";

    /** What a reload attempt did. */
    public enum Outcome {
        /** A valid file with at least one changed key; the live part was published. */
        APPLIED,
        /** A valid file with no changed key (same bytes, or only comments/formatting differ). */
        UNCHANGED,
        /** An unreadable or invalid file; the previous config stays in force. */
        REJECTED;

        /** Lower-case name, used as a metric label and in JSON. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ReloadResult {
        changedKeys = List.copyOf(changedKeys);
        restartRequiredKeys = List.copyOf(restartRequiredKeys);
    }

    /** Whether the file was valid (applied or unchanged). */
    public boolean accepted() {
        return outcome != Outcome.REJECTED;
    }

    /** JSON-ready view with keys {@code time, source, outcome, ok, message, changedKeys, restartRequiredKeys, sha256}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", time.toString());
        m.put("source", source);
        m.put("outcome", outcome.label());
        m.put("ok", accepted());
        m.put("message", message);
        m.put("changedKeys", changedKeys);
        m.put("restartRequiredKeys", restartRequiredKeys);
        m.put("sha256", sha256);
        return m;
    }
}
