package dev.navserver.server.world.file;

import java.util.regex.Pattern;

/** Names in world files (routes, spawn groups): 1..64 characters of {@code A-Z a-z 0-9 _ -}. */
final class WorldNames {
    /** A valid name. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    /** What a valid name is, for messages. */
    static final String RULE = "1..64 characters of A-Z, a-z, 0-9, _ and -";

    private WorldNames() {
    }

    /** Whether {@code name} is a valid name. */
    static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** @throws IllegalArgumentException {@code field: 'x y' is not a valid name (...)} */
    static String check(String field, String name) {
        if (!valid(name)) {
            throw new IllegalArgumentException(field + ": '" + name + "' is not a valid name (" + RULE + ")");
        }
        return name;
    }
}
