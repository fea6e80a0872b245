package dev.navserver.server;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.admin.MapAdmin;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.metrics.ServerMetrics;
import dev.navserver.server.net.MapRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The admin API's view of the maps: snapshots from the registry, edits through the tick thread (applied exactly as
 * an authority's {@code map_edit}). Thread-safe: called from the admin event loop.
 */
final class ServerMapAdmin implements MapAdmin {
    private final MapRegistry maps;
    private final GameLoop gameLoop;
    private final ServerMetrics metrics;

    ServerMapAdmin(MapRegistry maps, GameLoop gameLoop, ServerMetrics metrics) {
        this.maps = maps;
        this.gameLoop = gameLoop;
        this.metrics = metrics;
    }

    @Override
    public Snapshot snapshot(String name) {
        GridMap map = maps.get(name);
        return map == null ? null : new Snapshot(map, maps.version(map), maps.sourceFormat(name));
    }

    @Override
    public CompletableFuture<EditPublisher.Outcome> edit(String name, List<TerrainEdit> edits) {
        return gameLoop.submitEdit(name, edits);
    }

    @Override
    public void rejected(String code) {
        metrics.adminEditsRejected.inc(code);
    }
}
