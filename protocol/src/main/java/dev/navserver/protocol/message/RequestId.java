package dev.navserver.protocol.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.Objects;

/**
 * A client's request {@code id}: a JSON string or a JSON number, echoed back exactly as received. A number keeps
 * its literal text ({@code 5}, {@code 5.0}, {@code 1e3} stay as written), so no precision is lost. Immutable;
 * equal when kind and text are equal.
 */
@JsonSerialize(using = RequestId.Serializer.class)
public final class RequestId {
    private final String text;
    private final boolean number;

    private RequestId(String text, boolean number) {
        this.text = text;
        this.number = number;
    }

    /** A string id. */
    public static RequestId of(String value) {
        return new RequestId(Objects.requireNonNull(value, "value"), false);
    }

    /** An integer id. */
    public static RequestId of(long value) {
        return new RequestId(Long.toString(value), true);
    }

    /**
     * A numeric id from its JSON literal text.
     *
     * @throws IllegalArgumentException if {@code literal} is not a JSON number literal
     */
    public static RequestId ofNumberLiteral(String literal) {
        if (!isJsonNumber(literal)) {
            throw new IllegalArgumentException("not a JSON number literal: " + literal);
        }
        return new RequestId(literal, true);
    }

    /** True for a numeric id, false for a string id. */
    public boolean isNumber() {
        return number;
    }

    /** The string value of a string id, or the literal text of a numeric id. */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequestId other && number == other.number && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode() * 31 + (number ? 1 : 0);
    }

    /** The id as it appears in JSON, e.g. {@code "q1"} or {@code 5} (string quoting here is not JSON-escaped). */
    @Override
    public String toString() {
        return number ? text : '"' + text + '"';
    }

    /** JSON number grammar: {@code -? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?}. */
    static boolean isJsonNumber(String s) {
        if (s == null) {
            return false;
        }
        int n = s.length();
        int i = 0;
        if (i < n && s.charAt(i) == '-') {
            i++;
        }
        if (i >= n) {
            return false;
        }
        if (s.charAt(i) == '0') {
            i++;
        } else if (isDigit(s.charAt(i))) {
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
        } else {
            return false;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Writes a string id as a JSON string and a numeric id as its original literal. */
    static final class Serializer extends StdSerializer<RequestId> {
        Serializer() {
            super(RequestId.class);
        }

        @Override
        public void serialize(RequestId id, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (id.number) {
                gen.writeNumber(id.text);
            } else {
                gen.writeString(id.text);
            }
        }
    }
}
