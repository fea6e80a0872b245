package dev.navserver.server.world.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A YAML document read into nodes that remember where they were written, so that a message can name the line and
 * column of any value or key. Read with Jackson's YAML parser; duplicate keys and a second document are errors.
 * Nodes are immutable; reading is stateless and thread-safe.
 */
final class YamlTree {
    /** Nesting deeper than this is a parse error. */
    static final int MAX_DEPTH = 32;
    /** Jackson's message for {@code .nan}, {@code .inf} and the like. */
    private static final Pattern NON_FINITE = Pattern.compile("Malformed numeric value '([-+]?\\.(?:nan|NaN|NAN|inf|Inf|INF))'");
    private static final YAMLFactory FACTORY = YAMLFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private YamlTree() {
    }

    /** Where a node or key starts: 1-based line and column. */
    record Mark(int line, int column) {
        static Mark of(JsonLocation l) {
            return new Mark(l.getLineNr(), l.getColumnNr());
        }
    }

    /** A value; {@code path} is its place in the document, e.g. {@code spawnGroups[0].count} ({@code ""} = root). */
    sealed interface Node permits MapNode, ListNode, ScalarNode {
        Mark at();

        String path();

        /** {@code a mapping}, {@code a list}, {@code the number 3}, {@code the string "x"}, {@code nothing (null)}. */
        String describe();
    }

    /** A mapping in file order; {@code keys} holds where each key was written. */
    record MapNode(Mark at, String path, Map<String, Node> values, Map<String, Mark> keys) implements Node {
        MapNode {
            values = Collections.unmodifiableMap(values);
            keys = Collections.unmodifiableMap(keys);
        }

        @Override
        public String describe() {
            return "a mapping";
        }

        /** The path of a key of this mapping. */
        String pathOf(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }
    }

    /** A sequence. */
    record ListNode(Mark at, String path, List<Node> items) implements Node {
        ListNode {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /**
     * A scalar: a string ({@code text} is its value), a number ({@code text} as written, {@code number} its value,
     * {@code whole} when written without a fraction or exponent), a boolean, or null.
     */
    record ScalarNode(Mark at, String path, JsonToken token, String text, double number, boolean whole)
            implements Node {
        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }

        boolean isString() {
            return token == JsonToken.VALUE_STRING;
        }

        @Override
        public String describe() {
            return switch (token) {
                case VALUE_STRING -> "the string \"" + (text.length() <= 40 ? text : text.substring(0, 40) + "...")
                        + "\"";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + text;
                case VALUE_TRUE, VALUE_FALSE -> "the boolean " + text;
                default -> "nothing (null)";
            };
        }
    }

    /** Thrown for text that is not one YAML document of plain mappings, lists and scalars. */
    static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;
        final Mark at;

        SyntaxException(Mark at, String message, Throwable cause) {
            super(message, cause);
            this.at = at;
        }
    }

    /**
     * Reads one document.
     *
     * @return its root, or null for a document without content (empty, or only comments)
     */
    static Node read(String yaml) throws SyntaxException {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            if (p.nextToken() == null) {
                return null;
            }
            Node root = value(p, "");
            if (p.nextToken() != null) {
                throw new SyntaxException(Mark.of(p.currentTokenLocation()),
                        "a second document ('---'); the file must hold exactly one", null);
            }
            return root;
        } catch (JsonProcessingException e) {
            Mark at = e.getLocation() == null ? new Mark(0, 0) : Mark.of(e.getLocation());
            String path = e.getProcessor() instanceof JsonParser p ? pathAt(p) : "";
            String prefix = path.isEmpty() ? "" : path + ": ";
            Matcher nonFinite = NON_FINITE.matcher(e.getOriginalMessage());
            if (nonFinite.find()) {
                // The exception's location is the end of the value; report where it starts.
                Mark start = new Mark(at.line(), at.column() - nonFinite.group(1).length());
                throw new SyntaxException(start, prefix + nonFinite.group(1) + " is not a finite number", e);
            }
            throw new SyntaxException(at, prefix + "not valid YAML: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new SyntaxException(new Mark(0, 0), "cannot read: " + e, e);
        }
    }

    /**
     * The path the parser is at, in the form of {@link Node#path()}; a segment of digits is taken for a list index
     * (world files have no numeric keys).
     */
    private static String pathAt(JsonParser p) {
        StringBuilder b = new StringBuilder();
        for (String segment : p.getParsingContext().pathAsPointer().toString().split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            String s = segment.replace("~1", "/").replace("~0", "~");
            if (s.chars().allMatch(Character::isDigit)) {
                b.append('[').append(s).append(']');
            } else {
                b.append(b.length() == 0 ? "" : ".").append(s);
            }
        }
        return b.toString();
    }

    private static Node value(JsonParser p, String path) throws IOException, SyntaxException {
        Mark at = Mark.of(p.currentTokenLocation());
        JsonToken t = p.currentToken();
        if (p instanceof YAMLParser y && y.isCurrentAlias()) {
            throw new SyntaxException(at, (path.isEmpty() ? "" : path + ": ") + "aliases (*" + p.getText()
                    + ") are not supported; write the value out", null);
        }
        switch (t) {
            case START_OBJECT -> {
                Map<String, Node> values = new LinkedHashMap<>();
                Map<String, Mark> keys = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    Mark keyAt = Mark.of(p.currentTokenLocation());
                    String keyPath = path.isEmpty() ? key : path + "." + key;
                    if (keys.containsKey(key)) {
                        throw new SyntaxException(keyAt, keyPath + ": duplicate key (first at line "
                                + keys.get(key).line() + ")", null);
                    }
                    keys.put(key, keyAt);
                    p.nextToken();
                    values.put(key, value(p, keyPath));
                }
                return new MapNode(at, path, values, keys);
            }
            case START_ARRAY -> {
                List<Node> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(value(p, path + "[" + items.size() + "]"));
                }
                return new ListNode(at, path, items);
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new ScalarNode(at, path, t, p.getText(), p.getValueAsDouble(), t == JsonToken.VALUE_NUMBER_INT);
            }
            case VALUE_STRING, VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> {
                return new ScalarNode(at, path, t, p.getText(), Double.NaN, false);
            }
            default -> throw new SyntaxException(at, (path.isEmpty() ? "" : path + ": ") + "unsupported YAML ("
                    + t + ")", null);
        }
    }
}
