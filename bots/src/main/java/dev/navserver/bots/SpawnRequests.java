package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The {@code spawn}s a bot sends after its {@code welcome} ({@code --spawn}, then {@code --crowd}). Stateless. */
final class SpawnRequests {
    private SpawnRequests() {
    }

    /**
     * {@code r0, r1, ...} 5–15 m from the start, then {@code c0, c1, ...} 1–2.5 m from it, on the start's island of
     * the bots' map and walkable on {@code current} (the version the bot joined at, null when that is the bots' map
     * itself: a bot joining after edits must not ask for a cell an edit walled). Fewer when no cell is found.
     */
    static List<Spawn> of(BotMap map, int startCell, GridMap current, BotsSettings settings, SplittableRandom random) {
        List<Spawn> out = new ArrayList<>();
        add(out, "r", settings.spawnPerPlayer(), map, startCell, current, BotsSettings.SPAWN_MIN_METERS,
                BotsSettings.SPAWN_MAX_METERS, random);
        add(out, "c", settings.crowdPerPlayer(), map, startCell, current, BotsSettings.CROWD_MIN_METERS,
                BotsSettings.CROWD_MAX_METERS, random);
        return out;
    }

    private static void add(List<Spawn> out, String prefix, int count, BotMap map, int startCell, GridMap current,
                            double minMeters, double maxMeters, SplittableRandom random) {
        GridMap g = map.map();
        for (int k = 0; k < count; k++) {
            int cell = cell(map, startCell, current, minMeters, maxMeters, random);
            if (cell == GridMap.NO_CELL) {
                return;
            }
            out.add(new Spawn(RequestId.of(prefix + k),
                    new Vec3(g.worldX(cell), g.transform().originY(), g.worldZ(cell))));
        }
    }

    private static int cell(BotMap map, int startCell, GridMap current, double minMeters, double maxMeters,
                            SplittableRandom random) {
        for (int attempt = 0; attempt < 32; attempt++) {
            int cell = map.randomIslandCellNear(startCell, minMeters, maxMeters, random);
            if (cell == GridMap.NO_CELL || current == null || current.navGrid().openCell(cell)) {
                return cell;
            }
        }
        return GridMap.NO_CELL;
    }
}
