package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.protocol.message.CellRect;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EditorBotTest {
    /** 24x16 open field with a wall block in the middle. */
    private static final GridMap MAP = TestMaps.ascii(WorldTransform.UNIT,
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "..........####..........",
            "..........####..........",
            "..........####..........",
            "..........####..........",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................");

    private static EditorBot editor(Occupancy occupancy, long seed) {
        BotsSettings s = new BotsSettings(InetAddress.getLoopbackAddress(), 1, 1, 0, 1, Path.of("m.map"), "m", 3, 10,
                seed).withEditor(10, "token-token-token-token");
        return new EditorBot(s, new BotMap(MAP), new MapVersions(MAP, () -> MAP), occupancy, new BotStats(1),
                new RunControl(1), new SplittableRandom(seed));
    }

    @Test
    void pick_ExpectedDoorsAndBoxesOfTheDocumentedSizesOnOpenCellsOnly() {
        EditorBot e = editor(new Occupancy(MAP.width(), MAP.height()), 3);
        int doors = 0;
        int boxes = 0;
        for (int i = 0; i < 500; i++) {
            CellRect r = e.pick();
            assertThat(r).isNotNull();
            boolean door = Math.min(r.width(), r.height()) == 1;
            if (door) {
                assertThat(Math.max(r.width(), r.height())).isBetween(2, 3);
                doors++;
            } else {
                assertThat(r.width()).isBetween(2, 4);
                assertThat(r.height()).isBetween(2, 4);
                boxes++;
            }
            for (int row = r.row(); row < r.row() + r.height(); row++) {
                for (int col = r.col(); col < r.col() + r.width(); col++) {
                    assertThat(MAP.walkable(col, row)).as("%s", r).isTrue();
                }
            }
        }
        assertThat(doors).isGreaterThan(100);
        assertThat(boxes).isGreaterThan(100);
    }

    @Test
    void pick_WhenPlayersStandInTheLeftHalf_ExpectedEveryRectangleKeptClearOfTheirBlocksAndMargin() {
        Occupancy occupancy = new Occupancy(MAP.width(), MAP.height());
        // blocks are 8x8 cells: a player in each block of columns 0..7
        occupancy.move(-1, occupancy.block(3, 3));
        occupancy.move(-1, occupancy.block(3, 12));
        EditorBot e = editor(occupancy, 4);
        for (int i = 0; i < 300; i++) {
            CellRect r = e.pick();
            if (r != null) {
                assertThat(r.col()).as("%s", r).isGreaterThanOrEqualTo(8 + EditorBot.PLAYER_MARGIN);
            }
        }
    }

    @Test
    void pick_WhenPlayersStandEverywhere_ExpectedNothingPicked() {
        Occupancy occupancy = new Occupancy(MAP.width(), MAP.height());
        for (int by = 0; by < 2; by++) {
            for (int bx = 0; bx < 3; bx++) {
                occupancy.move(-1, occupancy.block(bx * 8, by * 8));
            }
        }
        assertThat(editor(occupancy, 5).pick()).isNull();
    }
}
