package dev.navserver.nav.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.TestData;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.scen.Scenario;
import dev.navserver.nav.scen.ScenarioLoader;
import dev.navserver.nav.scen.ScenarioQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Moving AI subset committed under {@code maps/movingai}: intact, and loadable by our readers. */
class MovingAiDataTest {

    @Test
    void sha256sums_WhenCheckedAgainstCommittedFiles_AllEighteenMatch() throws IOException, NoSuchAlgorithmException {
        Path root = TestData.movingAiDir();
        List<String> lines = Files.readAllLines(root.resolve("SHA256SUMS")).stream().filter(l -> !l.isBlank()).toList();
        assertThat(lines).hasSize(18);
        for (String line : lines) {
            String[] parts = line.split("\\s+\\*?", 2);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(root.resolve(parts[1])));
            assertThat(HexFormat.of().formatHex(digest)).as(parts[1]).isEqualTo(parts[0]);
        }
        assertThat(Files.readString(root.resolve("README.txt"))).contains("Moving AI Lab", "Open Data Commons");
    }

    @ParameterizedTest(name = "{0}/{1} is {2} x {3}")
    @CsvSource({
            "bg512, AR0011SR, 512, 512",
            "cities, Berlin_0_256, 256, 256",
            "dao, arena2, 281, 209",
            "dao, brc202d, 530, 481",
            "dao, den312d, 65, 81",
            "mazes, maze512-1-0, 512, 512",
            "random, random512-10-0, 512, 512",
            "rooms, 8room_000, 512, 512",
            "sc1, Aftershock, 512, 512"})
    void load_WhenBundledMovingAiMap_HasDeclaredSizeAndEveryScenEndpointIsWalkable(String set, String name, int width,
            int height) throws IOException {
        GridMap map = MapLoader.load(TestData.movingAiMap(set, name));
        assertThat(map.name()).isEqualTo(name);
        assertThat(map.width()).isEqualTo(width);
        assertThat(map.height()).isEqualTo(height);
        Scenario scen = ScenarioLoader.load(TestData.movingAiScen(set, name));
        for (ScenarioQuery q : scen.queries()) {
            assertThat(q.mapWidth()).isEqualTo(width);
            assertThat(q.mapHeight()).isEqualTo(height);
            assertThat(map.walkable(q.startX(), q.startY())).as("start of line %d", q.line()).isTrue();
            assertThat(map.walkable(q.goalX(), q.goalY())).as("goal of line %d", q.line()).isTrue();
        }
    }

    @Test
    void load_WhenBerlinWithCrlfRows_SameCellsAsTheLfVersion() throws IOException {
        Path file = TestData.movingAiMap("cities", "Berlin_0_256");
        String text = Files.readString(file);
        assertThat(text).contains("\r\n");
        GridMap crlf = MapLoader.load(file);
        GridMap lf = MapLoader.parse("Berlin_0_256", "lf", new java.io.StringReader(text.replace("\r\n", "\n")));
        for (int i = 0; i < 256 * 256; i++) {
            assertThat(crlf.terrain(i)).isEqualTo(lf.terrain(i));
        }
    }
}
