package dev.navserver.nav.search;

import dev.navserver.nav.grid.NavGrid;
import java.util.Arrays;

/**
 * Exact 4-connected shortest paths on uniform-cost grids: a bidirectional, bit-parallel breadth-first search over
 * the grid's standability bit rows ({@link NavGrid#openRowBits()}).
 *
 * <p><b>Why BFS over bits.</b> With every move costing 1, breadth-first layers are exact distances, so no open
 * list, no heuristic and no cost arrays are needed. A frontier is a set of 64-cell words of one padded row; the
 * next layer of a word {@code b} at word index {@code w} is {@code (b << 1) | (b >>> 1)} in {@code w} (plus the
 * carries into the neighbouring words of the same row), {@code b} in the rows above and below, masked by
 * {@code open & ~visited}. One word operation advances up to 64 cells, so wide frontiers (open areas) cost about
 * 1/64 of a cell-by-cell search; narrow ones (maze corridors) cost a few word operations per cell, still without
 * a heap. A 4-connected Jump Point Search was the alternative: it prunes symmetric paths in open areas but still
 * pays a heap operation per jump point, and in mazes nearly every cell at a corner or junction is a jump point.
 *
 * <p><b>Bidirectional.</b> Two searches grow from the start and from the goal; each step expands the side whose
 * newest layer has fewer words. When a new layer of one side first contains a cell the other side has visited,
 * that cell lies on the other side's newest layer and the two distances add up to the shortest length (no earlier
 * layer pair met). In a maze this roughly halves the cells visited.
 *
 * <p><b>Layers.</b> Each side logs its layers compactly as (word index, bits) pairs in visiting order, with the
 * start offset of every layer. The path is traced back from the meeting cell through each side's layers: a cell in
 * layer {@code k + 1} has a 4-neighbour in layer {@code k}. The same log tells which visited words to clear before
 * the next search, so scratch is reset in time proportional to the previous search, not the map.
 *
 * <p><b>Bit layout.</b> As in {@link NavGrid#openRowBits()}: padded cell (x, y) is bit {@code x & 63} of word
 * {@code y * rowWords + (x >>> 6)}. Border cells are never standable, so shifts never carry a frontier bit into
 * another row.
 *
 * <p><b>Memory.</b> Two visited bit sets and one accumulator of {@code (height + 2) * rowWords} longs each (about
 * 0.4 bytes per cell), a word list of as many ints, and the logs; all grown on demand and reused. A warm search
 * allocates nothing but the result.
 *
 * <p><b>Slicing.</b> Work is counted in frontier words: {@link #expandWord()} processes one word of the active
 * side's newest layer and, after the layer's last word, builds the next layer. The sequence of operations does not
 * depend on how calls are grouped, so a sliced search gives the one-shot result.
 *
 * <p>Not thread-safe: part of one search context.
 */
final class BitBfs {
    /** One direction of the search. */
    private static final class Side {
        long[] visited = new long[0];
        int[] logWord = new int[256];
        long[] logBits = new long[256];
        int logLength;
        /** Layer {@code k} is log entries {@code [layerStart[k], layerStart[k + 1])}; {@code layers} are closed. */
        int[] layerStart = new int[256];
        int layers;

        void ensure(int words) {
            if (visited.length < words) {
                visited = new long[words];
            }
        }

        /** Clears the visited bits the previous search set and empties the log. */
        void reset() {
            long[] v = visited;
            int[] lw = logWord;
            for (int i = 0; i < logLength; i++) {
                v[lw[i]] = 0;
            }
            logLength = 0;
            layers = 0;
            layerStart[0] = 0;
        }

        void append(int w, long bits) {
            if (logLength == logWord.length) {
                logWord = Arrays.copyOf(logWord, logLength * 2);
                logBits = Arrays.copyOf(logBits, logLength * 2);
            }
            logWord[logLength] = w;
            logBits[logLength] = bits;
            logLength++;
        }

        void closeLayer() {
            if (layers + 2 > layerStart.length) {
                layerStart = Arrays.copyOf(layerStart, layerStart.length * 2);
            }
            layers++;
            layerStart[layers] = logLength;
        }

        /** Words in the newest closed layer. */
        int frontierWords() {
            return layerStart[layers] - layerStart[layers - 1];
        }
    }

    private final Side fromStart = new Side();
    private final Side fromGoal = new Side();
    private long[] acc = new long[0];
    private int[] touched = new int[0];

    // the current search
    private long[] open;
    private int rowWords;
    private int stride;
    private int width;
    private Side active;
    private Side other;
    private int cursor;
    private int touchedCount;
    private boolean met;
    private boolean exhausted;
    private int meetX;
    private int meetY;

    /**
     * Begins a search between padded cells (sx, sy) and (gx, gy), both standable. A start equal to the goal has
     * met at once.
     */
    void begin(NavGrid grid, int sx, int sy, int gx, int gy) {
        open = grid.openRowBits();
        rowWords = grid.rowWords();
        stride = grid.stride();
        width = grid.width();
        int words = (grid.height() + 2) * rowWords;
        fromStart.reset();
        fromGoal.reset();
        fromStart.ensure(words);
        fromGoal.ensure(words);
        if (acc.length < words) {
            acc = new long[words];
            touched = new int[words];
        }
        met = false;
        exhausted = false;
        touchedCount = 0;
        seed(fromStart, sx, sy);
        if (sx == gx && sy == gy) {
            met = true;
            meetX = sx;
            meetY = sy;
            active = fromGoal; // depth 0 on both sides: fromGoal.layers == 0 and fromStart.layers - 1 == 0
            other = fromStart;
            return;
        }
        seed(fromGoal, gx, gy);
        active = fromStart;
        other = fromGoal;
        cursor = fromStart.layerStart[0];
    }

