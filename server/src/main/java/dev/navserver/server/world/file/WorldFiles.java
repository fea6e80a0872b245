package dev.navserver.server.world.file;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/** Where a map's world file lives: beside the map file, named {@code <map>.world.yaml}. Stateless. */
public final class WorldFiles {
    /** The file name suffix of world files. */
    public static final String SUFFIX = ".world.yaml";

    private WorldFiles() {
    }

    /**
     * The world file of a map file: {@code maps/arena.txt} and {@code maps/arena.map.gz} give
     * {@code maps/arena.world.yaml} (the map's name, {@link MapLoader#mapName}, plus {@link #SUFFIX}). The file
     * need not exist.
     */
    public static Path pathFor(Path mapFile) {
        String name = MapLoader.mapName(mapFile) + SUFFIX;
        Path dir = mapFile.getParent();
        return dir == null ? Path.of(name) : dir.resolve(name);
    }

    /**
     * The world file of a map file, read and checked ({@link WorldFileLoader#load}), or {@link WorldFile#EMPTY} when
     * the map has none.
     *
     * @param knownKinds the names of {@code monsters.kinds}
     * @param map        the map loaded from {@code mapFile}
     */
    public static WorldFile loadFor(Path mapFile, Set<String> knownKinds, GridMap map) throws WorldFileException {
        Path file = pathFor(mapFile);
        return Files.exists(file) ? WorldFileLoader.load(file, knownKinds, map) : WorldFile.EMPTY;
    }

    /** Whether {@code file} is named like a world file ({@code *.world.yaml}, case-insensitive, not hidden). */
    public static boolean isWorldFile(Path file) {
        Path fn = file.getFileName();
        if (fn == null) {
            return false;
        }
        String name = fn.toString();
        return !name.startsWith(".") && name.length() > SUFFIX.length()
                && name.toLowerCase(Locale.ROOT).endsWith(SUFFIX);
    }

    /** The map a world file belongs to: {@code arena.world.yaml} gives {@code arena}; null if it is not one. */
    public static String mapNameOf(Path worldFile) {
        if (!isWorldFile(worldFile)) {
            return null;
        }
        String name = worldFile.getFileName().toString();
        return name.substring(0, name.length() - SUFFIX.length());
    }
}
