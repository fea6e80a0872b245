package dev.navserver.nav.io;

/** The map file formats {@link MapLoader} reads, told apart by content. */
public enum MapFormat {
    /** Moving AI benchmark {@code .map}: first line {@code type octile}. */
    MOVING_AI,
    /** Unity NavExport layout: {@code key=value} header ({@code startpos=...}) then {@code {0,1,...},} rows. */
    NAV_EXPORT;

    /**
     * The format a file's first non-blank line announces: {@code type ...} is Moving AI; {@code startpos=},
     * {@code height=}, {@code wide=} or {@code accuracy=} is NavExport. Leading and trailing whitespace is ignored.
     *
     * @return the format, or null when the line announces neither
     */
    public static MapFormat ofFirstLine(String line) {
        String s = line.strip();
        if (s.equals("type") || s.startsWith("type ") || s.startsWith("type\t")) {
            return MOVING_AI;
        }
        int eq = s.indexOf('=');
        if (eq > 0) {
            String key = s.substring(0, eq).strip();
            if (NavExportFormat.isHeaderKey(key)) {
                return NAV_EXPORT;
            }
        }
        return null;
    }
}
