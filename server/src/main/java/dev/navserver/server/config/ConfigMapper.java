package dev.navserver.server.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.SearchMode;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Jackson side of the config: a strict {@link YAMLMapper} that binds a YAML tree into {@link NavServerConfig}
 * and its nested records, whose components are the keys, whose {@code DEFAULT} constants are the defaults and whose
 * compact constructors are the range checks. Strict means: unknown keys, nulls (except where a component says
 * otherwise, like {@code admin.token}), fractions for whole numbers, and strings, numbers or booleans standing in
 * for one another are all errors, never coerced. Whole numbers are accepted for fractional keys ({@code
 * snapshotHz: 5}).
 *
 * <p>{@link Algorithm} and {@link SearchMode} are written as their {@code spelling()} and {@link Path} as its
 * {@code toString()}.
 * A value those deserializers refuse throws an {@link IllegalArgumentException} whose message follows the key path
 * (see {@link ConfigErrors}). Stateless and thread-safe.
 */
final class ConfigMapper {
    /** Reads YAML; duplicate keys and nesting deeper than 32 levels are parse errors. */
    static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .disable(DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS)
            .defaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL))
            .withCoercionConfig(LogicalType.Textual, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Boolean, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Integer, c -> c
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Float, c -> c
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .addModule(new SimpleModule("navserver-config")
                    .addSerializer(Algorithm.class, new SpellingSerializer<>(Algorithm::spelling))
                    .addDeserializer(Algorithm.class, new SpellingDeserializer<>(Algorithm.class,
                            Algorithm::fromSpelling, Algorithm.spellings("|")))
                    .addSerializer(SearchMode.class, new SpellingSerializer<>(SearchMode::spelling))
                    .addDeserializer(SearchMode.class, new SpellingDeserializer<>(SearchMode.class,
                            SearchMode::fromSpelling, SearchMode.spellings("|")))
                    .addSerializer(Path.class, ToStringSerializer.instance)
                    .addDeserializer(Path.class, new PathDeserializer()))
            .build();

    /**
     * {@link NavServerConfig#defaults()} as a tree: every key in file order with its default value, except that
     * {@code monsters.kinds} is empty: the default kind follows {@code chase.*} ({@link MonsterKinds#withKindDefaults}).
     */
    static final ObjectNode DEFAULTS = defaultsTree();

    /** Every leaf key of {@link NavServerConfig}, in file order, for {@link #keyValues}. */
    private static final List<Key> KEYS = keys(NavServerConfig.class, "", List.of());

    private ConfigMapper() {
    }

    private static ObjectNode defaultsTree() {
        ObjectNode tree = MAPPER.valueToTree(NavServerConfig.defaults());
        ((ObjectNode) tree.get("monsters")).putObject("kinds");
        return tree;
    }

    /**
     * Binds a tree that already went through {@link #withDefaults}, so that every known key is present.
     *
     * @throws JsonProcessingException a wrong type, an unknown key or a failed range check; {@link ConfigErrors}
     *                                 turns it into a message naming the key path
     */
    static NavServerConfig bind(JsonNode merged) throws JsonProcessingException {
        return MAPPER.treeToValue(merged, NavServerConfig.class);
    }

    /**
     * {@code given} laid over {@code defaults}, section by section: the result has every key of {@code defaults}
     * in its order, then the keys only {@code given} has (unknown keys, refused when bound). A non-mapping in
     * {@code given} replaces the default whole. Jackson reports an unknown key only after the rest of its section
     * has been built, so a range error in the same section is reported first.
     */
    static JsonNode withDefaults(JsonNode defaults, JsonNode given) {
        if (!(defaults instanceof ObjectNode d) || !(given instanceof ObjectNode g)) {
            return given;
        }
        ObjectNode out = MAPPER.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = d.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = g.get(e.getKey());
            out.set(e.getKey(), v == null ? e.getValue() : withDefaults(e.getValue(), v));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = g.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!d.has(e.getKey())) {
                out.set(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /**
     * Every key path of {@code config} with its value, in file order: {@link Integer}, {@link Long}, {@link Double},
     * {@link Boolean} or {@link String} as the record component's type is {@code int}, {@code long}, {@code double},
     * {@code boolean} or anything else ({@link Algorithm} and {@link SearchMode} as their spelling, {@link Path} as
     * its {@code toString()}). A map of records such as {@code monsters.kinds} is flattened by entry, e.g.
     * {@code monsters.kinds.wolf.speedMetersPerSecond}, leaving out the record's {@code name}.
     * Read through the record accessors found once by reflection: cheap enough for every admin status request.
     */
    static Map<String, Object> keyValues(NavServerConfig config) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Key k : KEYS) {
            Object v = Key.invoke(config, k.accessors(), k.path());
            if (k.entryKeys() != null) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    for (Key ek : k.entryKeys()) {
                        out.put(k.path() + "." + e.getKey() + "." + ek.path(),
                                Key.invoke(e.getValue(), ek.accessors(), ek.path()));
                    }
                }
                continue;
            }
            out.put(k.path(), v instanceof Algorithm a ? a.spelling() : v instanceof SearchMode m ? m.spelling()
                    : v instanceof Path p ? p.toString() : v);
        }
        return out;
    }

    /**
     * A key path and the accessors leading to its value from a {@link NavServerConfig}; for a map of records, the
     * keys of one entry (paths relative to the entry), else null.
     */
    private record Key(String path, List<Method> accessors, List<Key> entryKeys) {
        static Object invoke(Object from, List<Method> accessors, String path) {
            Object v = from;
            try {
                for (Method m : accessors) {
                    v = m.invoke(v);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + path, e);
            }
            return v;
        }
    }

    private static List<Key> keys(Class<?> record, String prefix, List<Method> outer) {
        List<Key> out = new ArrayList<>();
        for (RecordComponent c : record.getRecordComponents()) {
            JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
            String path = prefix + (renamed == null ? c.getName() : renamed.value());
            List<Method> accessors = new ArrayList<>(outer);
            accessors.add(c.getAccessor());
            if (c.getType().isRecord()) {
                out.addAll(keys(c.getType(), path + ".", accessors));
            } else if (Map.class.isAssignableFrom(c.getType())
                    && c.getGenericType() instanceof ParameterizedType t
                    && t.getActualTypeArguments()[1] instanceof Class<?> value && value.isRecord()) {
                List<Key> entryKeys = keys(value, "", List.of()).stream()
                        .filter(k -> !k.path().equals("name")).toList();
                out.add(new Key(path, List.copyOf(accessors), entryKeys));
            } else {
                out.add(new Key(path, List.copyOf(accessors), null));
            }
        }
        return List.copyOf(out);
    }

    /** Writes an enum constant as its config spelling ({@link Algorithm#spelling()}, {@link SearchMode#spelling()}). */
    private static final class SpellingSerializer<E> extends JsonSerializer<E> {
        private final Function<E, String> spelling;

        SpellingSerializer(Function<E, String> spelling) {
            this.spelling = spelling;
        }

        @Override
        public void serialize(E value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(spelling.apply(value));
        }
    }

    /** Reads an enum constant from its config spelling, case-sensitive; anything else names the spellings. */
    private static final class SpellingDeserializer<E> extends JsonDeserializer<E> {
        private final Class<E> type;
        private final Function<String, Optional<E>> fromSpelling;
        /** The spellings joined by {@code |}, for the message. */
        private final String spellings;

        SpellingDeserializer(Class<E> type, Function<String, Optional<E>> fromSpelling, String spellings) {
            this.type = type;
            this.fromSpelling = fromSpelling;
            this.spellings = spellings;
        }

        @Override
        public E deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return type.cast(ctxt.handleUnexpectedToken(type, p));
            }
            String text = p.getText();
            return fromSpelling.apply(text).orElseThrow(() -> new IllegalArgumentException(
                    "'" + text + "' is not one of (" + spellings + ")"));
        }
    }

    /** Reads a file-system path with {@link Path#of}; a blank or invalid one is refused, a URI is not special. */
    private static final class PathDeserializer extends JsonDeserializer<Path> {
        @Override
        public Path deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (Path) ctxt.handleUnexpectedToken(Path.class, p);
            }
            String text = p.getText();
            if (text.isBlank()) {
                throw new IllegalArgumentException("must not be empty");
            }
            try {
                return Path.of(text);
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException("'" + text + "' is not a valid path: " + e.getReason());
            }
        }
    }
}
