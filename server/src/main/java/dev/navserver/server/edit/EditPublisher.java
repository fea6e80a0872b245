package dev.navserver.server.edit;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.net.MapRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Publishes one edit request, whoever sent it (a session's {@code map_edit} or the admin API's
 * {@code POST /admin/maps/{name}/edit}): under the registry's monitor it reads the current map, checks and applies
 * every edit ({@link MapEditor}, all or none), publishes the edited map one version up and sends the
 * {@code map_patch} to every session on the map, so no reload or {@code hello} falls in between. Switching the
 * map's world to the edited map is the caller's next step ({@code World.applyEdit} with {@link Outcome#areas()}).
 *
 * <p>Call on the tick thread only (it owns the order of versions and patches); the class itself keeps no state.
 */
public final class EditPublisher {
    /** How an edit request ended; every status but {@link #APPLIED} changed nothing. */
    public enum Status {
        /** Applied and published. */
        APPLIED(null),
        /** No map of that name is loaded. */
        UNKNOWN_MAP(ErrorCodes.UNKNOWN_MAP),
        /** A rectangle is not entirely on the map. */
        OUT_OF_BOUNDS(ErrorCodes.OUT_OF_BOUNDS),
        /** A {@code rect} covers no cell centre. */
        BAD_FIELD(ErrorCodes.BAD_FIELD),
        /** More cells than {@code maps.maxEditCells}. */
        TOO_LARGE(ErrorCodes.EDIT_TOO_LARGE);

        private final String code;

        Status(String code) {
            this.code = code;
        }

        /** The protocol error code ({@link ErrorCodes}) of a rejection; null for {@link #APPLIED}. */
        public String code() {
            return code;
        }
    }

    /**
     * @param status       what happened
     * @param map          the map's name as requested
     * @param message      why not, naming the field ({@code edits[1].cells: ...}), or null when applied
     * @param version      the published version, or 0 when not applied
     * @param changedCells cells whose terrain changed, 0 when not applied
     * @param edited       the published map, or null when not applied
     * @param patch        the cell rectangles written with their terrains, in application order (what the
     *                     {@code map_patch} lists); empty when not applied
     */
    public record Outcome(Status status, String map, String message, long version, long changedCells, GridMap edited,
                          List<TerrainEdit> patch) {
        public Outcome {
            Objects.requireNonNull(status, "status");
            patch = List.copyOf(patch);
        }

        /** The cell rectangles of {@link #patch}, in order. */
        public List<CellRect> areas() {
            List<CellRect> areas = new ArrayList<>(patch.size());
            for (TerrainEdit e : patch) {
                areas.add(e.cells());
            }
            return areas;
        }

        static Outcome rejected(Status status, String map, String message) {
            return new Outcome(status, map, message, 0, 0, null, List.of());
        }

        public boolean applied() {
            return status == Status.APPLIED;
        }
    }

    private final MapRegistry maps;
    private final BiConsumer<String, ServerMessage> sendToMap;

    /**
     * @param maps      the registry to publish in
     * @param sendToMap sends a message to every session on the named map (called under the registry's monitor)
     */
    public EditPublisher(MapRegistry maps, BiConsumer<String, ServerMessage> sendToMap) {
        this.maps = Objects.requireNonNull(maps, "maps");
        this.sendToMap = Objects.requireNonNull(sendToMap, "sendToMap");
    }

    /**
     * Applies {@code edits} in order to the current map named {@code name}, or nothing.
     *
     * @param edits    1.. edits whose terrain is one of {@link dev.navserver.protocol.TerrainNames#EDITABLE}
     * @param maxCells {@code maps.maxEditCells}
     */
    public Outcome publish(String name, List<TerrainEdit> edits, long maxCells) {
        synchronized (maps) {
            GridMap base = maps.get(name);
            if (base == null) {
                return Outcome.rejected(Status.UNKNOWN_MAP, name, "map: no map named '" + name + "'");
            }
            MapEditor.Result r = MapEditor.apply(base, maps.original(name), edits, maxCells);
            switch (r.status()) {
                case APPLIED -> {
                }
                case OUT_OF_BOUNDS -> {
                    return Outcome.rejected(Status.OUT_OF_BOUNDS, name, r.message());
                }
                case BAD_FIELD -> {
                    return Outcome.rejected(Status.BAD_FIELD, name, r.message());
                }
                case TOO_LARGE -> {
                    return Outcome.rejected(Status.TOO_LARGE, name, r.message());
                }
            }
            long version = maps.publishEdit(base, r.map());
            sendToMap.accept(name, MapPatch.edits(name, version, r.patch()));
            return new Outcome(Status.APPLIED, name, null, version, r.changedCells(), r.map(), r.patch());
        }
    }
}
