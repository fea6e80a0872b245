package dev.navserver.server.edit;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.io.MapFormat;
import dev.navserver.nav.io.MovingAiFormat;
import dev.navserver.nav.io.NavExportFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * Writes a map, edits included, as a file the server loads back to exactly the same map: the admin API's
 * {@code GET /admin/maps/{name}}. A map a format cannot hold exactly is refused rather than written with losses:
 * Moving AI has no symbol for {@code hill} or game classes and no world transform (it loads with
 * {@link WorldTransform#UNIT}); NavExport holds only {@code open} and {@code wall}. Stateless and thread-safe.
 */
public final class MapExport {
    /** Query value of {@link MapFormat#MOVING_AI}. */
    public static final String MOVING_AI = "movingai";
    /** Query value of {@link MapFormat#NAV_EXPORT}. */
    public static final String NAV_EXPORT = "navexport";

    /** Outcome of {@link #write}. */
    public enum Status {
        /** {@link Result#text()} is the file. */
        WRITTEN,
        /** The format cannot hold the map exactly; {@link Result#message()} says why. */
        UNREPRESENTABLE
    }

    /**
     * @param status  what happened
     * @param text    the file's text ({@code \n} line ends), or null when not written
     * @param message why not, or null when written
     */
    public record Result(Status status, String text, String message) {
    }

    private MapExport() {
    }

    /** The format a query value names ({@value #MOVING_AI}, {@value #NAV_EXPORT}, any case), or null. */
    public static MapFormat format(String name) {
        if (name == null) {
            return null;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case MOVING_AI -> MapFormat.MOVING_AI;
            case NAV_EXPORT -> MapFormat.NAV_EXPORT;
            default -> null;
        };
    }

    /**
     * The file name to save a map as so that the server's map directory loads it under the same name:
     * {@code name.map} (Moving AI) or {@code name.txt} (NavExport, recognised by its {@code startpos=} line).
     */
    public static String fileName(String mapName, MapFormat format) {
        return mapName + (format == MapFormat.MOVING_AI ? ".map" : ".txt");
    }

    /** Writes {@code map} in {@code format}, or says why that format cannot hold it exactly. */
    public static Result write(GridMap map, MapFormat format) {
        String problem = format == MapFormat.MOVING_AI ? movingAiProblem(map) : navExportProblem(map);
        if (problem != null) {
            return new Result(Status.UNREPRESENTABLE, null, problem);
        }
        StringWriter out = new StringWriter(map.width() * map.height() * (format == MapFormat.MOVING_AI ? 1 : 2)
                + map.height() + 128);
        try {
            if (format == MapFormat.MOVING_AI) {
                MovingAiFormat.write(map, out);
            } else {
                NavExportFormat.write(map, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter cannot fail", e);
        }
        return new Result(Status.WRITTEN, out.toString(), null);
    }

    private static String movingAiProblem(GridMap map) {
        if (!map.transform().equals(WorldTransform.UNIT)) {
            return "map " + map.name() + " has a world transform (" + describe(map.transform()) + ") that the "
                    + MOVING_AI + " format cannot hold; use format=" + NAV_EXPORT;
        }
        for (int cell = 0; cell < map.width() * map.height(); cell++) {
            int t = map.terrain(cell);
            if (t != Terrain.OPEN && t != Terrain.WALL && t != Terrain.TREES && t != Terrain.WATER
                    && t != Terrain.SWAMP) {
                return badCell(map, cell, MOVING_AI + " holds open, wall, trees, water and swamp only");
            }
        }
        return null;
    }

    private static String navExportProblem(GridMap map) {
        for (int cell = 0; cell < map.width() * map.height(); cell++) {
            int t = map.terrain(cell);
            if (t != Terrain.OPEN && t != Terrain.WALL) {
                return badCell(map, cell, NAV_EXPORT + " holds open and wall only");
            }
        }
        return null;
    }

    private static String badCell(GridMap map, int cell, String holds) {
        return "map " + map.name() + " has terrain " + Terrain.name(map.terrain(cell)) + " at column "
                + map.col(cell) + ", row " + map.row(cell) + "; " + holds;
    }

    private static String describe(WorldTransform t) {
        return "origin (" + t.originX() + ", " + t.originY() + ", " + t.originZ() + "), cell " + t.cellSize() + " m";
    }
}
