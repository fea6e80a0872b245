package dev.navserver.nav.io;

import static dev.navserver.nav.io.MapFiles.ROOMY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.navserver.nav.AsciiMaps;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MovingAiFormatTest {
    private static final String SOURCE = "maps/t.map";

    private static GridMap parse(String text) throws IOException {
        return MapFormat.MOVING_AI.parse("t", SOURCE, new StringReader(text), ROOMY);
    }

    private static MapFormatException failure(String text) {
        return catchThrowableOfType(MapFormatException.class, () -> parse(text));
    }

    @Test
    void parse_WhenEverySymbol_MapsToTerrainAndDefaultLayerPassesOnlyDotGAndS() throws IOException {
        GridMap map = parse("""
                type octile
                height 1
                width 7
                map
                .GSTW@O
                """);
        assertThat(map.transform()).isEqualTo(WorldTransform.UNIT);
        byte[] expected = {Terrain.OPEN, Terrain.OPEN, Terrain.SWAMP, Terrain.TREES, Terrain.WATER, Terrain.WALL,
                Terrain.WALL};
        boolean[] passable = {true, true, true, false, false, false, false};
        for (int c = 0; c < 7; c++) {
            assertThat(map.terrain(c, 0)).as("column %d", c).isEqualTo(expected[c]);
            assertThat(map.walkable(c, 0)).as("column %d", c).isEqualTo(passable[c]);
        }
        assertThat(map.navGrid(MoveLayer.BOAT, 1).open(4, 0)).isTrue();
    }

    @Test
    void parse_WhenNonSquareWiderThanTall_HeightIsRowsAndWidthIsColumns() throws IOException {
        // a reader that swapped width and height would expect 5 rows of 2
        GridMap map = parse("""
                type octile
                height 2
                width 5
                map
                ....@
                @....
                """);
        assertThat(map.width()).isEqualTo(5);
        assertThat(map.height()).isEqualTo(2);
        assertThat(map.walkable(4, 0)).isFalse();
        assertThat(map.walkable(0, 1)).isFalse();
        assertThat(map.walkable(4, 1)).isTrue();
        assertThat(map.cellAt(4.0, -1.0)).isEqualTo(map.cell(4, 1));
    }

    @Test
    void parse_WhenWidthBeforeHeight_AcceptsEitherOrder() throws IOException {
        GridMap map = parse("type octile\nwidth 3\nheight 2\nmap\n..@\n@..\n");
        assertThat(map.width()).isEqualTo(3);
        assertThat(map.height()).isEqualTo(2);
        assertThat(map.walkable(2, 0)).isFalse();
    }

    @Test
    void parse_WhenCrlfEverywhereOrOnlyOnSomeRows_LoadsTheSameMap() throws IOException {
        GridMap lf = parse("type octile\nheight 3\nwidth 3\nmap\n.@.\n...\n@@.\n");
        GridMap crlf = parse("type octile\r\nheight 3\r\nwidth 3\r\nmap\r\n.@.\r\n...\r\n@@.\r\n");
        GridMap mixed = parse("type octile\r\nheight 3\nwidth 3\r\nmap\n.@.\r\n...\n@@.");
        for (int i = 0; i < 9; i++) {
            assertThat(crlf.terrain(i)).isEqualTo(lf.terrain(i));
            assertThat(mixed.terrain(i)).isEqualTo(lf.terrain(i));
        }
    }

    @Test
    void parse_WhenUtf8ByteOrderMarkBeforeType_IgnoresIt() throws IOException {
        GridMap map = MapLoader.parse("t", SOURCE, new StringReader("\uFEFFtype octile\nheight 1\nwidth 2\nmap\n.@\n"));
        assertThat(map.width()).isEqualTo(2);
        assertThat(map.walkable(1, 0)).isFalse();
    }

    @Test
    void write_WhenMapWrittenAndParsedBack_EveryTerrainClassSurvives() throws IOException {
        GridMap map = AsciiMaps.map(
                ".S#T",
                "W..@",
                "..S.");
        StringWriter out = new StringWriter();
        MovingAiFormat.write(map, out);
        assertThat(out.toString()).isEqualTo("type octile\nheight 3\nwidth 4\nmap\n.S@T\nW..@\n..S.\n");
        GridMap back = parse(out.toString());
        for (int i = 0; i < 12; i++) {
            assertThat(back.terrain(i)).isEqualTo(map.terrain(i));
        }
    }

    @Test
    void write_WhenTerrainHasNoMovingAiSymbol_RefusesBeforeWritingAnything() {
        StringWriter out = new StringWriter();
        assertThatThrownBy(() -> MovingAiFormat.write(AsciiMaps.map("..H"), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hill");
        assertThat(out.toString()).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            \\n\\n                                                           | 1 | empty file, expected 'type octile'
            type tile\\nheight 1\\n                                          | 1 | unsupported map type 'type tile', expected 'type octile'
            type octile extra\\n                                             | 1 | unsupported map type 'type octile extra', expected 'type octile'
            height 1\\ntype octile\\n                                        | 1 | expected 'type octile', got 'height 1'
            type octile\\nheight 1\\nmap\\n.\\n                              | 3 | missing header key 'width' before 'map'
            type octile\\nwidth 1\\n\\nmap\\n.\\n                            | 4 | missing header key 'height' before 'map'
            type octile\\nheight 1\\nheight 1\\n                             | 3 | duplicate header key 'height' (first on line 2)
            type octile\\ntype octile\\n                                     | 2 | duplicate header key 'type'
            type octile\\ndepth 3\\n                                         | 2 | unknown header key 'depth', expected 'height', 'width' or 'map'
            type octile\\nheight 1\\nwidth 2\\n..\\n                         | 4 | unknown header key '..', expected 'height', 'width' or 'map'
            type octile\\nheight x1\\n                                       | 2 | height 'x1' is not a positive integer
            type octile\\nheight\\n                                          | 2 | expected 'height N', got 'height'
            type octile\\nheight 1 2\\n                                      | 2 | expected 'height N', got 'height 1 2'
            type octile\\nwidth 0\\n                                         | 2 | width must be at least 1, got 0
            type octile\\nwidth -1\\n                                        | 2 | width '-1' is not a positive integer
            type octile\\nheight 16385\\nwidth 16384\\nmap\\n                | 3 | map of 16384 x 16385 = 268451840 cells exceeds the limit of 268435456 (maps.maxCells)
            type octile\\nheight 1\\nwidth 1\\n                              | 4 | file ends in the header, expected 'map'
            type octile\\nheight 1\\nwidth 1\\nmap 1\\n                      | 4 | expected 'map' alone on its line, got 'map 1'
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n..\\n             | 6 | row 2 has 2 symbols, expected 3
            type octile\\nheight 2\\nwidth 3\\nmap\\n....\\n...\\n           | 5 | row 1 has 4 symbols, expected 3
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n.X.\\n            | 6 | unknown symbol 'X' at column 2 of row 2
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n. .\\n            | 6 | unknown symbol ' ' at column 2 of row 2
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n..\\t\\n          | 6 | row 2 has 2 symbols, expected 3
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n                  | 6 | file ends after 1 of 2 rows
            type octile\\nheight 2\\nwidth 3\\nmap\\n                        | 5 | file ends after 0 of 2 rows
            type octile\\nheight 2\\nwidth 3\\nmap\\n...\\n...\\n...\\n      | 7 | too many rows: expected 2
            """)
    void parse_WhenMalformed_FailsNamingFileLineAndProblem(String text, int line, String problem) {
        MapFormatException e = failure(text.strip().replace("\\n", "\n").replace("\\t", "\t"));
        assertThat(e).isNotNull();
        assertThat(e).hasMessage(SOURCE + ":" + line + ": " + problem);
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.problem()).isEqualTo(problem);
    }

    @Test
    void parse_WhenBytesAreNotUtf8_ReportsTheReplacementCharacterAsUnknownSymbol() throws IOException {
        byte[] bytes = "type octile\nheight 1\nwidth 2\nmap\n.\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        var reader = new java.io.InputStreamReader(new java.io.ByteArrayInputStream(bytes),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThatThrownBy(() -> MapFormat.MOVING_AI.parse("t", SOURCE, reader))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(SOURCE + ":5: unknown symbol '\\ufffd' at column 2 of row 1");
    }
}
