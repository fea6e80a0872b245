package dev.navserver.bots;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;

/**
 * The world authority bot's fast path for {@code monsters} lines (docs/protocol.md): a streaming Jackson parser that
 * reads only {@code serverTime} and each entry's {@code monster} and {@code pos} x and z into primitive arrays and
 * builds a {@link TruthSnapshot}; no tree, record or string per entry (ids are interned: a monster seen before costs
 * no allocation). Fields may come in any order; unknown fields are skipped. Any other line, and a {@code monsters}
 * line it cannot read (a field of the wrong type, an entry without {@code monster} or {@code pos}, bad JSON), is
 * not its business: {@link #parse} returns null and the line goes to the protocol module's decoder, which reports
 * what is wrong. Stateful (reused buffers and the id table); not thread-safe: one per connection.
 */
final class TruthLineParser {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();
    private static final char[] MONSTERS = "monsters".toCharArray();
    /** Interned ids kept at most; the table starts afresh beyond (the ids of a long run's despawned monsters). */
    static final int MAX_IDS = 1 << 20;

    private final double cellMeters;
    private String[] ids = new String[1024];
    private double[] xs = new double[1024];
    private double[] zs = new double[1024];
    private int size;
    private String[] interned = new String[4096];
    private int internedCount;

    /** @param cellMeters the spatial hash cell of the snapshots it builds, metres, > 0 */
    TruthLineParser(double cellMeters) {
        this.cellMeters = cellMeters;
    }

    /**
     * Reads one line (without its newline).
     *
     * @return the snapshot when the line is a {@code monsters} message it could read, else null
     */
    TruthSnapshot parse(byte[] line, int offset, int length) {
        size = 0;
        try (JsonParser p = JSON.createParser(line, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            boolean monsters = false;
            boolean listed = false;
            double serverTime = Double.NaN;
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "type" -> {
                        if (v != JsonToken.VALUE_STRING || !textIs(p, MONSTERS)) {
                            return null;
                        }
                        monsters = true;
                    }
                    case "serverTime" -> {
                        if (!v.isNumeric()) {
                            return null;
                        }
                        serverTime = p.getDoubleValue();
                    }
                    case "list" -> {
                        if (v != JsonToken.START_ARRAY || !entries(p)) {
                            return null;
                        }
                        listed = true;
                    }
                    default -> p.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT || !monsters || !listed || !Double.isFinite(serverTime)) {
                return null;
            }
            return new TruthSnapshot(serverTime, Arrays.copyOf(ids, size), Arrays.copyOf(xs, size),
                    Arrays.copyOf(zs, size), size, cellMeters);
        } catch (IOException | RuntimeException e) {
            return null; // the protocol decoder says what is wrong with it
        }
    }

    /** Reads the list's entries up to its end; false when one is not {@code {"monster":..,"pos":[x,y,z],..}}. */
    private boolean entries(JsonParser p) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.START_OBJECT) {
            String id = null;
            double x = Double.NaN;
            double z = Double.NaN;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if ("monster".equals(name)) {
                    if (v != JsonToken.VALUE_STRING) {
                        return false;
                    }
                    id = intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                } else if ("pos".equals(name)) {
                    if (v != JsonToken.START_ARRAY) {
                        return false;
                    }
                    int k = 0;
                    JsonToken c;
                    while ((c = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (!c.isNumeric() || k == 3) {
                            return false;
                        }
                        if (k == 0) {
                            x = p.getDoubleValue();
                        } else if (k == 2) {
                            z = p.getDoubleValue(); // y is never converted
                        }
                        k++;
                    }
                    if (k != 3) {
                        return false;
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (id == null || !Double.isFinite(x) || !Double.isFinite(z)) {
                return false;
            }
            append(id, x, z);
        }
        return t == JsonToken.END_ARRAY;
    }

    private void append(String id, double x, double z) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
            xs = Arrays.copyOf(xs, size * 2);
            zs = Arrays.copyOf(zs, size * 2);
        }
        ids[size] = id;
        xs[size] = x;
        zs[size] = z;
        size++;
    }

    private static boolean textIs(JsonParser p, char[] expected) throws IOException {
        if (p.getTextLength() != expected.length) {
            return false;
        }
        char[] buf = p.getTextCharacters();
        int off = p.getTextOffset();
        for (int i = 0; i < expected.length; i++) {
            if (buf[off + i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** The one String for these characters: looked up in an open-addressing table, created only when new. */
    String intern(char[] buf, int off, int len) {
        int h = 0;
        for (int i = 0; i < len; i++) {
            h = 31 * h + buf[off + i]; // String.hashCode's, so a table slot matches the String's own hash
        }
        int mask = interned.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (String s; (s = interned[slot]) != null; slot = (slot + 1) & mask) {
            if (s.length() == len && s.hashCode() == h && same(s, buf, off, len)) {
                return s;
            }
        }
        String s = new String(buf, off, len);
        if (internedCount >= MAX_IDS) {
            interned = new String[interned.length];
            internedCount = 0;
        } else if (2 * (internedCount + 1) > interned.length) {
            grow();
        }
        put(s);
        return s;
    }

    private static boolean same(String s, char[] buf, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (s.charAt(i) != buf[off + i]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        String[] old = interned;
        interned = new String[old.length * 2];
        internedCount = 0;
        for (String s : old) {
            if (s != null) {
                put(s);
            }
        }
    }

    private void put(String s) {
        int h = s.hashCode();
        int mask = interned.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        while (interned[slot] != null) {
            slot = (slot + 1) & mask;
        }
        interned[slot] = s;
        internedCount++;
    }

    /** Ids interned now (for tests). */
    int internedCount() {
        return internedCount;
    }
}
