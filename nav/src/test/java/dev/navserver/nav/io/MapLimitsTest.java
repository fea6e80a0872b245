package dev.navserver.nav.io;

import static dev.navserver.nav.io.MapFiles.ROOMY;
import static dev.navserver.nav.io.MapFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MapMemory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapLimitsTest {
    @TempDir
    Path dir;

    @Test
    void estimateBytes_WhenTenByTenMapAndOneOrTwoPlanners_CountsGridPerCellAndScratchAllowancePerPlanner() {
        // 100 cells x 3 B + 144 padded cells x 0.375 B (bits 0.25, chunk borders 0.125) + 144 x 17 B of jump
        // tables = 300 + 54 + 2,448; each planner 32 MiB + page tables 144 x 0.25 B
        long planner = (32L << 20) + 36;
        assertThat(MapMemory.gridBytes(10, 10)).isEqualTo(2_802);
        assertThat(MapMemory.estimateBytes(10, 10, 1)).isEqualTo(2_802 + planner);
        assertThat(MapMemory.estimateBytes(10, 10, 2)).isEqualTo(2_802 + 2 * planner);
        // planners that also build flow fields: another 32 MiB each
        assertThat(MapMemory.estimateBytes(10, 10, 2, MapMemory.SEARCH_SCRATCH_BYTES + MapMemory.FIELD_SCRATCH_BYTES))
                .isEqualTo(2_802 + 2 * (planner + (32L << 20)));
        // 1023 x 1023 is the first square map without jump tables (1,050,625 padded cells)
        assertThat(MapMemory.gridBytes(1022, 1022) - 3L * 1022 * 1022 - (3L * 1024 * 1024 + 7) / 8)
                .isEqualTo(17L * 1024 * 1024);
        assertThat(MapMemory.gridBytes(1023, 1023)).isEqualTo(3L * 1023 * 1023 + (3L * 1025 * 1025 + 7) / 8);
    }

    @Test
    void estimateBytes_WhenTenThousandSquaredAndTwoPlanners_FitsInOneGibibyteEvenWithFlowFields() {
        long bytes = MapMemory.estimateBytes(10_000, 10_000, 2);
        assertThat(bytes / 100_000_000.0).isBetween(4.5, 4.6);
        long server = MapMemory.estimateBytes(10_000, 10_000, 2, 64L << 20);
        assertThat(server / 100_000_000.0).isBetween(5.2, 5.25);
        assertThat(server).isLessThan(1L << 30);
    }

    @Test
    void load_WhenHeaderPromisesMoreCellsThanMaxCells_FailsOnTheHeaderLine() throws IOException {
        Path p = write(dir, "big.map", "type octile\nheight 100\nwidth 100\nmap\n");
        assertThatThrownBy(() -> MapLoader.load(p, ROOMY.withMaxCells(9_999)))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":3: map of 100 x 100 = 10000 cells exceeds the limit of 9999 (maps.maxCells)");
        Path nav = write(dir, "big.txt", "startpos=(0,0,0)\nwide=100\nheight=100\naccuracy=1\n{1}\n");
        assertThatThrownBy(() -> MapLoader.load(nav, ROOMY.withMaxCells(9_999)))
                .hasMessage(nav + ":3: map of 100 x 100 = 10000 cells exceeds the limit of 9999 (maps.maxCells)");
    }

    @Test
    void load_WhenOneDimensionAloneExceedsMaxCells_FailsOnItsLine() throws IOException {
        Path p = write(dir, "wide.map", "type octile\nwidth 10001\nheight 1\nmap\n");
        assertThatThrownBy(() -> MapLoader.load(p, ROOMY.withMaxCells(10_000)))
                .hasMessage(p + ":2: width 10001 is too large (a map holds at most 10000 cells, maps.maxCells)");
    }

    @Test
    void load_WhenHeaderPromisesMoreRowsThanTheFileHolds_FailsWhereTheFileEnds() throws IOException {
        Path p = write(dir, "short.map", "type octile\nheight 3\nwidth 2\nmap\n..\n..\n");
        MapFormatException e = catchThrowableOfType(MapFormatException.class, () -> MapLoader.load(p, ROOMY));
        assertThat(e).hasMessage(p + ":7: file ends after 2 of 3 rows");
    }

    @Test
    void load_WhenPlainFileIsFarShorterThanItsHeaderPromises_RefusedOnTheHeaderBeforeAllocating() throws IOException {
        Path p = write(dir, "cut.map", "type octile\nheight 16384\nwidth 16384\nmap\n" + ".".repeat(16384) + "\n");
        assertThatThrownBy(() -> MapLoader.load(p, ROOMY))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":3: map of 16384 x 16384 needs at least 268451839 bytes of rows, the file has only "
                        + Files.size(p) + " bytes (truncated?)");
        Path nav = write(dir, "cut.txt", "startpos=(0,0,0)\nheight=30\nwide=40\naccuracy=1\n{1,1,1,1},\n");
        assertThatThrownBy(() -> MapLoader.load(nav, ROOMY))
                .hasMessage(nav + ":3: map of 40 x 30 needs at least 2459 bytes of rows, the file has only "
                        + Files.size(nav) + " bytes (truncated?)");
    }

    @Test
    void load_WhenEstimateExceedsFreeHeap_RefusesBeforeReadingRowsWithRaiseXmxHint() throws IOException {
        // 1000 x 1000: 3,000,000 + ceil(1002^2 x 0.375) + 1002^2 x 17 (jump tables) = 20,444,570 B grid; per planner
        // 32 MiB + 1002^2 / 4 B
        Path p = write(dir, "huge.map", "type octile\nheight 1000\nwidth 1000\nmap\n");
        AtomicLong asked = new AtomicLong();
        MapLimits small = ROOMY.withPlannerThreads(2).withMemory(needed -> {
            asked.set(needed);
            return 64L << 20;
        });
        assertThatThrownBy(() -> MapLoader.load(p, small))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":3: map of 1000 x 1000 needs about 84 MiB (2 planner threads), the heap has 64 MiB "
                        + "free; raise -Xmx or lower the map size");
        assertThat(asked.get()).isEqualTo(MapMemory.estimateBytes(1000, 1000, 2)).isEqualTo(88_055_436L);
    }

    @Test
    void load_WhenEstimateFitsFreeHeap_Loads() throws IOException {
        Path p = write(dir, "ok.map", "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n");
        long need = MapMemory.estimateBytes(3, 2, 1);
        GridMap map = MapLoader.load(p, ROOMY.withMemory(MapLimits.FreeMemory.fixed(need)));
        assertThat(map.width()).isEqualTo(3);
        assertThatThrownBy(() -> MapLoader.load(p, ROOMY.withMemory(MapLimits.FreeMemory.fixed(need - 1))))
                .hasMessageContaining("needs about 33 MiB (1 planner thread), the heap has 32 MiB free");
    }

    @Test
    void parse_WhenMapIsTooThinForTheSearchArrays_IsRefusedEvenUnderMaxCells() {
        String text = "type octile\nheight 268435456\nwidth 1\nmap\n";
        assertThatThrownBy(() -> MapLoader.parse("thin", "thin.map", new StringReader(text), ROOMY))
                .hasMessage("thin.map:3: map of 1 x 268435456 is too thin: with its one-cell border it has 805306374 "
                        + "cells, a search holds at most 536870911");
    }

    @Test
    void parse_WhenSixteenThousandSquaredAndHalfAGibibyteFree_IsRefusedOnTheHeaderLine() {
        // 16384^2 needs ~0.9 GiB with one planner thread: 512 MiB free refuses it before any allocation
        long need = MapMemory.estimateBytes(16384, 16384, 1);
        assertThat(need).isBetween(800L << 20, 1L << 30);
        String text = "type octile\nheight 16384\nwidth 16384\nmap\n";
        MapLimits halfGib = MapLimits.DEFAULT.withMemory(MapLimits.FreeMemory.fixed(512L << 20));
        assertThatThrownBy(() -> MapLoader.parse("h", "h.map", new StringReader(text), halfGib))
                .hasMessage("h.map:3: map of 16384 x 16384 needs about " + ((need + (1 << 20) - 1) >> 20)
                        + " MiB (1 planner thread), the heap has 512 MiB free; raise -Xmx or lower the map size");
    }

    @Test
    void constructor_WhenOutOfRange_Fails() {
        assertThatThrownBy(() -> MapLimits.DEFAULT.withMaxCells(0)).hasMessageContaining("out of range");
        assertThatThrownBy(() -> MapLimits.DEFAULT.withMaxCells(MapLimits.MAX_CELLS + 1))
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> MapLimits.DEFAULT.withPlannerThreads(0)).hasMessageContaining(">= 1");
    }
}
