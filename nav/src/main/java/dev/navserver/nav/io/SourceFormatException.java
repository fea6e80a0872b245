package dev.navserver.nav.io;

import java.io.IOException;
import java.util.Objects;

/**
 * A text file that cannot be loaded, located to its line. The message reads {@code file:line: problem}, or
 * {@code file: problem} when the problem is not on a line (line 0, e.g. corrupt gzip compression).
 */
public abstract class SourceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String problem;

    /**
     * @param file    the source name as given to the loader (a path or a label for in-memory text)
     * @param line    1-based line number the problem was found on, or 0 when it concerns the file as a whole
     * @param problem what is wrong, without the file and line
     */
    protected SourceFormatException(String file, int line, String problem) {
        super(line > 0 ? file + ":" + line + ": " + problem : file + ": " + problem);
        this.file = Objects.requireNonNull(file, "file");
        this.line = line;
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** The source name as given to the loader. */
    public String file() {
        return file;
    }

    /** 1-based line number; 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }

    /** What is wrong, without the file and line. */
    public String problem() {
        return problem;
    }
}
