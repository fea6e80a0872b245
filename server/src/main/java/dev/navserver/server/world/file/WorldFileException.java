package dev.navserver.server.world.file;

/**
 * A world file that cannot be used; the message names the file, the line and column where known, and the field,
 * e.g. {@code arena.world.yaml line 7, column 12: spawnGroups[0].count: 0 is outside 1..10000}.
 */
public final class WorldFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public WorldFileException(String message) {
        super(message);
    }

    public WorldFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
