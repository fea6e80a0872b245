package dev.navserver.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.world.file.SpawnGroupSpec;
import dev.navserver.server.world.file.SpawnPlacer;
import dev.navserver.server.world.file.WorldFile;
import dev.navserver.server.world.file.WorldFileLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The load test's world file: reproducible from its generator, accepted by the server's loader, 5,000 monsters. */
class WorldFileGeneratorTest {
    @Test
    void rooms512WorldFile_IsWhatTheGeneratorWrites_AndTheServerAcceptsIt() throws Exception {
        GridMap map = RepoMaps.load("maps/rooms512.map");
        String yaml = WorldFileGenerator.generate(map, 5000, "prowler", 26);
        Path committed = Path.of("").toAbsolutePath();
        while (!Files.exists(committed.resolve("bench/worlds/rooms512.world.yaml"))) {
            committed = committed.getParent();
        }
        assertThat(Files.readString(committed.resolve("bench/worlds/rooms512.world.yaml"))).isEqualTo(yaml);
        WorldFile file = WorldFileLoader.parse(yaml, "rooms512.world.yaml", Set.of("default", "prowler"), map);
        int monsters = 0;
        SplittableRandom r = new SplittableRandom(1);
        for (SpawnGroupSpec g : file.spawnGroups()) {
            monsters += SpawnPlacer.place(g, map, r).size();
        }
        assertThat(monsters).isEqualTo(5000);
        assertThat(file.routes()).isNotEmpty();
    }
}
