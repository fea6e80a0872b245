package dev.navserver.nav;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates data files committed in the repository, from any module's working directory. */
public final class TestData {
    private static final Path MARKER = Path.of("maps", "movingai", "README.txt");

    private TestData() {
    }

    /** The repository root: the nearest ancestor of {@code user.dir} holding {@code maps/movingai/README.txt}. */
    public static Path repoRoot() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve(MARKER))) {
                return d;
            }
        }
        throw new IllegalStateException("no " + MARKER + " in " + dir + " or any parent");
    }

    /** The repository's {@code maps/} folder (bundled server maps). */
    public static Path mapsDir() {
        return repoRoot().resolve("maps");
    }

    /** The Moving AI subset's folder, {@code maps/movingai}. */
    public static Path movingAiDir() {
        return mapsDir().resolve("movingai");
    }

    /**
     * A Moving AI map, e.g. {@code movingAiMap("dao", "arena2")}.
     *
     * @param set  benchmark set folder ({@code bg512, cities, dao, mazes, random, rooms, sc1})
     * @param name map name without {@code .map}
     */
    public static Path movingAiMap(String set, String name) {
        return movingAiDir().resolve("maps").resolve(set).resolve(name + ".map");
    }

    /**
     * The scenario file of a Moving AI map, e.g. {@code movingAiScen("dao", "arena2")}.
     *
     * @param set  benchmark set folder
     * @param name map name without {@code .map}
     */
    public static Path movingAiScen(String set, String name) {
        return movingAiDir().resolve("scenarios").resolve(set).resolve(name + ".map.scen");
    }
}
