package dev.navserver.server.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@code navserver.yaml} into a {@link NavServerConfig}. Strict: unknown keys, duplicate keys, wrong types
 * ({@code port: "7400"}, {@code port: 7400.5}), non-finite numbers ({@code .nan}, {@code .inf}) and out-of-range
 * values are errors whose message names the file and the key path. A missing key takes its default, except
 * {@code configVersion}, which must be present.
 *
 * <p>A relative {@code maps.dir} is resolved against the parent of the config file's directory, so the shipped
 * {@code config/navserver.yaml} with {@code maps.dir: maps} finds {@code maps/} next to {@code config/} whatever the
 * working directory is. Stateless and thread-safe.
 */
public final class ConfigLoader {
    /** The config file used when none is given, relative to the working directory. */
    public static final Path DEFAULT_CONFIG_FILE = Path.of("config", "navserver.yaml");
    /** Larger files are refused before parsing. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    private static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** YAML 1.1 spellings of NaN and infinity, which Jackson refuses to read as numbers. */
    private static final java.util.regex.Pattern NON_FINITE =
            java.util.regex.Pattern.compile("[-+]?\\.(nan|NaN|NAN|inf|Inf|INF)");

    private static final List<String> TOP_KEYS = List.of("configVersion", "server", "admin", "tick", "chase",
            "search", "maps");

    private ConfigLoader() {
    }

    /** Reads and validates {@code file}; the message of a failure starts with the file name. */
    public static NavServerConfig load(Path file) throws ConfigException {
        return parse(read(file), file);
    }

