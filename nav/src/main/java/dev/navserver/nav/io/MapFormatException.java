package dev.navserver.nav.io;

/**
 * A map file that cannot be loaded. The message reads {@code file:line: problem}, e.g.
 * {@code maps/arena.txt:7: row 3 has 59 values, expected 60}. Thrown before any map is built: a malformed file
 * never yields a partly loaded map.
 */
public final class MapFormatException extends SourceFormatException {
    private static final long serialVersionUID = 1L;

    /** @see SourceFormatException#SourceFormatException(String, int, String) */
    public MapFormatException(String file, int line, String problem) {
        super(file, line, problem);
    }
}
