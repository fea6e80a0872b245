package dev.navserver.nav.io;

import java.io.IOException;
import java.io.Reader;
import java.util.Objects;

/**
 * Reads text line by line for the map and scenario parsers, counting lines from 1. A line ends at {@code \n},
 * {@code \r\n} or a lone {@code \r}; terminators are not returned. A UTF-8 byte order mark ({@code U+FEFF}) at the
 * very start is dropped. Every line is length-checked while it is read, so an absurd file cannot make the parser
 * buffer more than the caller allows.
 *
 * <p>Not thread-safe. Does not close the underlying reader.
 */
public final class LineReader {
    /** Builds the exception reported for a problem found on a line. */
    @FunctionalInterface
    public interface Failure {
        /**
         * @param line    1-based line number
         * @param problem what is wrong
         */
        IOException at(int line, String problem);
    }

    private final Reader in;
    private final Failure failure;
    private final char[] buf = new char[8192];
    private final StringBuilder sb = new StringBuilder();
    private int pos;
    private int len;
    private boolean skipLf;
    private int lineNumber;
    private String last;
    private boolean pushedBack;

    /**
     * @param in      the text; read in chunks, not closed
     * @param failure makes the exception for an over-long line
     */
    public LineReader(Reader in, Failure failure) {
        this.in = Objects.requireNonNull(in, "in");
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    /**
     * Returns the next line without its terminator, or null at the end of the text.
     *
     * @param maxChars longest line accepted, in chars
     * @throws IOException from the reader, or the {@link Failure}'s exception when the line exceeds {@code maxChars}
     */
    public String next(int maxChars) throws IOException {
        if (pushedBack) {
            pushedBack = false;
            lineNumber++;
            return last;
        }
        sb.setLength(0);
        boolean any = false;
        while (true) {
            if (pos == len && !fill()) {
                if (!any) {
                    return null;
                }
                break;
            }
            char c = buf[pos++];
            if (skipLf) {
                skipLf = false;
                if (c == '\n') {
                    continue;
                }
            }
            any = true;
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                skipLf = true;
                break;
            }
            if (sb.length() >= maxChars) {
                throw failure.at(lineNumber + 1, "line is longer than " + maxChars + " characters");
            }
            sb.append(c);
        }
        lineNumber++;
        String s = sb.toString();
        if (lineNumber == 1 && !s.isEmpty() && s.charAt(0) == '\uFEFF') {
            s = s.substring(1);
        }
        last = s;
        return s;
    }

    /** Like {@link #next(int)} but skips lines that are empty or whitespace only. */
    public String nextNonBlank(int maxChars) throws IOException {
        String s;
        do {
            s = next(maxChars);
        } while (s != null && s.isBlank());
        return s;
    }

    /**
     * Makes the next call return the line just returned again, with the same line number. Only one line can be
     * pushed back, and only after a line was returned.
     */
    public void pushBack() {
        if (last == null || pushedBack) {
            throw new IllegalStateException("nothing to push back");
        }
        pushedBack = true;
        lineNumber--;
    }

    /** 1-based number of the line last returned; 0 before the first. */
    public int lineNumber() {
        return lineNumber;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        if (n < 0) {
            pos = 0;
            len = 0;
            return false;
        }
        pos = 0;
        len = n;
        return true;
    }
}
