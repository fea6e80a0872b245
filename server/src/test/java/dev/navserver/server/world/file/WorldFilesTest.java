package dev.navserver.server.world.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorldFilesTest {
    @TempDir
    Path tmp;

    @Test
    void pathFor_IsTheSiblingNamedAfterTheMap_WhateverTheMapFormatOrCompression() {
        assertThat(WorldFiles.pathFor(Path.of("/srv/maps/arena.txt"))).isEqualTo(Path.of("/srv/maps/arena.world.yaml"));
        assertThat(WorldFiles.pathFor(Path.of("maps/rooms512.map.gz"))).isEqualTo(Path.of("maps/rooms512.world.yaml"));
        assertThat(WorldFiles.pathFor(Path.of("level.TXT.GZ"))).isEqualTo(Path.of("level.world.yaml"));
        assertThat(WorldFiles.pathFor(Path.of("maps/noext"))).isEqualTo(Path.of("maps/noext.world.yaml"));
    }

    @Test
    void worldFileNames_AreRecognisedAndGiveTheirMap() {
        assertThat(WorldFiles.isWorldFile(Path.of("maps/arena.world.yaml"))).isTrue();
        assertThat(WorldFiles.mapNameOf(Path.of("maps/arena.world.yaml"))).isEqualTo("arena");
        assertThat(WorldFiles.isWorldFile(Path.of("maps/arena.txt"))).isFalse();
        assertThat(WorldFiles.isWorldFile(Path.of("maps/.arena.world.yaml"))).as("hidden").isFalse();
        assertThat(WorldFiles.isWorldFile(Path.of("maps/.world.yaml"))).isFalse();
        assertThat(WorldFiles.mapNameOf(Path.of("maps/arena.yaml"))).isNull();
    }

    @Test
    void loadFor_GivesNothingForAMapWithoutWorldFile_AndTheFileBesideIt() throws Exception {
        Path mapFile = tmp.resolve("ascii.txt");
        assertThat(WorldFiles.loadFor(mapFile, WorldFileLoaderTest.KINDS, WorldFileLoaderTest.MAP))
                .isSameAs(WorldFile.EMPTY);

        Files.writeString(tmp.resolve("ascii.world.yaml"), "spawnGroups:\n  - count: 1\n    points: [[1, 0, 0]]\n");
        assertThat(WorldFiles.loadFor(mapFile, WorldFileLoaderTest.KINDS, WorldFileLoaderTest.MAP).spawnGroups())
                .hasSize(1);

        Files.writeString(tmp.resolve("ascii.world.yaml"), "spawnGroup: []\n");
        assertThatThrownBy(() -> WorldFiles.loadFor(mapFile, WorldFileLoaderTest.KINDS, WorldFileLoaderTest.MAP))
                .isInstanceOf(WorldFileException.class)
                .hasMessageStartingWith("ascii.world.yaml line 1, column 1: spawnGroup: unknown key");
    }
}
