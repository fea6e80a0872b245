package dev.navserver.protocol.json;

import java.util.List;

/** Rules the {@link Fields} readers do not cover: a name from a fixed set, a field another field requires. Stateless. */
final class FieldRules {
    private FieldRules() {
    }

    /**
     * {@code value} when it is one of {@code allowed} or {@code null}; otherwise records
     * {@code "<name>: unknown <what> '<value>', expected one of a, b, c"} in {@code f} and returns {@code null}.
     *
     * @param value the field's value as read from {@code f}, or {@code null} when absent or unreadable
     */
    static String oneOf(Fields f, String name, String value, List<String> allowed, String what) {
        if (value == null || allowed.contains(value)) {
            return value;
        }
        f.reject(name, "unknown " + what + " '" + LineParser.excerpt(value) + "', expected one of "
                + String.join(", ", allowed));
        return null;
    }

    /**
     * Whether {@code f} has the field {@code name}; when not, records {@code "<name>: required by <by>"} (e.g.
     * {@code "target: required by command chase"}).
     */
    static boolean requiredBy(Fields f, String name, String by) {
        if (f.has(name)) {
            return true;
        }
        f.reject(name, "required by " + by);
        return false;
    }
}
