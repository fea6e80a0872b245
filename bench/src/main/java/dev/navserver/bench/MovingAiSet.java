package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.scen.Scenario;
import dev.navserver.nav.scen.ScenarioLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The Moving AI maps the benchmarks use, by name, and where their files are. The data folder is the system
 * property {@value #DIR_PROPERTY} when set, else the first {@code maps/movingai} found in the working directory or
 * one of its parents (so the benchmarks run from the repository root or from {@code bench/}).
 *
 * <p>The bg512 scenario's map column says {@code maps/bgmaps/AR0011SR.map}; the map lives in
 * {@code maps/bg512/} (see the data's README.txt), so paths are listed here rather than read from the scen.
 */
public enum MovingAiSet {
    ARENA2("arena2", "dao"),
    AR0011SR("AR0011SR", "bg512"),
    AFTERSHOCK("Aftershock", "sc1"),
    ROOM8("8room_000", "rooms"),
    MAZE("maze512-1-0", "mazes"),
    RANDOM("random512-10-0", "random"),
    BRC202D("brc202d", "dao"),
    DEN312D("den312d", "dao"),
    BERLIN("Berlin_0_256", "cities");

    public static final String DIR_PROPERTY = "navserver.movingai";

    /** Names in the order of the report's tables; the same strings as the benchmarks' {@code map} parameter. */
    public static final List<String> NAMES = java.util.Arrays.stream(values()).map(MovingAiSet::mapName).toList();

    private final String mapName;
    private final String set;

    MovingAiSet(String mapName, String set) {
        this.mapName = mapName;
        this.set = set;
    }

    public String mapName() {
        return mapName;
    }

    /** The entry whose {@link #mapName()} is {@code name}. */
    public static MovingAiSet byName(String name) {
        for (MovingAiSet m : values()) {
            if (m.mapName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown Moving AI map '" + name + "', expected one of " + NAMES);
    }

    public Path mapFile() {
        return dataDir().resolve("maps").resolve(set).resolve(mapName + ".map");
    }

    public Path scenFile() {
        return dataDir().resolve("scenarios").resolve(set).resolve(mapName + ".map.scen");
    }

    public GridMap loadMap() {
        try {
            return MapLoader.load(mapFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Scenario loadScenario() {
        try {
            return ScenarioLoader.load(scenFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Moving AI data folder (holding {@code maps/} and {@code scenarios/}). */
    public static Path dataDir() {
        String prop = System.getProperty(DIR_PROPERTY);
        if (prop != null) {
            return Path.of(prop);
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("maps").resolve("movingai");
            if (Files.isDirectory(candidate.resolve("scenarios"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no maps/movingai in " + Path.of("").toAbsolutePath()
                + " or its parents; run from the repository or set -D" + DIR_PROPERTY + "=DIR");
    }
}