    /**
     * Reads {@code file} as at most {@link #MAX_FILE_BYTES} bytes of UTF-8.
     *
     * @throws ConfigException if it is missing, unreadable, too large or not UTF-8
     */
    public static byte[] read(Path file) throws ConfigException {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new ConfigException(file + ": " + size + " bytes is larger than the limit of " + MAX_FILE_BYTES);
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e, e);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw new ConfigException(file + ": larger than the limit of " + MAX_FILE_BYTES + " bytes");
        }
        return bytes;
    }

    /**
     * Parses config bytes that were read from {@code configFile}.
     *
     * @param bytes      UTF-8 YAML
     * @param configFile where the bytes came from: names the file in messages and anchors a relative {@code maps.dir}
     */
    public static NavServerConfig parse(byte[] bytes, Path configFile) throws ConfigException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException(configFile + ": not valid UTF-8", e);
        }
        try {
            return parseTree(text, configFile);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(configFile + ": " + e.getMessage(), e);
        }
    }

    private static NavServerConfig parseTree(String text, Path configFile) throws ConfigException {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String key = keyPathAtError(e);
            String token = e.getProcessor() instanceof JsonParser p ? currentText(p) : null;
            if (key != null && token != null && NON_FINITE.matcher(token).matches()) {
                throw new ConfigException(configFile + ": " + key + ": " + token
                        + " is not a finite number; write a finite value", e);
            }
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new ConfigException(configFile + ": " + (key == null ? "" : key + ": ") + "not valid YAML" + where
                    + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException(configFile + ": empty file (expected at least configVersion: "
                    + NavServerConfig.CURRENT_VERSION + ")");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException("(top level): expected a mapping of keys, got " + describe(root));
        }
        ObjectNode top = (ObjectNode) root;
        rejectUnknown(top, "", TOP_KEYS);
        JsonNode version = top.get("configVersion");
        if (version == null) {
            throw new IllegalArgumentException("configVersion: missing (must be " + NavServerConfig.CURRENT_VERSION + ")");
        }
        int configVersion = readInt(top, "", "configVersion", 0);
        if (configVersion != NavServerConfig.CURRENT_VERSION) {
            throw new IllegalArgumentException("configVersion: " + configVersion + " is not supported (must be "
                    + NavServerConfig.CURRENT_VERSION + ")");
        }

        ObjectNode n = section(top, "server", List.of("host", "port", "maxFrameBytes", "maxConnections",
                "maxMessagesPerSecond", "outboundLimitBytes", "idleTimeoutSeconds"));
        NavServerConfig.Server d = NavServerConfig.Server.DEFAULT;
        NavServerConfig.Server server = new NavServerConfig.Server(
                readString(n, "server.", "host", d.host()),
                readInt(n, "server.", "port", d.port()),
                readInt(n, "server.", "maxFrameBytes", d.maxFrameBytes()),
                readInt(n, "server.", "maxConnections", d.maxConnections()),
                readInt(n, "server.", "maxMessagesPerSecond", d.maxMessagesPerSecond()),
                readLong(n, "server.", "outboundLimitBytes", d.outboundLimitBytes()),
                readInt(n, "server.", "idleTimeoutSeconds", d.idleTimeoutSeconds()));

        n = section(top, "admin", List.of("host", "port", "token"));
        NavServerConfig.Admin da = NavServerConfig.Admin.DEFAULT;
        JsonNode tokenNode = n.get("token");
        String token = tokenNode != null && tokenNode.isNull() ? "" : readString(n, "admin.", "token", da.token());
        NavServerConfig.Admin admin = new NavServerConfig.Admin(
                readString(n, "admin.", "host", da.host()),
                readInt(n, "admin.", "port", da.port()),
                token);

        n = section(top, "tick", List.of("hz"));
        NavServerConfig.Tick tick = new NavServerConfig.Tick(readInt(n, "tick.", "hz", NavServerConfig.Tick.DEFAULT.hz()));

        n = section(top, "chase", List.of("navIntervalSeconds", "moveThresholdMeters", "localNavDistanceMeters",
                "localNavHysteresisMeters", "stoppingDistanceMeters", "monsterSpeedMetersPerSecond",
                "monstersPerPlayer", "allowClientSpawn", "snapshotHz", "spawnMinDistanceMeters",
                "spawnMaxDistanceMeters"));
        NavServerConfig.Chase dc = NavServerConfig.Chase.DEFAULT;
        NavServerConfig.Chase chase = new NavServerConfig.Chase(
                readDouble(n, "chase.", "navIntervalSeconds", dc.navIntervalSeconds()),
                readDouble(n, "chase.", "moveThresholdMeters", dc.moveThresholdMeters()),
                readDouble(n, "chase.", "localNavDistanceMeters", dc.localNavDistanceMeters()),
                readDouble(n, "chase.", "localNavHysteresisMeters", dc.localNavHysteresisMeters()),
                readDouble(n, "chase.", "stoppingDistanceMeters", dc.stoppingDistanceMeters()),
                readDouble(n, "chase.", "monsterSpeedMetersPerSecond", dc.monsterSpeedMetersPerSecond()),
                readInt(n, "chase.", "monstersPerPlayer", dc.monstersPerPlayer()),
                readBoolean(n, "chase.", "allowClientSpawn", dc.allowClientSpawn()),
                readDouble(n, "chase.", "snapshotHz", dc.snapshotHz()),
                readDouble(n, "chase.", "spawnMinDistanceMeters", dc.spawnMinDistanceMeters()),
                readDouble(n, "chase.", "spawnMaxDistanceMeters", dc.spawnMaxDistanceMeters()));

        n = section(top, "search", List.of("algorithm", "maxExpandedNodes", "plannerThreads"));
        NavServerConfig.Search ds = NavServerConfig.Search.DEFAULT;
        String algorithmName = readString(n, "search.", "algorithm", ds.algorithm().configName());
        SearchAlgorithm algorithm = SearchAlgorithm.fromConfigName(algorithmName);
        if (algorithm == null) {
            throw new IllegalArgumentException("search.algorithm: '" + algorithmName + "' is not one of "
                    + allowedAlgorithms());
        }
        NavServerConfig.Search search = new NavServerConfig.Search(algorithm,
                readInt(n, "search.", "maxExpandedNodes", ds.maxExpandedNodes()),
                readInt(n, "search.", "plannerThreads", ds.plannerThreads()));

        n = section(top, "maps", List.of("dir", "default"));
        NavServerConfig.Maps dm = NavServerConfig.Maps.DEFAULT;
        String dirText = readString(n, "maps.", "dir", dm.dir().toString());
        if (dirText.isBlank()) {
            throw new IllegalArgumentException("maps.dir: must not be empty");
        }
        Path dir;
        try {
            dir = resolveMapsDir(configFile, Path.of(dirText));
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("maps.dir: '" + dirText + "' is not a valid path: " + e.getReason());
        }
        NavServerConfig.Maps maps = new NavServerConfig.Maps(dir, readString(n, "maps.", "default", dm.defaultMap()));

        return new NavServerConfig(configVersion, server, admin, tick, chase, search, maps);
    }

    /** The dotted key path the parser was at when {@code e} was thrown, or {@code null} at the top level. */
    private static String keyPathAtError(JsonProcessingException e) {
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

    /**
     * {@code dir} made absolute: unchanged if already absolute, else resolved against the parent of
     * {@code configFile}'s directory (the directory itself if that has no parent).
     */
    public static Path resolveMapsDir(Path configFile, Path dir) {
        if (dir.isAbsolute()) {
            return dir.normalize();
        }
        Path configDir = configFile.toAbsolutePath().normalize().getParent();
        Path base = configDir.getParent() != null ? configDir.getParent() : configDir;
        return base.resolve(dir).normalize();
    }

    private static String allowedAlgorithms() {
        List<String> names = new ArrayList<>();
        for (SearchAlgorithm a : SearchAlgorithm.values()) {
            names.add(a.configName());
        }
        return "(" + String.join("|", names) + ")";
    }

    /** The named sub-mapping, or an empty one if the key is absent; unknown keys inside it are rejected. */
    private static ObjectNode section(ObjectNode top, String name, List<String> known) {
        JsonNode node = top.get(name);
        if (node == null) {
            return MAPPER.createObjectNode();
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(name + ": expected a mapping of keys, got " + describe(node));
        }
        ObjectNode obj = (ObjectNode) node;
        rejectUnknown(obj, name + ".", known);
        return obj;
    }

    private static void rejectUnknown(ObjectNode node, String prefix, List<String> known) {
        Set<String> unknown = new TreeSet<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            String first = unknown.iterator().next();
            throw new IllegalArgumentException(prefix + first + ": unknown key (known keys"
                    + (prefix.isEmpty() ? "" : " under " + prefix.substring(0, prefix.length() - 1)) + ": "
                    + String.join(", ", known) + ")");
        }
    }

    private static int readInt(ObjectNode n, String prefix, String key, int def) {
        long v = readLong(n, prefix, key, def);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(prefix + key + ": " + v + " is out of range for an integer");
        }
        return (int) v;
    }

    private static long readLong(ObjectNode n, String prefix, String key, long def) {
        JsonNode v = n.get(key);
        if (v == null) {
            return def;
        }
        if (!v.isIntegralNumber()) {
            throw new IllegalArgumentException(prefix + key + ": expected a whole number, got " + describe(v));
        }
        if (!v.canConvertToLong()) {
            throw new IllegalArgumentException(prefix + key + ": " + v.asText() + " is out of range for an integer");
        }
        return v.longValue();
    }

    private static double readDouble(ObjectNode n, String prefix, String key, double def) {
        JsonNode v = n.get(key);
        if (v == null) {
            return def;
        }
        if (!v.isNumber()) {
            throw new IllegalArgumentException(prefix + key + ": expected a number, got " + describe(v));
        }
        return v.doubleValue();
    }

    private static boolean readBoolean(ObjectNode n, String prefix, String key, boolean def) {
        JsonNode v = n.get(key);
        if (v == null) {
            return def;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException(prefix + key + ": expected true or false, got " + describe(v));
        }
        return v.booleanValue();
    }

    private static String readString(ObjectNode n, String prefix, String key, String def) {
        JsonNode v = n.get(key);
        if (v == null) {
            return def;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(prefix + key + ": expected a string, got " + describe(v)
                    + (v.isValueNode() && !v.isNull() ? " (quote it)" : ""));
        }
        return v.textValue();
    }

    private static String describe(JsonNode v) {
        JsonNodeType t = v.getNodeType();
        return switch (t) {
            case NULL -> "nothing (null)";
            case BOOLEAN -> "the boolean " + v.asText();
            case NUMBER -> "the number " + v.asText();
            case STRING -> "the string \"" + abbreviate(v.textValue()) + "\"";
            case OBJECT -> "a mapping";
            case ARRAY -> "a list";
            default -> t.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
