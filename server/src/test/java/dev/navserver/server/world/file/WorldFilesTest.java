package dev.navserver.server.world.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorldFilesTest {
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
}