    private void seed(Side s, int x, int y) {
        int w = y * rowWords + (x >>> 6);
        long bit = 1L << x;
        s.visited[w] = bit;
        s.append(w, bit);
        s.closeLayer();
    }

    /** Whether the two sides have met: {@link #path()} is available. */
    boolean met() {
        return met;
    }

    /** Whether a side ran out of cells before meeting: the goal is unreachable. */
    boolean exhausted() {
        return exhausted;
    }

    /**
     * Expands one word of the active side's newest layer; after that layer's last word, builds the next layer,
     * detects a meeting or exhaustion, and picks the side to expand next. Call only while neither {@link #met()}
     * nor {@link #exhausted()}.
     */
    void expandWord() {
        Side s = active;
        int w = s.logWord[cursor];
        long b = s.logBits[cursor];
        cursor++;
        int rw = rowWords;
        add(w, (b << 1) | (b >>> 1));
        long carry = b >>> 63;
        if (carry != 0) {
            add(w + 1, carry);
        }
        carry = b << 63;
        if (carry != 0) {
            add(w - 1, carry);
        }
        add(w - rw, b);
        add(w + rw, b);
        if (cursor == s.layerStart[s.layers]) {
            nextLayer(s);
        }
    }

    private void add(int w, long bits) {
        long[] a = acc;
        if (a[w] == 0) {
            touched[touchedCount++] = w;
        }
        a[w] |= bits;
    }

    private void nextLayer(Side s) {
        long[] a = acc;
        long[] o = open;
        long[] vis = s.visited;
        long[] otherVis = other.visited;
        int[] t = touched;
        int n = touchedCount;
        touchedCount = 0;
        int i = 0;
        for (; i < n; i++) {
            int w = t[i];
            long nb = a[w] & o[w] & ~vis[w];
            a[w] = 0;
            if (nb == 0) {
                continue;
            }
            long meet = nb & otherVis[w];
            if (meet != 0) {
                met = true;
                int rw = rowWords;
                meetY = w / rw;
                meetX = (w - meetY * rw) * 64 + Long.numberOfTrailingZeros(meet);
                for (i++; i < n; i++) {
                    a[t[i]] = 0;
                }
                return;
            }
            vis[w] |= nb;
            s.append(w, nb);
        }
        s.closeLayer();
        if (s.frontierWords() == 0) {
            exhausted = true;
            return;
        }
        Side next = other.frontierWords() < s.frontierWords() ? other : s;
        other = next == s ? other : s;
        active = next;
        cursor = next.layerStart[next.layers - 1];
    }

    /** Shortest path length in moves; valid once {@link #met()}. */
    int length() {
        return depthOfMeetingOn(fromStart) + depthOfMeetingOn(fromGoal);
    }

    /**
     * Depth of the meeting cell on side {@code s}: on the side that found it, one more than its newest closed
     * layer (the meeting layer was not closed); on the other side, its newest closed layer.
     */
    private int depthOfMeetingOn(Side s) {
        return s == active ? s.layers : s.layers - 1;
    }

    /** The shortest path as map cell ids from start to goal; valid once {@link #met()}. Allocates the array. */
    int[] path() {
        int dStart = depthOfMeetingOn(fromStart);
        int dGoal = depthOfMeetingOn(fromGoal);
        int[] cells = new int[dStart + dGoal + 1];
        cells[dStart] = cellId(meetX, meetY);
        trace(fromStart, dStart, cells, dStart, -1);
        trace(fromGoal, dGoal, cells, dStart, +1);
        return cells;
    }

    /**
     * Walks side {@code s} back from the meeting cell (at depth {@code depth}) to its layer 0, writing each cell at
     * {@code cells[at + dir]}, {@code cells[at + 2 * dir]}, ...
     */
    private void trace(Side s, int depth, int[] cells, int at, int dir) {
        int x = meetX;
        int y = meetY;
        int rw = rowWords;
        for (int k = depth - 1; k >= 0; k--) {
            int wl = y * rw + ((x - 1) >>> 6);
            long ml = 1L << (x - 1);
            int wr = y * rw + ((x + 1) >>> 6);
            long mr = 1L << (x + 1);
            int wu = (y - 1) * rw + (x >>> 6);
            int wd = wu + 2 * rw;
            long mv = 1L << x;
            int found = -1;
            for (int e = s.layerStart[k], end = s.layerStart[k + 1]; e < end; e++) {
                int w = s.logWord[e];
                long b = s.logBits[e];
                if (w == wl && (b & ml) != 0) {
                    found = 0;
                } else if (w == wr && (b & mr) != 0) {
                    found = 1;
                } else if (w == wu && (b & mv) != 0) {
                    found = 2;
                } else if (w == wd && (b & mv) != 0) {
                    found = 3;
                } else {
                    continue;
                }
                break;
            }
            switch (found) {
                case 0 -> x--;
                case 1 -> x++;
                case 2 -> y--;
                case 3 -> y++;
                default -> throw new IllegalStateException("BFS layer " + k + " holds no neighbour of (" + x + ", "
                        + y + ")");
            }
            at += dir;
            cells[at] = cellId(x, y);
        }
    }

    private int cellId(int x, int y) {
        return (y - 1) * width + (x - 1);
    }

    /** Drops references to the last grid's arrays (scratch is kept). */
    void release() {
        open = null;
    }
}
