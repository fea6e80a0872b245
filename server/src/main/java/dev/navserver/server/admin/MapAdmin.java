package dev.navserver.server.admin;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapFormat;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.edit.EditPublisher;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the admin API's map endpoints ({@code GET /admin/maps/{name}}, {@code POST /admin/maps/{name}/edit}) need
 * from the server. Called on the admin event loop; every method must be thread-safe and must not block.
 */
public interface MapAdmin {
    /**
     * A published map and what goes with it.
     *
     * @param map          the map, edits included (immutable)
     * @param version      its version
     * @param sourceFormat the format its file was loaded from, or null when unknown
     */
    record Snapshot(GridMap map, long version, MapFormat sourceFormat) {
    }

    /** The current map of that name, or null when none is loaded. */
    Snapshot snapshot(String name);

    /**
     * Hands an edit to the tick thread, which applies it exactly like an authority session's {@code map_edit}.
     *
     * @param edits 1.. decoded edits
     * @return completes (on the tick thread) with the outcome, rejections included; exceptionally if applying failed
     */
    CompletableFuture<EditPublisher.Outcome> edit(String name, List<TerrainEdit> edits);

    /** Counts a refused edit request by its error code (metrics). */
    void rejected(String code);
}
