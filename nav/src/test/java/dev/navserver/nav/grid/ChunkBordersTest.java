package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The chunk graph's per-chunk labelling against a breadth-first search inside each chunk. */
class ChunkBordersTest {

    @Test
    void twoRoomsJoinedAcrossAChunkSide_AreOneNodeEachAndAdjacent() {
        // 70 columns: chunk 0 holds columns 0..63, chunk 1 columns 64..69; row 2 crosses the chunk side
        String[] rows = new String[5];
        rows[0] = "#".repeat(70);
        rows[1] = "#" + ".".repeat(10) + "#".repeat(59);
        rows[2] = "#" + ".".repeat(68) + "#";
        rows[3] = "#".repeat(62) + "#..#" + "####";
        rows[4] = "#".repeat(70);
        NavGrid g = grid(rows);
        ChunkBorders b = g.chunkBorders();
        assertThat(b.chunksX()).isEqualTo(2);
        short[] left = b.of(0);
        short[] right = b.of(1);
        assertThat(left[ChunkBorders.RIGHT + 2]).isEqualTo((short) 0);
        assertThat(left[ChunkBorders.RIGHT + 3]).isEqualTo((short) 0); // (63, 3) is open, joined through row 2
        assertThat(right[ChunkBorders.LEFT + 2]).isEqualTo((short) 0);
        assertThat(right[ChunkBorders.LEFT + 3]).isEqualTo((short) 0);
        assertThat(right[ChunkBorders.LEFT + 1]).isEqualTo((short) -1);
        IntList out = new IntList();
        b.neighbours(0, 0, out);
        assertThat(out.size()).isEqualTo(1); // both facing pairs name the same node, reported once in a run
        assertThat(out.get(0)).isEqualTo(1 << ChunkBorders.COMPONENT_BITS);
    }

    @Test
    void aPillarSplittingARowInTwo_MakesTwoComponentsWhenTheyNeverMeet() {
        String[] rows = {
            "#####",
            "#.#.#",
            "#.#.#",
            "#####",
        };
        ChunkBorders.Labelling l = new ChunkBorders.Labelling();
        NavGrid g = grid(rows);
        l.label(g.openRows(), g.chunkBorders(), 0);
        assertThat(l.components()).isEqualTo(2);
        assertThat(l.componentOf(1, 2)).isEqualTo(0);
        assertThat(l.componentOf(3, 1)).isEqualTo(1);
        assertThat(l.componentOf(2, 1)).isEqualTo(-1);
        assertThat(l.componentOf(1, 1)).as("numbered by first cell, row-major").isEqualTo(0);
    }

    @Property(tries = 300)
    void everyChunkOfARandomMap_IsLabelledLikeABreadthFirstSearchInsideIt(
            @ForAll @IntRange(min = 1, max = 150) int w, @ForAll @IntRange(min = 1, max = 150) int h,
            @ForAll @IntRange(min = 0, max = 95) int wallPercent, @ForAll long seed) {
        Random rnd = new Random(seed);
        byte[] t = new byte[w * h];
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < wallPercent ? Terrain.WALL : Terrain.OPEN;
        }
        NavGrid g = new GridMap("r", w, h, WorldTransform.UNIT, t).navGrid();
        ChunkBorders b = g.chunkBorders();
        ChunkBorders.Labelling l = new ChunkBorders.Labelling();
        for (int ci = 0; ci < b.chunksX() * b.chunksY(); ci++) {
            l.label(g.openRows(), b, ci);
            int c0 = (ci % b.chunksX()) * 64;
            int r0 = (ci / b.chunksX()) * 64;
            int cw = b.chunkWidth(ci);
            int ch = b.chunkHeight(ci);
            int[] want = bfsLabels(g, c0, r0, cw, ch);
            int components = 0;
            for (int r = 0; r < ch; r++) {
                for (int c = 0; c < cw; c++) {
                    assertThat(l.componentOf(c0 + c, r0 + r)).as("cell (%d, %d)", c0 + c, r0 + r)
                            .isEqualTo(want[r * cw + c]);
                    components = Math.max(components, want[r * cw + c] + 1);
                }
            }
            assertThat(l.components()).isEqualTo(components);
            short[] entries = b.of(ci);
            for (int i = 0; i < 64; i++) {
                assertThat(entries[ChunkBorders.TOP + i]).isEqualTo((short) (i < cw ? want[i] : -1));
                assertThat(entries[ChunkBorders.BOTTOM + i]).isEqualTo((short) (i < cw ? want[(ch - 1) * cw + i] : -1));
                assertThat(entries[ChunkBorders.LEFT + i]).isEqualTo((short) (i < ch ? want[i * cw] : -1));
                assertThat(entries[ChunkBorders.RIGHT + i]).isEqualTo((short) (i < ch ? want[i * cw + cw - 1] : -1));
            }
        }
    }

    /** Components inside one chunk numbered in row-major order of their first cells; -1 where not standable. */
    private static int[] bfsLabels(NavGrid g, int c0, int r0, int cw, int ch) {
        int[] out = new int[cw * ch];
        java.util.Arrays.fill(out, -2);
        int next = 0;
        for (int i = 0; i < out.length; i++) {
            if (!g.open(c0 + i % cw, r0 + i / cw)) {
                out[i] = -1;
            }
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] != -2) {
                continue;
            }
            ArrayDeque<Integer> q = new ArrayDeque<>();
            out[i] = next;
            q.add(i);
            while (!q.isEmpty()) {
                int k = q.poll();
                int c = k % cw;
                int r = k / cw;
                int[][] nbs = {{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}};
                for (int[] nb : nbs) {
                    if (nb[0] >= 0 && nb[0] < cw && nb[1] >= 0 && nb[1] < ch && out[nb[1] * cw + nb[0]] == -2) {
                        out[nb[1] * cw + nb[0]] = next;
                        q.add(nb[1] * cw + nb[0]);
                    }
                }
            }
            next++;
        }
        return out;
    }

    private static NavGrid grid(String[] rows) {
        return dev.navserver.nav.AsciiMaps.map(rows).navGrid();
    }
}
