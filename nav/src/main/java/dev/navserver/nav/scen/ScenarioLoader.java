package dev.navserver.nav.scen;

import dev.navserver.nav.io.LineReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads Moving AI {@code .scen} files. The first non-blank line is {@code version 1} (fields separated by tabs) or
 * the older {@code version 1.0} (fields separated by spaces); then one problem per line with nine fields: bucket,
 * map, map width, map height, start x, start y, goal x, goal y, optimal length. A line is split on tabs when it
 * holds one, else on runs of spaces, in either version. Blank lines, CRLF line ends and a UTF-8 byte order mark
 * are tolerated. Start and goal must lie inside the declared map size.
 *
 * <p>Stateless and thread-safe. A malformed file fails with {@link ScenFormatException} and yields no scenario.
 */
public final class ScenarioLoader {
    private static final int MAX_LINE_CHARS = 4096;
    private static final Pattern UNSIGNED = Pattern.compile("\\d{1,9}");
    private static final Pattern LENGTH = Pattern.compile("\\d{1,15}(\\.(\\d{1,17}))?");
    private static final Pattern TABS = Pattern.compile("\t");
    private static final Pattern SPACES = Pattern.compile(" +");

    private ScenarioLoader() {
    }

    /**
     * Loads a scenario file; error messages name it as {@code file.toString()}.
     *
     * @throws ScenFormatException when the file is malformed
     * @throws IOException         when the file cannot be read
     */
    public static Scenario load(Path file) throws IOException {
        try (Reader in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)) {
            return parse(file.toString(), in);
        }
    }

    /**
     * Parses a scenario from text.
     *
     * @param sourceName file name used in error messages
     * @param in         the text; read to the end, not closed
     * @throws ScenFormatException when the text is malformed
     * @throws IOException         when reading fails
     */
    public static Scenario parse(String sourceName, Reader in) throws IOException {
        LineReader lines = new LineReader(in, (line, problem) -> new ScenFormatException(sourceName, line, problem));
        String first = lines.nextNonBlank(MAX_LINE_CHARS);
        if (first == null) {
            throw new ScenFormatException(sourceName, 1,
                    "empty file, expected 'version 1'");
        }
        String[] head = first.strip().split("\\s+");
        if (head.length != 2 || !head[0].equals("version") || !(head[1].equals("1") || head[1].equals("1.0"))) {
            throw new ScenFormatException(sourceName, lines.lineNumber(),
                    "expected 'version 1' or 'version 1.0', got '" + shorten(first.strip()) + "'");
        }
        List<ScenarioQuery> queries = new ArrayList<>();
        String line;
        while ((line = lines.nextNonBlank(MAX_LINE_CHARS)) != null) {
            queries.add(query(sourceName, lines.lineNumber(), line.strip()));
        }
        return new Scenario(sourceName, head[1], queries);
    }

    private static ScenarioQuery query(String sourceName, int ln, String s) throws ScenFormatException {
        String[] f = (s.indexOf('\t') >= 0 ? TABS : SPACES).split(s, -1);
        if (f.length != 9) {
            throw new ScenFormatException(sourceName, ln, "expected 9 fields (bucket, map, width, height, start x, "
                    + "start y, goal x, goal y, length), got " + f.length);
        }
        for (int i = 0; i < f.length; i++) {
            f[i] = f[i].strip();
        }
        int bucket = unsigned(sourceName, ln, "bucket", f[0]);
        String map = f[1];
        if (map.isEmpty()) {
            throw new ScenFormatException(sourceName, ln, "empty map field");
        }
        int w = unsigned(sourceName, ln, "map width", f[2]);
        int h = unsigned(sourceName, ln, "map height", f[3]);
        if (w < 1 || h < 1) {
            throw new ScenFormatException(sourceName, ln, "map size must be at least 1 x 1, got " + w + " x " + h);
        }
        int sx = unsigned(sourceName, ln, "start x", f[4]);
        int sy = unsigned(sourceName, ln, "start y", f[5]);
        int gx = unsigned(sourceName, ln, "goal x", f[6]);
        int gy = unsigned(sourceName, ln, "goal y", f[7]);
        if (sx >= w || sy >= h) {
            throw new ScenFormatException(sourceName, ln, "start (" + sx + ", " + sy + ") outside the " + w + " x " + h
                    + " map");
        }
        if (gx >= w || gy >= h) {
            throw new ScenFormatException(sourceName, ln, "goal (" + gx + ", " + gy + ") outside the " + w + " x " + h
                    + " map");
        }
        var m = LENGTH.matcher(f[8]);
        if (!m.matches()) {
            throw new ScenFormatException(sourceName, ln, "optimal length '" + shorten(f[8])
                    + "' is not a non-negative decimal number");
        }
        int decimals = m.group(2) == null ? 0 : m.group(2).length();
        return new ScenarioQuery(ln, bucket, map, w, h, sx, sy, gx, gy, Double.parseDouble(f[8]), decimals);
    }

    private static int unsigned(String sourceName, int ln, String what, String v) throws ScenFormatException {
        if (!UNSIGNED.matcher(v).matches()) {
            throw new ScenFormatException(sourceName, ln, what + " '" + shorten(v) + "' is not a non-negative integer");
        }
        return Integer.parseInt(v);
    }

    private static String shorten(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
