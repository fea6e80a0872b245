package dev.navserver.nav.io;

import static dev.navserver.nav.io.MapFiles.ROOMY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NavExportFormatTest {
    private static final String SOURCE = "maps/t.txt";

    private static GridMap parse(String text) throws IOException {
        return MapFormat.NAV_EXPORT.parse("t", SOURCE, new StringReader(text), ROOMY);
    }

    private static MapFormatException failure(String text) {
        return catchThrowableOfType(MapFormatException.class, () -> parse(text));
    }

    private static String header(int height, int wide) {
        return "startpos=(-30.0, 0.0, 30.0)\nheight=" + height + "\nwide=" + wide + "\naccuracy=1\n";
    }

    @Test
    void parse_WhenSmallLayout_OnesAreOpenZerosAreWallAndTransformComesFromHeader() throws IOException {
        GridMap map = parse("""
                startpos=(-30.0, 0.0, 30.0)
                height=3
                wide=3
                accuracy=1
                {1,1,0,},
                {1,0,1,},
                {0,1,1,},
                """);
        assertThat(map.name()).isEqualTo("t");
        assertThat(map.width()).isEqualTo(3);
        assertThat(map.height()).isEqualTo(3);
        assertThat(map.transform()).isEqualTo(new WorldTransform(-30, 0, 30, 1));
        assertThat(map.terrain(0, 0)).isEqualTo(Terrain.OPEN);
        assertThat(map.terrain(2, 0)).isEqualTo(Terrain.WALL);
        assertThat(map.terrain(1, 1)).isEqualTo(Terrain.WALL);
        assertThat(map.terrain(0, 2)).isEqualTo(Terrain.WALL);
        assertThat(map.terrain(2, 2)).isEqualTo(Terrain.OPEN);
        // row 0 at startpos.z, rows toward -z, columns toward +x
        assertThat(map.worldX(map.cell(2, 1))).isEqualTo(-28.0);
        assertThat(map.worldZ(map.cell(2, 1))).isEqualTo(29.0);
    }

    @Test
    void parse_WhenNonSquareWiderThanTall_RowsAreHeightAndValuesPerRowAreWide() throws IOException {
        // 2 rows of 5: a reader that swapped width and height would expect 5 rows of 2 values
        GridMap map = parse("""
                startpos=(10.0, 2.0, -4.0)
                height=2
                wide=5
                accuracy=1
                {1,1,1,1,0,},
                {0,1,1,1,1,},
                """);
        assertThat(map.width()).isEqualTo(5);
        assertThat(map.height()).isEqualTo(2);
        assertThat(map.walkable(4, 0)).isFalse();
        assertThat(map.walkable(0, 1)).isFalse();
        assertThat(map.walkable(4, 1)).isTrue();
        int last = map.cell(4, 1);
        assertThat(map.worldX(last)).isEqualTo(14.0);
        assertThat(map.worldZ(last)).isEqualTo(-5.0);
        assertThat(map.cellAt(14.0, -5.0)).isEqualTo(last);
    }

    @Test
    void parse_WhenNonSquareTallerThanWide_RowsAreHeightAndValuesPerRowAreWide() throws IOException {
        GridMap map = parse("""
                startpos=(0, 0, 0)
                height=4
                wide=2
                accuracy=1
                {1,0},
                {1,1},
                {1,1},
                {0,1},
                """);
        assertThat(map.width()).isEqualTo(2);
        assertThat(map.height()).isEqualTo(4);
        assertThat(map.walkable(1, 0)).isFalse();
        assertThat(map.walkable(0, 3)).isFalse();
        assertThat(map.worldZ(map.cell(1, 3))).isEqualTo(-3.0);
    }

    @Test
    void parse_WhenCrlfHeaderAndRowsWithSpaces_LoadsTheSameMap() throws IOException {
        String lf = header(2, 3) + "{1,0,1,},\n{1,1,1,},\n";
        String crlf = "startpos=( -30.0 , 0.0 , 30.0 )\r\nheight = 2\r\nwide=3 \r\naccuracy=1\r\n"
                + "{ 1, 0 ,1 , } ,\r\n\r\n  {1,1,1}\r\n\r\n";
        GridMap a = parse(lf);
        GridMap b = parse(crlf);
        assertThat(b.transform()).isEqualTo(a.transform());
        for (int i = 0; i < 6; i++) {
            assertThat(b.terrain(i)).as("cell %d", i).isEqualTo(a.terrain(i));
        }
    }

    @Test
    void parse_WhenUtf8ByteOrderMark_IgnoresIt() throws IOException {
        GridMap map = MapLoader.parse("t", SOURCE, new StringReader("\uFEFF" + header(1, 2) + "{1,0},\n"));
        assertThat(map.width()).isEqualTo(2);
        assertThat(map.walkable(0, 0)).isTrue();
    }

    @Test
    void parse_WhenHeaderKeysInAnotherOrder_LoadsTheSameMap() throws IOException {
        GridMap map = parse("accuracy=0.5\nwide=2\nheight=1\nstartpos=(1.0, 2.0, 3.0)\n{1,0,},\n");
        assertThat(map.transform()).isEqualTo(new WorldTransform(1, 2, 3, 0.5));
        assertThat(map.width()).isEqualTo(2);
    }

    @ParameterizedTest(name = "accuracy {0}")
    @CsvSource({"0.5", "0.25", "0.1", "2"})
    void cellCentres_WhenFractionalAccuracyAndNegativeOrigin_RoundTripExactly(double accuracy) throws IOException {
        StringBuilder text = new StringBuilder("startpos=(-7.25, -1.5, -3.75)\nheight=7\nwide=11\naccuracy=")
                .append(accuracy).append('\n');
        for (int r = 0; r < 7; r++) {
            text.append("{1,1,1,1,1,1,1,1,1,1,1,},\n");
        }
        GridMap map = parse(text.toString());
        assertThat(map.transform()).isEqualTo(new WorldTransform(-7.25, -1.5, -3.75, accuracy));
        for (int cell = 0; cell < map.width() * map.height(); cell++) {
            double x = map.worldX(cell);
            double z = map.worldZ(cell);
            assertThat(x).isEqualTo(-7.25 + map.col(cell) * accuracy);
            assertThat(z).isEqualTo(-3.75 - map.row(cell) * accuracy);
            assertThat(map.cellAt(x, z)).isEqualTo(cell);
            // anywhere strictly inside the cell maps back to it
            assertThat(map.cellAt(x + 0.49 * accuracy, z - 0.49 * accuracy)).isEqualTo(cell);
        }
        assertThat(map.cellAt(-7.25 - 0.51 * accuracy, -3.75)).isEqualTo(GridMap.NO_CELL);
    }

    @Test
    void write_WhenMapWrittenAndParsedBack_SameCellsSizeAndTransform() throws IOException {
        GridMap map = AsciiMaps.map(new WorldTransform(-12.5, 0.75, 40.125, 0.25),
                "..#.#",
                "#....",
                "...##");
        StringWriter out = new StringWriter();
        NavExportFormat.write(map, out);
        assertThat(out.toString()).startsWith("""
                startpos=(-12.5, 0.75, 40.125)
                height=3
                wide=5
                accuracy=0.25
                {1,1,0,1,0,},
                {0,1,1,1,1,},
                """);
        GridMap back = parse(out.toString());
        assertThat(back.transform()).isEqualTo(map.transform());
        assertThat(back.width()).isEqualTo(5);
        assertThat(back.height()).isEqualTo(3);
        for (int i = 0; i < 15; i++) {
            assertThat(back.terrain(i)).isEqualTo(map.terrain(i));
        }
    }

    @Test
    void write_WhenIntegralAccuracy_WritesItWithoutFraction() throws IOException {
        StringWriter out = new StringWriter();
        NavExportFormat.write(AsciiMaps.map(new WorldTransform(-30, 0, 30, 1), ".#"), out);
        assertThat(out.toString()).isEqualTo("startpos=(-30.0, 0.0, 30.0)\nheight=1\nwide=2\naccuracy=1\n{1,0,},\n");
    }

    @Test
    void write_WhenTerrainBeyondOpenAndWall_WritesPassabilityUnderDefaultLayer() throws IOException {
        StringWriter out = new StringWriter();
        NavExportFormat.write(AsciiMaps.map(".STWH#"), out);
        assertThat(out.toString()).endsWith("{1,1,0,0,0,0,},\n");
    }

    // ---- malformed files: file, line and problem ----

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            startpos=(-30.0, 0.0, 30.0)\\nheight 3\\n                        | 2 | expected a 'key=value' header line or a '{' row, got 'height 3'
            height=1\\nwide=1\\naccuracy=1\\n{1},\\n                            | 4 | missing header key 'startpos' before the first row
            startpos=(0,0,0)\\nheight=1\\nwide=1\\n\\n{1},\\n                   | 5 | missing header key 'accuracy' before the first row
            startpos=(0,0,0)\\nheight=1\\nheight=2\\n                           | 3 | duplicate header key 'height' (first on line 2)
            startpos=(0,0,0)\\ndepth=3\\n                                       | 2 | unknown header key 'depth', expected startpos, height, wide or accuracy
            startpos=(0,0,0)\\nheight=abc\\n                                    | 2 | height 'abc' is not a positive integer
            startpos=(0,0,0)\\nheight=\\n                                       | 2 | height '' is not a positive integer
            startpos=(0,0,0)\\nheight=-3\\n                                     | 2 | height '-3' is not a positive integer
            startpos=(0,0,0)\\nheight=2.5\\n                                    | 2 | height '2.5' is not a positive integer
            startpos=(0,0,0)\\nwide=0\\n                                        | 2 | wide must be at least 1, got 0
            startpos=(0,0,0)\\nwide=99999999999\\n                              | 2 | wide 99999999999 is too large (a map holds at most 268435456 cells, maps.maxCells)
            startpos=(0,0,0)\\nheight=20000\\nwide=20000\\naccuracy=1\\n{1}\\n  | 3 | map of 20000 x 20000 = 400000000 cells exceeds the limit of 268435456 (maps.maxCells)
            startpos=(0,0,0)\\naccuracy=0\\n                                    | 2 | accuracy must be a finite number > 0, got '0'
            startpos=(0,0,0)\\naccuracy=-0.5\\n                                 | 2 | accuracy must be a finite number > 0, got '-0.5'
            startpos=(0,0,0)\\naccuracy=NaN\\n                                  | 2 | accuracy must be a finite number > 0, got 'NaN'
            startpos=(0,0,0)\\naccuracy=Infinity\\n                             | 2 | accuracy must be a finite number > 0, got 'Infinity'
            startpos=(0,0,0)\\naccuracy=1e999\\n                                | 2 | accuracy must be a finite number > 0, got '1e999'
            startpos=(1.0, 2.0)\\n                                              | 1 | startpos must be (x, y, z) with three finite numbers, got '(1.0, 2.0)'
            startpos=(1.0, 2.0, NaN)\\n                                         | 1 | startpos must be (x, y, z) with three finite numbers, got '(1.0, 2.0, NaN)'
            startpos=(1.0, 2.0, 3.0\\n                                          | 1 | startpos must be (x, y, z) with three finite numbers, got '(1.0, 2.0, 3.0'
            """)
    void parse_WhenHeaderMalformed_FailsNamingFileLineAndProblem(String text, int line, String problem) {
        MapFormatException e = failure(text.strip().replace("\\n", "\n"));
        assertThat(e).isNotNull();
        assertThat(e.problem()).isEqualTo(problem);
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.file()).isEqualTo(SOURCE);
        assertThat(e).hasMessage(SOURCE + ":" + line + ": " + problem);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            {1,1,1},\\n{1,1},\\n{1,1,1},\\n           | 6 | row 2 has 2 values, expected 3
            {1,1,1},\\n{1,1,1,1},\\n{1,1,1},\\n       | 6 | row 2 has 4 values, expected 3
            {1,1,1},\\n{},\\n{1,1,1},\\n              | 6 | row 2 has 0 values, expected 3
            {1,2,1},\\n{1,1,1},\\n{1,1,1},\\n         | 5 | row 1 value 2 is '2', expected 0 or 1
            {1,1,1},\\n{1,1,x},\\n{1,1,1},\\n         | 6 | row 2 value 3 is 'x', expected 0 or 1
            {1,1,1},\\n{1,1 1},\\n{1,1,1},\\n         | 6 | row 2 value 2 is '1 1', expected 0 or 1
            {1,1,1},\\n{1,,1},\\n{1,1,1},\\n          | 6 | row 2 has an empty value at position 2
            {1,1,1},\\n{1,1,1,,},\\n{1,1,1},\\n       | 6 | row 2 has an empty value at position 4
            {1,1,1},\\n1,1,1},\\n{1,1,1},\\n          | 6 | row 2 must start with '{', got '1,1,1},'
            {1,1,1},\\n{1,1,1},\\n{1,1,              | 7 | row 3 is not closed with '}'
            {1,1,1},\\n{1,1,1}x\\n{1,1,1},\\n         | 6 | unexpected 'x' after '}' in row 2
            {1,1,1},\\n{1,1,1},\\n                    | 7 | file ends after 2 of 3 rows
            {1,1,1},\\n{1,1,1},\\n{1,1,1},\\n{1,1,1}, | 8 | too many rows: expected 3
            {1,1,1},\\naccuracy=1\\n{1,1,1},\\n       | 6 | row 2 must start with '{', got 'accuracy=1'
            """)
    void parse_WhenRowsMalformed_FailsNamingFileLineAndProblem(String rows, int line, String problem) {
        MapFormatException e = failure(header(3, 3) + rows.strip().replace("\\n", "\n"));
        assertThat(e).isNotNull();
        assertThat(e).hasMessage(SOURCE + ":" + line + ": " + problem);
        assertThat(e.line()).isEqualTo(line);
    }

    @Test
    void parse_WhenRowLengthWrongInSixtyWideArena_MessageMatchesTheDocumentedExample() {
        String full = "{" + "1,".repeat(60) + "},\n";
        String short59 = "{" + "1,".repeat(59) + "},\n";
        String text = header(60, 60) + full + full + short59 + full;
        assertThatThrownBy(() -> MapFormat.NAV_EXPORT.parse("arena", "maps/arena.txt", new StringReader(text)))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("maps/arena.txt:7: row 3 has 59 values, expected 60");
    }

    @Test
    void parse_WhenFileEndsInHeaderOrIsEmpty_FailsWithLine() {
        assertThat(failure("")).hasMessage(SOURCE + ":1: empty file, expected 'startpos=(x, y, z)'");
        assertThat(failure("startpos=(0,0,0)\nheight=1\n"))
                .hasMessage(SOURCE + ":3: file ends before the first row");
    }

    @Test
    void parse_WhenLargestAllowedSizeDeclared_SizeIsAcceptedAndOnlyTheMissingRowsFail() {
        // 16384 x 16384 = 268,435,456 cells is the limit itself, so the header passes
        assertThat(failure("startpos=(0,0,0)\nheight=16384\nwide=16384\naccuracy=1\n"))
                .hasMessage(SOURCE + ":5: file ends before the first row");
        assertThat(failure("startpos=(0,0,0)\nheight=16384\nwide=16385\naccuracy=1\n{1}\n"))
                .hasMessage(SOURCE + ":3: map of 16385 x 16384 = 268451840 cells exceeds the limit of 268435456 "
                        + "(maps.maxCells)");
    }

    @Test
    void parse_WhenFirstRowIsLongerThanAnyHeaderLine_LoadsIt() throws IOException {
        String row = "{" + "1, ".repeat(3000) + "},\n";
        GridMap map = parse(header(2, 3000) + row + row);
        assertThat(map.width()).isEqualTo(3000);
        assertThat(map.walkable(2999, 1)).isTrue();
    }

    @Test
    void parse_WhenRowLineIsAbsurdlyLong_FailsWithoutReadingItWhole() {
        String text = header(1, 2) + "{" + "1,".repeat(100_000) + "}\n";
        assertThat(failure(text)).hasMessage(SOURCE + ":5: line is longer than 1040 characters");
    }
}
