package dev.navserver.server.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads {@code navserver.yaml} into a {@link NavServerConfig}, bound by Jackson ({@link ConfigMapper}). Strict:
 * unknown keys, duplicate keys, wrong types ({@code port: "7400"}, {@code port: 7400.5}), non-finite numbers
 * ({@code .nan}, {@code .inf}) and out-of-range values are errors whose message names the file and the key path
 * ({@link ConfigErrors}). A missing key takes its default, except {@code configVersion}, which must be present.
 *
 * <p>A relative {@code maps.dir}, {@code maps.editLogDir} or {@code cluster.snapshotDir} is resolved against the
 * parent of the config file's directory, so the shipped {@code config/navserver.yaml} with {@code maps.dir: maps} finds {@code maps/} next to
 * {@code config/} whatever the working directory is. Stateless and thread-safe.
 */
public final class ConfigLoader {
    /** The config file used when none is given, relative to the working directory. */
    public static final Path DEFAULT_CONFIG_FILE = Path.of("config", "navserver.yaml");
    /** Larger files are refused before parsing. */
    public static final int MAX_FILE_BYTES = 1 << 20;

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
        JsonNode root;
        try {
            root = ConfigMapper.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ConfigException(configFile + ": " + ConfigErrors.syntax(e), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException(configFile + ": empty file (expected at least configVersion: "
                    + NavServerConfig.CURRENT_VERSION + ")");
        }
        if (!root.isObject()) {
            throw new ConfigException(configFile + ": (top level): expected a mapping of keys, got "
                    + ConfigErrors.describe(root));
        }
        if (!root.has("configVersion")) {
            throw new ConfigException(configFile + ": configVersion: missing (must be "
                    + NavServerConfig.CURRENT_VERSION + ")");
        }
        JsonNode merged = MonsterKinds.withKindDefaults(ConfigMapper.withDefaults(ConfigMapper.DEFAULTS, root));
        NavServerConfig bound;
        try {
            bound = ConfigMapper.bind(merged);
        } catch (JsonProcessingException e) {
            throw new ConfigException(configFile + ": " + ConfigErrors.binding(e, merged), e);
        }
        NavServerConfig.Maps b = bound.maps();
        NavServerConfig.Maps maps = new NavServerConfig.Maps(resolveMapsDir(configFile, b.dir()), b.defaultMap(),
                b.maxEditCells(), b.maxCells(), resolveMapsDir(configFile, b.editLogDir()), b.editLogCompactEdits(),
                b.editLogSync());
        return new NavServerConfig(bound.configVersion(), bound.server(), bound.admin(), bound.tick(), bound.chase(),
                bound.monsters(), bound.aoi(), bound.crowd(), bound.search(), maps,
                bound.cluster().withSnapshotDir(resolveMapsDir(configFile, bound.cluster().snapshotDir())));
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
}
