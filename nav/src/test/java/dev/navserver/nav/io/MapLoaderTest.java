package dev.navserver.nav.io;

import static dev.navserver.nav.io.MapFiles.MOVING_AI;
import static dev.navserver.nav.io.MapFiles.NAV_EXPORT;
import static dev.navserver.nav.io.MapFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapLoaderTest {
    @TempDir
    Path dir;

    @Test
    void load_WhenMovingAiTextHasTxtExtension_RecognisedByContent() throws IOException {
        GridMap map = MapLoader.load(write(dir, "level.txt", MOVING_AI));
        assertThat(map.name()).isEqualTo("level");
        assertThat(map.transform()).isEqualTo(WorldTransform.UNIT);
        assertThat(map.walkable(2, 0)).isFalse();
    }

    @Test
    void load_WhenNavExportHasMapExtension_RecognisedByContent() throws IOException {
        GridMap map = MapLoader.load(write(dir, "level.map", NAV_EXPORT));
        assertThat(map.name()).isEqualTo("level");
        assertThat(map.transform()).isEqualTo(new WorldTransform(-1, 0, 1, 0.5));
        assertThat(map.walkable(2, 0)).isFalse();
    }

    @Test
    void load_WhenNoExtensionAndLeadingBlankLines_RecognisedByContent() throws IOException {
        assertThat(MapLoader.load(write(dir, "level", "\n\r\n  \n" + NAV_EXPORT)).name()).isEqualTo("level");
        assertThat(MapLoader.load(write(dir, "two.dots.map", "\n" + MOVING_AI)).name()).isEqualTo("two.dots");
    }

    @Test
    void load_WhenFileIsNeitherFormat_FailsNamingFileAndFirstLine() throws IOException {
        Path p = write(dir, "README.md", "\n# Maps\n\ntype octile\n");
        assertThatThrownBy(() -> MapLoader.load(p))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":2: not a map: expected 'type octile' (Moving AI) or 'startpos=(x, y, z)' "
                        + "(NavExport), got '# Maps'");
    }

    @Test
    void load_WhenFileEmpty_Fails() throws IOException {
        Path p = write(dir, "empty.map", "");
        assertThatThrownBy(() -> MapLoader.load(p))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":1: empty file, not a map");
    }

    @Test
    void load_WhenMalformedAfterDetection_ErrorsCarryTheRealLineNumbers() throws IOException {
        Path p = write(dir, "bad.txt", "\n\n" + MOVING_AI.replace("..@\n", "..?\n"));
        assertThatThrownBy(() -> MapLoader.load(p))
                .isInstanceOf(MapFormatException.class)
                .hasMessage(p + ":7: unknown symbol '?' at column 3 of row 1");
    }

    @Test
    void load_WhenFileMissing_FailsWithPlainIoException() {
        assertThatThrownBy(() -> MapLoader.load(dir.resolve("missing.map")))
                .isInstanceOf(IOException.class)
                .isNotInstanceOf(MapFormatException.class);
    }

    @Test
    void parse_WhenInMemoryText_UsesGivenNameAndSource() throws IOException {
        GridMap map = MapLoader.parse("arena", "memory", new StringReader(NAV_EXPORT));
        assertThat(map.name()).isEqualTo("arena");
        assertThatThrownBy(() -> MapLoader.parse("x", "memory", new StringReader("wide=3\n")))
                .hasMessage("memory:2: file ends before the first row");
    }

    @Test
    void detect_WhenMapsAndOtherFilesInAFolder_TellsFormatsWithoutParsingRows() throws IOException {
        assertThat(MapLoader.detect(write(dir, "a.txt", NAV_EXPORT))).contains(MapFormat.NAV_EXPORT);
        assertThat(MapLoader.detect(write(dir, "b.map", MOVING_AI))).contains(MapFormat.MOVING_AI);
        assertThat(MapLoader.detect(write(dir, "c.txt", "\uFEFFtype octile\nbroken"))).contains(MapFormat.MOVING_AI);
        assertThat(MapLoader.detect(write(dir, "README.md", "# Maps\n"))).isEmpty();
        assertThat(MapLoader.detect(write(dir, "empty", ""))).isEmpty();
        assertThat(MapLoader.detect(write(dir, "long", "x".repeat(10_000)))).isEmpty();
    }

    @Test
    void ofFirstLine_WhenHeaderKeysOrTypeLine_NamesTheFormat() {
        assertThat(MapFormat.ofFirstLine("type octile")).isEqualTo(MapFormat.MOVING_AI);
        assertThat(MapFormat.ofFirstLine("  type\tgrid ")).isEqualTo(MapFormat.MOVING_AI);
        assertThat(MapFormat.ofFirstLine("startpos=(0, 0, 0)")).isEqualTo(MapFormat.NAV_EXPORT);
        assertThat(MapFormat.ofFirstLine("height = 60")).isEqualTo(MapFormat.NAV_EXPORT);
        assertThat(MapFormat.ofFirstLine("typeface")).isNull();
        assertThat(MapFormat.ofFirstLine("height 60")).isNull();
        assertThat(MapFormat.ofFirstLine("depth=3")).isNull();
    }

    @Test
    void mapName_WhenPathHasFoldersAndExtensions_DropsOnlyTheLastExtension() {
        assertThat(MapLoader.mapName(Path.of("maps", "arena.txt"))).isEqualTo("arena");
        assertThat(MapLoader.mapName(Path.of("rooms512.map"))).isEqualTo("rooms512");
        assertThat(MapLoader.mapName(Path.of("a.b.map"))).isEqualTo("a.b");
        assertThat(MapLoader.mapName(Path.of("plain"))).isEqualTo("plain");
        assertThat(MapLoader.mapName(Path.of(".hidden"))).isEqualTo(".hidden");
    }
}
