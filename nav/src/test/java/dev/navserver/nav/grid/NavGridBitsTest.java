package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NavGridBitsTest {

    @Test
    void openRowAndColumnBits_OnMapWiderAndTallerThanOneWord_MatchOpenArrayWithBlockedBorder() {
        int w = 130;
        int h = 70;
        Random rnd = new Random(3);
        boolean[] walk = new boolean[w * h];
        for (int i = 0; i < walk.length; i++) {
            walk[i] = rnd.nextInt(100) >= 30;
        }
        NavGrid g = GridMap.ofWalkable("bits", w, h, WorldTransform.UNIT, walk).navGrid();
        assertThat(g.rowWords()).isEqualTo(3);
        assertThat(g.columnWords()).isEqualTo(2);
        long[] rows = g.openRowBits();
        long[] cols = g.openColumnBits();
        boolean[] open = g.openArray();
        for (int y = 0; y < h + 2; y++) {
            for (int x = 0; x < g.stride(); x++) {
                boolean rowBit = (rows[y * g.rowWords() + (x >>> 6)] & (1L << x)) != 0;
                boolean colBit = (cols[x * g.columnWords() + (y >>> 6)] & (1L << y)) != 0;
                assertThat(rowBit).isEqualTo(open[y * g.stride() + x]);
                assertThat(colBit).isEqualTo(open[y * g.stride() + x]);
            }
        }
        // bits past the end of a row or column are 0
        assertThat(rows[g.rowWords() - 1] >>> (g.stride() & 63)).isZero();
        assertThat(cols[g.columnWords() - 1] >>> ((h + 2) & 63)).isZero();
    }
}
