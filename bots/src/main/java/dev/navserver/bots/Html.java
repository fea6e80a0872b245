package dev.navserver.bots;

/** Escaping text for HTML and XML content and attribute values. Stateless and thread-safe. */
final class Html {
    private Html() {
    }

    /** {@code s} with {@code & < > " '} escaped and control characters other than tab and newline dropped. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&':
                    b.append("&amp;");
                    break;
                case '<':
                    b.append("&lt;");
                    break;
                case '>':
                    b.append("&gt;");
                    break;
                case '"':
                    b.append("&quot;");
                    break;
                case '\'':
                    b.append("&#39;");
                    break;
                default:
                    if (c >= 0x20 || c == '\t' || c == '\n') {
                        b.append(c);
                    }
            }
        }
        return b.toString();
    }
}
