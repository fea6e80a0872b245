package dev.navserver.server.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.server.world.MonsterKind;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code monsters.kinds} of the config: kind names, the default kind built from {@code chase.*}, and the file's
 * kinds with their missing keys taken from the default kind. Stateless and thread-safe.
 */
final class MonsterKinds {
    /** A kind name: 1..64 characters of {@code A-Z a-z 0-9 _ -}. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private MonsterKinds() {
    }

    /**
     * The keys of one kind as written in the file ({@code monsters.kinds.<name>.*}), every one present once
     * {@link #withKindDefaults} has filled the tree. Units and ranges as in {@link MonsterKind}.
     */
    record Keys(double speedMetersPerSecond, double radiusMeters, double aggroRadiusMeters, double leashRadiusMeters,
                double leashSeconds) {
        /** The key names, in file order. */
        static final List<String> NAMES = Arrays.stream(Keys.class.getRecordComponents())
                .map(RecordComponent::getName).toList();
    }

    /** The default kind when the config does not give one: chase speed and radius, no aggro, no leash. */
    static MonsterKind defaultKind(NavServerConfig.Chase chase) {
        return new MonsterKind(MonsterKind.DEFAULT_NAME, chase.monsterSpeedMetersPerSecond(),
                chase.monsterRadiusMeters(), 0, 0, MonsterKind.DEFAULT_LEASH_SECONDS);
    }

    /**
     * {@code kinds} copied into an unmodifiable map with the default kind (if any) first, the others in their
     * order.
     *
     * @throws IllegalArgumentException naming {@code monsters.kinds} for a bad name, a null kind or a kind filed
     *                                  under another name than its own
     */
    static Map<String, MonsterKind> checked(Map<String, MonsterKind> kinds) {
        Checks.notNull("monsters.kinds", kinds);
        Map<String, MonsterKind> out = new LinkedHashMap<>();
        MonsterKind def = kinds.get(MonsterKind.DEFAULT_NAME);
        if (def != null) {
            out.put(MonsterKind.DEFAULT_NAME, def);
        }
        for (Map.Entry<String, MonsterKind> e : kinds.entrySet()) {
            String name = checkName(e.getKey());
            MonsterKind kind = Checks.notNull("monsters.kinds." + name, e.getValue());
            if (!kind.name().equals(name)) {
                throw new IllegalArgumentException("monsters.kinds." + name + ": holds the kind named '"
                        + kind.name() + "'");
            }
            out.put(name, kind);
        }
        return Collections.unmodifiableMap(out);
    }

    private static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("monsters.kinds: '" + name
                    + "' is not a kind name (1..64 characters of A-Z, a-z, 0-9, _ and -)");
        }
        return name;
    }

    /** {@code monsters}, or a copy with {@link #defaultKind} first when it has no default kind. */
    static Monsters withDefaultKind(Monsters monsters, NavServerConfig.Chase chase) {
        if (monsters.kinds().containsKey(MonsterKind.DEFAULT_NAME)) {
            return monsters;
        }
        Map<String, MonsterKind> kinds = new LinkedHashMap<>();
        kinds.put(MonsterKind.DEFAULT_NAME, defaultKind(chase));
        kinds.putAll(monsters.kinds());
        return new Monsters(kinds);
    }

    /**
     * The kinds bound from a filled tree, each value range-checked under its key path.
     *
     * @throws IllegalArgumentException e.g. {@code monsters.kinds.wolf.speedMetersPerSecond: 0.0 is out of range
     *                                  (0.01..100)}
     */
    static Monsters fromFile(Map<String, Keys> kinds) {
        Checks.notNull("monsters.kinds", kinds);
        Map<String, MonsterKind> out = new LinkedHashMap<>();
        for (Map.Entry<String, Keys> e : kinds.entrySet()) {
            String name = checkName(e.getKey());
            String p = "monsters.kinds." + name + ".";
            Keys k = Checks.notNull(p.substring(0, p.length() - 1), e.getValue());
            out.put(name, new MonsterKind(name,
                    Checks.range(p + "speedMetersPerSecond", k.speedMetersPerSecond(), 0.01, 100),
                    Checks.range(p + "radiusMeters", k.radiusMeters(), 0, 10),
                    Checks.range(p + "aggroRadiusMeters", k.aggroRadiusMeters(), 0, 1000),
                    Checks.range(p + "leashRadiusMeters", k.leashRadiusMeters(), 0, 100_000),
                    Checks.range(p + "leashSeconds", k.leashSeconds(), 0, 3600)));
        }
        return new Monsters(out);
    }

    /**
     * Fills {@code monsters.kinds} of a tree already laid over the defaults: the default kind is put first, built
     * from the tree's {@code chase.monsterSpeedMetersPerSecond} and {@code chase.monsterRadiusMeters} (aggro 0,
     * leash 0, {@link MonsterKind#DEFAULT_LEASH_SECONDS}) with the file's {@code default} keys laid over them; every
     * other kind is the default kind with its own keys laid over it. Values are copied, not checked: binding
     * reports wrong types, unknown keys and ranges. A tree whose sections are not mappings is returned unchanged.
     */
    static JsonNode withKindDefaults(JsonNode merged) {
        if (!(merged.get("monsters") instanceof ObjectNode monsters)
                || !(monsters.get("kinds") instanceof ObjectNode kinds)
                || !(merged.get("chase") instanceof ObjectNode chase)) {
            return merged;
        }
        ObjectNode base = kinds.objectNode();
        base.set(Keys.NAMES.get(0), chase.get("monsterSpeedMetersPerSecond"));
        base.set(Keys.NAMES.get(1), chase.get("monsterRadiusMeters"));
        base.put(Keys.NAMES.get(2), 0.0);
        base.put(Keys.NAMES.get(3), 0.0);
        base.put(Keys.NAMES.get(4), MonsterKind.DEFAULT_LEASH_SECONDS);
        JsonNode given = kinds.get(MonsterKind.DEFAULT_NAME);
        JsonNode def = given == null ? base : overlay(base, given);
        ObjectNode filled = kinds.objectNode();
        filled.set(MonsterKind.DEFAULT_NAME, def);
        for (Iterator<Map.Entry<String, JsonNode>> it = kinds.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals(MonsterKind.DEFAULT_NAME)) {
                filled.set(e.getKey(), overlay(def, e.getValue()));
            }
        }
        ObjectNode out = ((ObjectNode) merged).deepCopy();
        ((ObjectNode) out.get("monsters")).set("kinds", filled);
        return out;
    }

    /** {@code base}'s keys with {@code given}'s laid over them, or {@code given} itself if either is no mapping. */
    private static JsonNode overlay(JsonNode base, JsonNode given) {
        if (!(base instanceof ObjectNode b) || !(given instanceof ObjectNode g)) {
            return given;
        }
        ObjectNode out = b.deepCopy();
        out.setAll(g);
        return out;
    }
}
