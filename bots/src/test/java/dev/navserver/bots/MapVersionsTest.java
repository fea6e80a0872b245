package dev.navserver.bots;

import static dev.navserver.bots.TestMaps.centre;
import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MapVersionsTest {
    private static final WorldTransform T = new WorldTransform(0, 0, 0, 1);

    /** 8x5, open but for a wall at (5,1). */
    private static final GridMap FILE = TestMaps.ascii(T,
            "........",
            ".....#..",
            "........",
            "........",
            "........");

    private static List<TerrainEdit> wall(int col, int row, int w, int h) {
        return List.of(TerrainEdit.cells(new CellRect(col, row, w, h), "wall"));
    }

    private static List<TerrainEdit> open(int col, int row, int w, int h) {
        return List.of(TerrainEdit.cells(new CellRect(col, row, w, h), "open"));
    }

    /** The map as ASCII rows, {@code .} open, {@code #} wall. */
    private static String[] draw(GridMap m) {
        String[] rows = new String[m.height()];
        for (int r = 0; r < m.height(); r++) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < m.width(); c++) {
                sb.append(m.walkable(c, r) ? '.' : '#');
            }
            rows[r] = sb.toString();
        }
        return rows;
    }

    @Test
    void map_AfterADoorAndItsRestore_ExpectedEachVersionItsOwnGrid() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(3);
        assertThat(v.offer(4, wall(2, 0, 1, 3))).isEqualTo(MapVersions.Offer.STORED);
        assertThat(v.offer(5, open(2, 1, 1, 1))).isEqualTo(MapVersions.Offer.STORED);

        assertThat(draw(v.map(3))).containsExactly(
                "........",
                ".....#..",
                "........",
                "........",
                "........");
        assertThat(draw(v.map(4))).containsExactly(
                "..#.....",
                "..#..#..",
                "..#.....",
                "........",
                "........");
        assertThat(draw(v.map(5))).containsExactly(
                "..#.....",
                ".....#..",
                "..#.....",
                "........",
                "........");
        assertThat(v.newest()).isEqualTo(5);
        assertThat(v.map(6)).isNull();
        assertThat(v.map(2)).isNull();
    }

    @Test
    void checker_WhenAPathCrossesAWallOfALaterVersion_ExpectedValidOnItsOwnVersionOnly() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);
        v.offer(2, wall(3, 0, 1, 5)); // a full-height wall: column 3 closed
        List<dev.navserver.protocol.message.Vec3> path = List.of(centre(FILE, 1, 3), centre(FILE, 6, 3));

        assertThat(v.checker(1).check("ok", path).valid()).isTrue();
        assertThat(v.checker(2).check("ok", path).problem()).isEqualTo("blocked");
    }

    @Test
    void offer_WhenAnotherBotBringsTheSameOrADifferentPatch_ExpectedMatchedOrMismatch() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);
        v.offer(2, wall(0, 0, 2, 2));

        assertThat(v.offer(2, wall(0, 0, 2, 2))).isEqualTo(MapVersions.Offer.MATCHED);
        assertThat(v.offer(2, wall(0, 0, 2, 3))).isEqualTo(MapVersions.Offer.MISMATCH);
        assertThat(v.offer(2, null)).isEqualTo(MapVersions.Offer.MISMATCH);
    }

    @Test
    void offer_WhenARectangleIsOffTheMapOrTheTerrainUnknown_ExpectedBadPatchAndNothingStored() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);

        assertThat(v.offer(2, wall(7, 0, 2, 1))).isEqualTo(MapVersions.Offer.BAD_PATCH);
        assertThat(v.offer(2, List.of(TerrainEdit.cells(new CellRect(0, 0, 1, 1), "lava"))))
                .isEqualTo(MapVersions.Offer.BAD_PATCH);
        assertThat(v.newest()).isEqualTo(1);
    }

    @Test
    void offer_WhenALaterPatchArrivesBeforeItsPredecessor_ExpectedResolvedOnceThePredecessorArrives() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);
        v.offer(3, wall(0, 4, 1, 1));
        assertThat(v.map(3)).isNull();

        v.offer(2, wall(7, 4, 1, 1));

        assertThat(draw(v.map(3))).containsExactly(
                "........",
                ".....#..",
                "........",
                "........",
                "#......#");
    }

    @Test
    void offer_WhenTheMapFileIsReloaded_ExpectedTheResetVersionIsTheReReadFileAndEditsBuildOnIt() {
        GridMap reloaded = TestMaps.ascii(T,
                "########",
                "........",
                "........",
                "........",
                "........");
        AtomicInteger reads = new AtomicInteger();
        MapVersions v = new MapVersions(FILE, () -> {
            reads.incrementAndGet();
            return reloaded;
        });
        v.base(1);
        v.offer(2, wall(0, 2, 8, 1));

        assertThat(v.offer(3, null)).isEqualTo(MapVersions.Offer.STORED);
        assertThat(v.offer(3, null)).isEqualTo(MapVersions.Offer.MATCHED);
        v.offer(4, wall(0, 4, 1, 1));

        assertThat(reads).hasValue(1);
        assertThat(draw(v.map(4))).containsExactly(
                "########",
                "........",
                "........",
                "........",
                "#.......");
    }

    @Test
    void offer_WhenTheReloadedFileHasAnotherSize_ExpectedTheResetVersionUnknown() {
        MapVersions v = new MapVersions(FILE, () -> TestMaps.ascii(T, "..", ".."));
        v.base(1);

        v.offer(2, null);

        assertThat(v.map(2)).isNull();
    }

    @Test
    void offer_BeyondTheRetainedVersions_ExpectedTheOldestDroppedAndOlderPatchesTooOld() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);
        long last = MapVersions.RETAINED_VERSIONS + 10;
        for (long k = 2; k <= last; k++) {
            v.offer(k, k % 2 == 0 ? wall(0, 0, 1, 1) : open(0, 0, 1, 1));
        }

        assertThat(v.map(1)).isNull();
        assertThat(v.offer(2, wall(0, 0, 1, 1))).isEqualTo(MapVersions.Offer.TOO_OLD);
        long oldest = last - MapVersions.RETAINED_VERSIONS + 1;
        assertThat(v.map(oldest)).isNotNull();
        assertThat(v.map(oldest).walkable(0, 0)).isEqualTo(oldest % 2 != 0);
        assertThat(v.map(last).walkable(0, 0)).isEqualTo(last % 2 != 0);
    }

    @Test
    void base_WhenCalledAgainByALaterWelcome_ExpectedTheFirstBaseKept() {
        MapVersions v = new MapVersions(FILE, () -> FILE);
        v.base(1);
        v.offer(2, wall(0, 0, 1, 1));

        v.base(2);

        assertThat(v.map(2).walkable(0, 0)).isFalse();
        assertThat(v.map(1)).isSameAs(FILE);
    }
}
