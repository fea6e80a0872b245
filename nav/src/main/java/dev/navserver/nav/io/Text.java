package dev.navserver.nav.io;

import java.util.regex.Pattern;

/** Parsing helpers shared by the map formats. Stateless. */
final class Text {
    /** Longest header line accepted, in chars. */
    static final int MAX_HEADER_CHARS = 4096;
    /** Plain decimal number: optional sign, digits with optional fraction, optional exponent. */
    static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private Text() {
    }

    /** A value quoted for an error message: control characters escaped, long values cut at 40 chars. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("'");
        int n = Math.min(s.length(), 40);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c == '\uFFFD' || c == '\uFEFF') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        if (s.length() > n) {
            b.append("...");
        }
        return b.append('\'').toString();
    }

    /** One symbol quoted for an error message. */
    static String quote(char c) {
        return quote(String.valueOf(c));
    }

    /**
     * Parses a map dimension: decimal digits only, {@code 1 .. maxCells}.
     *
     * @return the value, or -1 with {@code problem[0]} set
     */
    static int dimension(String key, String value, long maxCells, String[] problem) {
        if (!DIGITS.matcher(value).matches()) {
            problem[0] = key + " " + quote(value) + " is not a positive integer";
            return -1;
        }
        String v = value.replaceFirst("^0+(?=\\d)", "");
        if (v.length() > 18 || Long.parseLong(v) > maxCells) {
            problem[0] = key + " " + v + " is too large (a map holds at most " + maxCells + " cells, maps.maxCells)";
            return -1;
        }
        int n = Integer.parseInt(v);
        if (n < 1) {
            problem[0] = key + " must be at least 1, got " + n;
            return -1;
        }
        return n;
    }

    /** A finite double from plain decimal text, or NaN when the text is not one. */
    static double finiteDecimal(String s) {
        if (!DECIMAL.matcher(s).matches()) {
            return Double.NaN;
        }
        double d = Double.parseDouble(s);
        return Double.isFinite(d) ? d : Double.NaN;
    }

    /** Writes a number the shortest exact way: integral values without ".0", others via {@link Double#toString}. */
    static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
