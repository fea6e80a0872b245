package dev.navserver.nav.search.landmark;

import static dev.navserver.nav.search.core.LegalMoves.E;
import static dev.navserver.nav.search.core.LegalMoves.N;
import static dev.navserver.nav.search.core.LegalMoves.NE;
import static dev.navserver.nav.search.core.LegalMoves.NW;
import static dev.navserver.nav.search.core.LegalMoves.S;
import static dev.navserver.nav.search.core.LegalMoves.SE;
import static dev.navserver.nav.search.core.LegalMoves.SW;
import static dev.navserver.nav.search.core.LegalMoves.W;

import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.search.core.LegalMoves;
import java.util.Arrays;

/**
 * Exact single-source Dijkstra over a {@link NavGrid}'s padded cells with the search's 8-connected move rules
 * (straight 1, diagonal sqrt(2) only when both orthogonal neighbours are standable; costs ignored), on an indexed
 * binary heap. Arrays of 20 bytes per padded cell, allocated once. Not thread-safe.
 */
public final class GridDijkstra {
    private static final double SQRT2 = Math.sqrt(2.0);

    private final long[][] rows;
    private final int stride;
    public final double[] dist;
    /** Cells reached by the last run, in settling order. */
    public final int[] order;
    public int reachedCount;
    private final int[] heap;
    private final int[] pos;
    private int size;

    public GridDijkstra(NavGrid grid) {
        rows = grid.openRows();
        stride = grid.stride();
        int n = grid.paddedSize();
        dist = new double[n];
        order = new int[n];
        heap = new int[n];
        pos = new int[n];
    }

    /** Distances from padded cell {@code src} into {@link #dist}: +infinity where unreachable. */
    public void run(int src) {
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        Arrays.fill(pos, -1);
        size = 0;
        reachedCount = 0;
        dist[src] = 0;
        push(src);
        int s = stride;
        while (size > 0) {
            int p = pop();
            order[reachedCount++] = p;
            double dp = dist[p];
            int x = p % s;
            int y = p / s;
            int m = LegalMoves.eight(rows[y - 1], rows[y], rows[y + 1], x);
            double ds = dp + 1.0;
            double dd = dp + SQRT2;
            if ((m & N) != 0) {
                relax(p - s, ds);
            }
            if ((m & S) != 0) {
                relax(p + s, ds);
            }
            if ((m & W) != 0) {
                relax(p - 1, ds);
            }
            if ((m & E) != 0) {
                relax(p + 1, ds);
            }
            if ((m & NW) != 0) {
                relax(p - s - 1, dd);
            }
            if ((m & NE) != 0) {
                relax(p - s + 1, dd);
            }
            if ((m & SW) != 0) {
                relax(p + s - 1, dd);
            }
            if ((m & SE) != 0) {
                relax(p + s + 1, dd);
            }
        }
    }

    /** The reached cell of greatest distance (the last settled by the last run). */
    public int farthest() {
        return order[reachedCount - 1];
    }

    private void relax(int q, double d) {
        if (d < dist[q] && pos[q] != Integer.MIN_VALUE) {
            dist[q] = d;
            if (pos[q] < 0) {
                push(q);
            } else {
                up(pos[q]);
            }
        }
    }

    private void push(int q) {
        heap[size] = q;
        pos[q] = size;
        up(size++);
    }

    private int pop() {
        int top = heap[0];
        pos[top] = Integer.MIN_VALUE; // settled: never pushed again (distances only grow from here)
        int last = heap[--size];
        if (size > 0) {
            heap[0] = last;
            pos[last] = 0;
            down(0);
        }
        return top;
    }

    private void up(int i) {
        int q = heap[i];
        double d = dist[q];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int pq = heap[parent];
            if (dist[pq] <= d) {
                break;
            }
            heap[i] = pq;
            pos[pq] = i;
            i = parent;
        }
        heap[i] = q;
        pos[q] = i;
    }

    private void down(int i) {
        int q = heap[i];
        double d = dist[q];
        while (true) {
            int c = 2 * i + 1;
            if (c >= size) {
                break;
            }
            if (c + 1 < size && dist[heap[c + 1]] < dist[heap[c]]) {
                c++;
            }
            if (dist[heap[c]] >= d) {
                break;
            }
            heap[i] = heap[c];
            pos[heap[i]] = i;
            i = c;
        }
        heap[i] = q;
        pos[q] = i;
    }
}
