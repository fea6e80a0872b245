package dev.navserver.protocol.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed, checked reads of the fields of one JSON object. The first problem is recorded as a {@code bad_field}
 * {@link ProtocolError} naming the field by its path ({@code pos[1]}, {@code map.origin}, {@code list[2].state});
 * after that every read returns a placeholder and the caller returns {@link #error()}. Unknown fields are ignored.
 * One instance per decode, not thread-safe.
 */
final class Fields {
    /** Longest accepted path status string; the longest valid one has 13 chars. */
    private static final int MAX_STATUS_CHARS = 64;

    private final ObjectNode node;
    private final String prefix;
    private final Fields root;
    private final RequestId id;
    private ProtocolError error;

    Fields(ObjectNode node, RequestId id) {
        this(node, "", null, id);
    }

    private Fields(ObjectNode node, String prefix, Fields root, RequestId id) {
        this.node = node;
        this.prefix = prefix;
        this.root = root;
        this.id = id;
    }

    /** The first problem found, or {@code null}. */
    ProtocolError error() {
        return root == null ? error : root.error();
    }

    boolean failed() {
        return error() != null;
    }

    private void fail(String path, String problem) {
        if (root != null) {
            root.fail(path, problem);
        } else if (error == null) {
            error = new ProtocolError(ErrorCodes.BAD_FIELD, path + ": " + problem, id);
        }
    }

    /** The value of a required field, or {@code null} after recording why it is missing. */
    private JsonNode required(String name) {
        if (failed()) {
            return null;
        }
        JsonNode v = node.get(name);
        if (v == null) {
            fail(prefix + name, "required field missing");
            return null;
        }
        return v;
    }

    /** The value of an optional field, or {@code null} when absent or JSON {@code null}. */
    private JsonNode optional(String name) {
        if (failed()) {
            return null;
        }
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? null : v;
    }

    /** Whether the field is present and not JSON {@code null} (no problem is recorded either way). */
    boolean has(String name) {
        JsonNode v = node.get(name);
        return v != null && !v.isNull();
    }

    /**
     * Records a problem of a field found by the caller, e.g. a value outside an allowed set or a rule joining it
     * with another field; the first problem recorded wins.
     */
    void reject(String name, String problem) {
        if (!failed()) {
            fail(prefix + name, problem);
        }
    }

    /** A required array of exactly {@code size} integers, each in {@code [min, max]}; {@code null} after a problem. */
    long[] integers(String name, int size, long min, long max) {
        String path = prefix + name;
        JsonNode v = required(name);
        if (v == null) {
            return null;
        }
        if (!v.isArray()) {
            fail(path, "must be an array of " + size + " integers, got " + kind(v));
            return null;
        }
        if (v.size() != size) {
            fail(path, "must have exactly " + size + " elements, got " + v.size());
            return null;
        }
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            Long e = checkInteger(path + "[" + i + "]", v.get(i), min, max);
            if (e == null) {
                return null;
            }
            out[i] = e;
        }
        return out;
    }

    String string(String name, int maxChars) {
        return checkString(prefix + name, required(name), maxChars);
    }

    String optionalString(String name, int maxChars) {
        return checkString(prefix + name, optional(name), maxChars);
    }

    private String checkString(String path, JsonNode v, int maxChars) {
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            fail(path, "must be a string, got " + kind(v));
            return null;
        }
        String s = v.textValue();
        if (s.isEmpty()) {
            fail(path, "must not be empty");
            return null;
        }
        if (s.length() > maxChars) {
            fail(path, "longer than " + maxChars + " chars");
            return null;
        }
        return s;
    }

    /** A required {@code status} of a path: one of the {@link PathStatus} strings. */
    String pathStatus(String name) {
        String s = checkString(prefix + name, required(name), MAX_STATUS_CHARS);
        if (s != null && PathStatus.parse(s) == null) {
            fail(prefix + name, "must be one of ok, partial, unreachable, blocked, out_of_bounds, got "
                    + LineParser.excerpt(s));
            return null;
        }
        return s;
    }

    long integer(String name, long min, long max) {
        Long v = checkInteger(prefix + name, required(name), min, max);
        return v == null ? 0 : v;
    }

    Long optionalInteger(String name, long min, long max) {
        return checkInteger(prefix + name, optional(name), min, max);
    }

    private Long checkInteger(String path, JsonNode v, long min, long max) {
        if (v == null) {
            return null;
        }
        if (!v.isNumber()) {
            fail(path, "must be an integer, got " + kind(v));
            return null;
        }
        if (!v.isIntegralNumber()) {
            fail(path, "must be an integer, got " + v.asText());
            return null;
        }
        if (!v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            fail(path, LineParser.excerpt(v.asText()) + " is out of range [" + min + ", " + max + "]");
            return null;
        }
        return v.longValue();
    }

    double number(String name, double min, double max) {
        return checkNumber(prefix + name, required(name), min, max);
    }

    private double checkNumber(String path, JsonNode v, double min, double max) {
        if (v == null) {
            return 0;
        }
        if (!v.isNumber()) {
            fail(path, "must be a number, got " + kind(v));
            return 0;
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d)) {
            fail(path, v.isIntegralNumber()
                    ? LineParser.excerpt(v.asText()) + " is out of range [" + min + ", " + max + "]"
                    : "must be finite, got " + LineParser.excerpt(v.asText()));
            return 0;
        }
        if (d < min || d > max) {
            fail(path, d + " is out of range [" + min + ", " + max + "]");
            return 0;
        }
        return d;
    }

    /** An optional number in {@code [min, max]}; {@code null} when absent or JSON {@code null}. */
    Double optionalNumber(String name, double min, double max) {
        JsonNode v = optional(name);
        if (v == null) {
            return null;
        }
        double d = checkNumber(prefix + name, v, min, max);
        return failed() ? null : d;
    }

    boolean bool(String name) {
        JsonNode v = required(name);
        if (v == null) {
            return false;
        }
        if (!v.isBoolean()) {
            fail(prefix + name, "must be true or false, got " + kind(v));
            return false;
        }
        return v.booleanValue();
    }

    /** A required {@code [x,y,z]} position, each coordinate finite and within ±{@link Protocol#MAX_ABS_COORDINATE_METERS}. */
    Vec3 vec3(String name) {
        return checkVec3(prefix + name, required(name));
    }

    /** An optional {@code [x,y,z]} position checked as {@link #vec3}, or {@code null} when absent or JSON null. */
    Vec3 optionalVec3(String name) {
        return checkVec3(prefix + name, optional(name));
    }

    private Vec3 checkVec3(String path, JsonNode v) {
        if (v == null) {
            return null;
        }
        if (!v.isArray()) {
            fail(path, "must be an array of 3 numbers [x,y,z], got " + kind(v));
            return null;
        }
        if (v.size() != 3) {
            fail(path, "must have exactly 3 elements [x,y,z], got " + v.size());
            return null;
        }
        double x = coordinate(path + "[0]", v.get(0));
        double y = coordinate(path + "[1]", v.get(1));
        double z = coordinate(path + "[2]", v.get(2));
        return failed() ? null : new Vec3(x, y, z);
    }

    private double coordinate(String path, JsonNode v) {
        if (failed()) {
            return 0;
        }
        if (!v.isNumber()) {
            fail(path, "must be a number, got " + kind(v));
            return 0;
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d) && !v.isIntegralNumber()) {
            fail(path, "must be finite, got " + LineParser.excerpt(v.asText()));
            return 0;
        }
        if (!(Math.abs(d) <= Protocol.MAX_ABS_COORDINATE_METERS)) {
            String shown = Double.isFinite(d) ? Double.toString(d) : LineParser.excerpt(v.asText());
            fail(path, shown + " is out of range (|coordinate| must be <= " + Protocol.MAX_ABS_COORDINATE_METERS
                    + " metres)");
            return 0;
        }
        return d;
    }

    /** A required array of {@code minSize..maxSize} positions. */
    List<Vec3> vec3List(String name, int minSize, int maxSize) {
        String path = prefix + name;
        JsonNode v = required(name);
        if (v == null) {
            return List.of();
        }
        if (!checkArray(path, v, minSize, maxSize, "positions [x,y,z]")) {
            return List.of();
        }
        List<Vec3> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size() && !failed(); i++) {
            out.add(checkVec3(path + "[" + i + "]", v.get(i)));
        }
        return failed() ? List.of() : out;
    }

    /** A required object, read through the returned child, or {@code null} after recording why not. */
    Fields object(String name) {
        return checkObject(prefix + name, required(name));
    }

    /** An optional object read through the returned child; {@code null} when absent, JSON null or after a problem. */
    Fields optionalObject(String name) {
        return checkObject(prefix + name, optional(name));
    }

    private Fields checkObject(String path, JsonNode v) {
        if (v == null) {
            return null;
        }
        if (!v.isObject()) {
            fail(path, "must be an object, got " + kind(v));
            return null;
        }
        return new Fields((ObjectNode) v, path + ".", this.root == null ? this : this.root, id);
    }

    /**
     * An optional array of exactly {@code size} finite numbers, each in {@code [min, max]}; {@code null} when absent,
     * JSON null or after a problem.
     */
    double[] optionalNumbers(String name, int size, double min, double max) {
        String path = prefix + name;
        JsonNode v = optional(name);
        if (v == null || !checkArray(path, v, size, size, size + " numbers")) {
            return null;
        }
        double[] out = new double[size];
        for (int i = 0; i < size; i++) {
            out[i] = checkNumber(path + "[" + i + "]", v.get(i), min, max);
        }
        return failed() ? null : out;
    }

    /** A required array of objects, each read through its child; empty after recording a problem. */
    List<Fields> objectList(String name, int maxSize) {
        return objectList(name, 0, maxSize);
    }

    /** A required array of {@code minSize..maxSize} objects, each read through its child; empty after a problem. */
    List<Fields> objectList(String name, int minSize, int maxSize) {
        String path = prefix + name;
        JsonNode v = required(name);
        if (v == null || !checkArray(path, v, minSize, maxSize, "objects")) {
            return List.of();
        }
        List<Fields> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            if (!e.isObject()) {
                fail(path + "[" + i + "]", "must be an object, got " + kind(e));
                return List.of();
            }
            out.add(new Fields((ObjectNode) e, path + "[" + i + "].", this.root == null ? this : this.root, id));
        }
        return out;
    }

    private boolean checkArray(String path, JsonNode v, int minSize, int maxSize, String of) {
        if (!v.isArray()) {
            fail(path, "must be an array of " + of + ", got " + kind(v));
            return false;
        }
        if (v.size() < minSize || v.size() > maxSize) {
            fail(path, "must have " + minSize + ".." + maxSize + " elements, got " + v.size());
            return false;
        }
        return true;
    }

    /** The JSON kind of a value with its article: "a string", "an array", "null". */
    static String kind(JsonNode v) {
        switch (v.getNodeType()) {
            case STRING:
                return "a string";
            case NUMBER:
                return "a number";
            case BOOLEAN:
                return "a boolean";
            case ARRAY:
                return "an array";
            case OBJECT:
                return "an object";
            case NULL:
                return "null";
            default:
                return v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
