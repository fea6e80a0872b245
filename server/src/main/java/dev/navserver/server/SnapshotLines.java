package dev.navserver.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.server.net.OutboundLine;
import dev.navserver.server.world.WorldEvent;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes {@code monsters} snapshot lines without an object mapper: each entry is encoded once per
 * {@link WorldEvent.MonsterView} (one value per monster and tick, shared by every snapshot of that tick) and each
 * session's line is the concatenation of its entries' bytes, made by the I/O thread that writes it. The line is the JSON that
 * {@link dev.navserver.protocol.json.MessageWriter} writes for the same {@link Monsters} (positions rounded to the
 * millimetre), up to number formatting. {@link #line} on the tick thread only; the lines it returns are immutable.
 */
final class SnapshotLines {
    private static final byte[] HEAD = ascii("{\"type\":\"" + Monsters.TYPE + "\",\"serverTime\":");
    private static final byte[] LIST = ascii(",\"list\":[");
    private static final byte[] SEQ = ascii("],\"playerSeq\":");
    private static final byte[] POS = ascii("\",\"pos\":[");
    private static final byte[] ENTRY = ascii("{\"monster\":\"");
    private static final byte[] STATE = ascii("],\"state\":\"");
    /** Cached id prefixes beyond which the cache is emptied (ids of despawned monsters go with it). */
    private static final int MAX_PREFIXES = 1 << 16;

    /** The entries encoded for the views of world time {@link #entriesTime}, by view identity. */
    private final Map<WorldEvent.MonsterView, byte[]> entries = new IdentityHashMap<>();
    private double entriesTime = Double.NaN;
    /** {@code {"monster":"<id>","pos":[} by monster id (the id's instance: a monster keeps its own). */
    private final Map<String, byte[]> prefixes = new IdentityHashMap<>();
    /** {@code ],"state":"<state>"}} by wire state. */
    private final Map<String, byte[]> suffixes = new HashMap<>();
    private final byte[] number = new byte[96];

    /**
     * The snapshot line of {@code views} at {@code serverTime}: its entries are encoded here (once per view), the line
     * is assembled by the I/O thread that writes it.
     *
     * @param worldTime the world time the views were made at: the entries cached for another are dropped (one
     *                  world's views of one tick are delivered together and never seen again)
     * @param playerSeq omitted when 0
     */
    OutboundLine line(double serverTime, double worldTime, List<WorldEvent.MonsterView> views, long playerSeq) {
        if (Double.compare(worldTime, entriesTime) != 0) {
            entries.clear();
            entriesTime = worldTime;
        }
        byte[][] parts = new byte[views.size()][];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = entry(views.get(i));
        }
        return new Line(ascii(Double.toString(serverTime)), parts,
                playerSeq == 0 ? null : ascii(Long.toString(playerSeq)));
    }

    /**
     * One session's snapshot: header, entries and {@code playerSeq}'s digits (null: omitted), concatenated by
     * {@link #writeTo}.
     */
    private record Line(byte[] time, byte[][] parts, byte[] seq) implements OutboundLine {
        @Override
        public String type() {
            return Monsters.TYPE;
        }

        @Override
        public int size() {
            int size = HEAD.length + time.length + LIST.length + Math.max(parts.length - 1, 0) + 3;
            for (byte[] p : parts) {
                size += p.length;
            }
            return seq == null ? size : size + SEQ.length - 1 + seq.length;
        }

        @Override
        public void writeTo(ByteBuf out) {
            out.writeBytes(HEAD).writeBytes(time).writeBytes(LIST);
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                out.writeBytes(parts[i]);
            }
            if (seq != null) {
                out.writeBytes(SEQ).writeBytes(seq);
            } else {
                out.writeByte(']');
            }
            out.writeByte('}').writeByte('\n');
        }
    }

    private byte[] entry(WorldEvent.MonsterView v) {
        byte[] bytes = entries.get(v);
        if (bytes != null) {
            return bytes;
        }
        byte[] prefix = prefixes.get(v.monsterId());
        if (prefix == null) {
            if (prefixes.size() >= MAX_PREFIXES) {
                prefixes.clear();
            }
            prefix = concat(ENTRY, JsonStringEncoder.getInstance().quoteAsUTF8(v.monsterId()), POS);
            prefixes.put(v.monsterId(), prefix);
        }
        byte[] suffix = suffixes.computeIfAbsent(v.state(),
                s -> concat(STATE, JsonStringEncoder.getInstance().quoteAsUTF8(s), ascii("\"}")));
        int n = 0;
        n = millis(v.x(), n);
        number[n++] = ',';
        n = millis(v.y(), n);
        number[n++] = ',';
        n = millis(v.z(), n);
        bytes = new byte[prefix.length + n + suffix.length];
        System.arraycopy(prefix, 0, bytes, 0, prefix.length);
        System.arraycopy(number, 0, bytes, prefix.length, n);
        System.arraycopy(suffix, 0, bytes, prefix.length + n, suffix.length);
        entries.put(v, bytes);
        return bytes;
    }

    /**
     * Writes {@code meters} rounded to the millimetre into {@link #number} from {@code at} as a JSON number with a
     * fraction ({@code -12.5}, {@code 3.0}); returns the index after it.
     */
    private int millis(double meters, int at) {
        long mm = (long) Math.rint(meters * 1000);
        if (mm < 0) {
            number[at++] = '-';
            mm = -mm;
        }
        at = digits(mm / 1000, at);
        number[at++] = '.';
        int frac = (int) (mm % 1000);
        if (frac == 0) {
            number[at++] = '0';
            return at;
        }
        int div = 100;
        while (frac != 0) {
            number[at++] = (byte) ('0' + frac / div);
            frac %= div;
            div /= 10;
        }
        return at;
    }

    private int digits(long value, int at) {
        if (value == 0) {
            number[at++] = '0';
            return at;
        }
        int start = at;
        while (value != 0) {
            number[at++] = (byte) ('0' + value % 10);
            value /= 10;
        }
        for (int i = start, j = at - 1; i < j; i++, j--) {
            byte t = number[i];
            number[i] = number[j];
            number[j] = t;
        }
        return at;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
