package dev.navserver.server.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns Jackson's exceptions into the config's messages, which start with the dotted key path and say what was
 * expected and what was found, e.g. {@code server.port: expected a whole number, got the string "7400"}. The file
 * name is added by {@link ConfigLoader}. Stateless and thread-safe.
 */
final class ConfigErrors {
    /** YAML 1.1 spellings of NaN and infinity, which Jackson refuses to read as numbers. */
    private static final Pattern NON_FINITE = Pattern.compile("[-+]?\\.(nan|NaN|NAN|inf|Inf|INF)");

    private ConfigErrors() {
    }

    /** The message for a file that is not YAML (or has a duplicate key), with the key path and position if known. */
    static String syntax(JsonProcessingException e) {
        String key = keyPathAtParser(e);
        String token = e.getProcessor() instanceof JsonParser p ? currentText(p) : null;
        if (key != null && token != null && NON_FINITE.matcher(token).matches()) {
            return key + ": " + token + " is not a finite number; write a finite value";
        }
        String where = e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
        if (e instanceof MismatchedInputException && e.getOriginalMessage().startsWith("Trailing token")) {
            return "not valid YAML" + where + ": a second document ('---'); the file must hold exactly one";
        }
        return (key == null ? "" : key + ": ") + "not valid YAML" + where + ": " + e.getOriginalMessage();
    }

    /**
     * The message for a failure to bind {@code tree} (the file laid over the defaults) into a config.
     *
     * <ul>
     *   <li>a record's range or cross-key check: its own message, which already starts with the key path;</li>
     *   <li>an unknown key: the keys known at that level, in file order, taken from {@link ConfigMapper#DEFAULTS};</li>
     *   <li>a wrong type or a null: what the key expects and a description of the value found in {@code tree};</li>
     *   <li>a whole number too large for its type, or a value a {@link ConfigMapper} deserializer refused.</li>
     * </ul>
     */
    static String binding(JsonProcessingException e, JsonNode tree) {
        if (!(e instanceof JsonMappingException m)) {
            return syntax(e);
        }
        List<String> path = new ArrayList<>();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.add(r.getFieldName());
            }
        }
        String key = path.isEmpty() ? "(top level)" : String.join(".", path);
        Throwable cause = e.getCause();
        if (e instanceof ValueInstantiationException && cause instanceof IllegalArgumentException) {
            return cause.getMessage();
        }
        if (e instanceof UnrecognizedPropertyException) {
            return unknownKey(path);
        }
        JsonNode found = tree;
        for (String name : path) {
            found = found.path(name);
        }
        boolean secret = !path.isEmpty() && isSecret(path.get(path.size() - 1));
        if (cause instanceof InputCoercionException) {
            return key + ": " + (secret ? "the value" : found.asText()) + " is out of range for an integer";
        }
        if (cause instanceof IllegalArgumentException) {
            return key + ": " + cause.getMessage();
        }
        if (e instanceof MismatchedInputException mi && mi.getTargetType() != null) {
            String expected = expected(mi.getTargetType());
            return key + ": expected " + expected + ", got " + (secret ? describeType(found) : describe(found))
                    + (expected.equals("a string") && found.isValueNode() && !found.isNull() ? " (quote it)" : "");
        }
        return key + ": " + m.getOriginalMessage();
    }

    /**
     * {@code "chase.x: unknown key (known keys under chase: navIntervalSeconds, ...)"}; under
     * {@code monsters.kinds.<name>} the known keys are those of a kind.
     */
    private static String unknownKey(List<String> path) {
        List<String> names = new ArrayList<>();
        if (path.size() == 4 && path.get(0).equals("monsters") && path.get(1).equals("kinds")) {
            names.addAll(MonsterKinds.Keys.NAMES);
        } else {
            JsonNode known = ConfigMapper.DEFAULTS;
            for (String name : path.subList(0, path.size() - 1)) {
                known = known.path(name);
            }
            for (Iterator<String> it = known.fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
        }
        String section = String.join(".", path.subList(0, path.size() - 1));
        return String.join(".", path) + ": unknown key (known keys" + (section.isEmpty() ? "" : " under " + section)
                + ": " + String.join(", ", names) + ")";
    }

    /** What a key of type {@code type} is written as, in the words of the messages. */
    private static String expected(Class<?> type) {
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isRecord()) {
            return "a mapping of keys";
        }
        return "a string";
    }

    /** Keys whose values are secrets ({@code admin.token}, {@code server.authorityToken}): never quoted. */
    static boolean isSecret(String keyName) {
        return keyName.equals("token") || keyName.endsWith("Token");
    }

    /** {@code a number}, {@code a list}, ...: a value's kind without its content, for secrets. */
    static String describeType(JsonNode v) {
        return switch (v.getNodeType()) {
            case NULL -> "nothing (null)";
            case BOOLEAN -> "a boolean";
            case NUMBER -> "a number";
            case STRING -> "a string";
            case OBJECT -> "a mapping";
            case ARRAY -> "a list";
            default -> v.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    /** {@code the string "abc"}, {@code the number 3}, {@code a list}, ...: a value as a message shows it. */
    static String describe(JsonNode v) {
        JsonNodeType t = v.getNodeType();
        return switch (t) {
            case NULL -> "nothing (null)";
            case BOOLEAN -> "the boolean " + v.asText();
            case NUMBER -> "the number " + v.asText();
            case STRING -> "the string \"" + abbreviate(v.textValue()) + "\"";
            case OBJECT -> "a mapping";
            case ARRAY -> "a list";
            default -> t.name().toLowerCase(Locale.ROOT);
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /** The dotted key path the parser was at when {@code e} was thrown, or {@code null} at the top level. */
    private static String keyPathAtParser(JsonProcessingException e) {
        if (!(e.getProcessor() instanceof JsonParser p) || p.getParsingContext() == null) {
            return null;
        }
        String pointer = p.getParsingContext().pathAsPointer().toString();
        if (pointer.isEmpty()) {
            return null;
        }
        return pointer.substring(1).replace('/', '.').replace("~1", "/").replace("~0", "~");
    }

    private static String currentText(JsonParser p) {
        try {
            return p.getText();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
