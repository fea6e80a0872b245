package dev.navserver.nav.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.RandomWalls;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NavGridBitsTest {

    @Test
    void openRowAndColumnBits_OnMapWiderAndTallerThanOneWord_MatchWalkabilityWithBlockedBorder() {
        int w = 130;
        int h = 70;
        Random rnd = new Random(3);
        boolean[] walk = RandomWalls.walkable(w * h, 30, rnd);
        NavGrid g = GridMap.ofWalkable("bits", w, h, WorldTransform.UNIT, walk).navGrid();
        assertThat(g.rowWords()).isEqualTo(3);
        assertThat(g.columnWords()).isEqualTo(2);
        long[][] rows = g.openRows();
        long[][] cols = g.openColumns();
        assertThat(rows.length).isEqualTo(h + 2);
        assertThat(cols.length).isEqualTo(g.stride());
        for (int y = 0; y < h + 2; y++) {
            for (int x = 0; x < g.stride(); x++) {
                boolean inside = x >= 1 && y >= 1 && x <= w && y <= h && walk[(y - 1) * w + x - 1];
                assertThat(NavGrid.bit(rows[y], x)).isEqualTo(inside);
                assertThat(NavGrid.bit(cols[x], y)).isEqualTo(inside);
                assertThat(g.openPadded(x, y)).isEqualTo(inside);
                assertThat(g.openPadded(y * g.stride() + x)).isEqualTo(inside);
            }
        }
        // bits past the end of a row or column are 0
        for (int y = 0; y < h + 2; y++) {
            assertThat(rows[y][g.rowWords() - 1] >>> (g.stride() & 63)).isZero();
        }
        assertThat(cols[5][g.columnWords() - 1] >>> ((h + 2) & 63)).isZero();
    }
}
