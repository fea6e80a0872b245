package dev.navserver.nav.scen;

import dev.navserver.nav.io.SourceFormatException;

/** A scenario file that cannot be loaded. The message reads {@code file:line: problem}. */
public final class ScenFormatException extends SourceFormatException {
    private static final long serialVersionUID = 1L;

    /** @see SourceFormatException#SourceFormatException(String, int, String) */
    public ScenFormatException(String file, int line, String problem) {
        super(file, line, problem);
    }
}
