package dev.navserver.server.edit;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.net.MapRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Publishes one edit request, whoever sent it (a session's {@code map_edit} or the admin API's
 * {@code POST /admin/maps/{name}/edit}): under the registry's monitor it reads the current map, checks and applies
 * every edit ({@link MapEditor}, all or none), publishes the edited map one version up and sends the
 * {@code map_patch} to every session on the map, so no reload or {@code hello} falls in between. An edit is
 * published only once its record is durable ({@link Durability}); one that cannot be made durable changes nothing.
 * Switching the map's world to the edited map is the caller's next step ({@code World.applyEdit} with
 * {@link Outcome#areas()}).
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
        TOO_LARGE(ErrorCodes.EDIT_TOO_LARGE),
        /** Valid, but its record could not be made durable in the edit log. */
        NOT_DURABLE(ErrorCodes.EDIT_NOT_DURABLE);

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

    /**
     * Where an edit's record is made durable before the edit is published ({@code MapJournal}); called under the
     * registry's monitor.
     */
    public interface Durability {
        /** Keeps nothing: every append and sync succeeds. */
        Durability NONE = new Durability() {
            @Override
            public void append(String map, long version, List<TerrainEdit> patch) {
            }

            @Override
            public void sync(String map) {
            }
        };

        /** Writes the record of {@code map} at {@code version}: the previous version with {@code patch} applied. */
        void append(String map, long version, List<TerrainEdit> patch) throws IOException;

        /** Makes every appended record of {@code map} durable; on failure none of the unsynced ones is kept. */
        void sync(String map) throws IOException;
    }

    /**
     * One edit request.
     *
     * @param map   the map's name
     * @param edits 1.. edits whose terrain is one of {@link dev.navserver.protocol.TerrainNames#EDITABLE}
     */
    public record Request(String map, List<TerrainEdit> edits) {
    }

    private final MapRegistry maps;
    private final BiConsumer<String, ServerMessage> sendToMap;
    private final Durability durability;

    /** A publisher without durability ({@link Durability#NONE}). */
    public EditPublisher(MapRegistry maps, BiConsumer<String, ServerMessage> sendToMap) {
        this(maps, sendToMap, Durability.NONE);
    }

    /**
     * @param maps       the registry to publish in
     * @param sendToMap  sends a message to every session on the named map (called under the registry's monitor)
     * @param durability where each edit is made durable before it is published
     */
    public EditPublisher(MapRegistry maps, BiConsumer<String, ServerMessage> sendToMap, Durability durability) {
        this.maps = Objects.requireNonNull(maps, "maps");
        this.sendToMap = Objects.requireNonNull(sendToMap, "sendToMap");
        this.durability = Objects.requireNonNull(durability, "durability");
    }

    /**
     * Applies {@code edits} in order to the current map named {@code name}, or nothing.
     *
     * @param edits    1.. edits whose terrain is one of {@link dev.navserver.protocol.TerrainNames#EDITABLE}
     * @param maxCells {@code maps.maxEditCells}
     */
    public Outcome publish(String name, List<TerrainEdit> edits, long maxCells) {
        return publish(List.of(new Request(name, edits)), maxCells, false).get(0);
    }

    /**
     * Applies each request in order, each on the map the previous ones made, or rejects it; an applied request is
     * published only once its record is durable. With {@code groupSync} false each record is synced on its own
     * before its edit is published; with true every record is appended first and each map synced once, then the
     * map's edits are published in order, or, when its sync fails, all of them are rejected
     * ({@link Status#NOT_DURABLE}) and the map stays as it was.
     *
     * @param maxCells {@code maps.maxEditCells}
     * @return one outcome per request, in order
     */
    public List<Outcome> publish(List<Request> requests, long maxCells, boolean groupSync) {
        synchronized (maps) {
            Outcome[] out = new Outcome[requests.size()];
            Map<String, List<Integer>> waiting = new LinkedHashMap<>(); // groupSync: applied, not yet published
            Map<String, GridMap> heads = new HashMap<>();
            MapEditor.Result[] built = new MapEditor.Result[requests.size()];
            for (int i = 0; i < requests.size(); i++) {
                String name = requests.get(i).map();
                GridMap base = heads.getOrDefault(name, maps.get(name));
                if (base == null) {
                    out[i] = Outcome.rejected(Status.UNKNOWN_MAP, name, "map: no map named '" + name + "'");
                    continue;
                }
                MapEditor.Result r = MapEditor.apply(base, maps.original(name), requests.get(i).edits(), maxCells);
                if (r.status() != MapEditor.Status.APPLIED) {
                    out[i] = Outcome.rejected(rejection(r.status()), name, r.message());
                    continue;
                }
                List<Integer> queued = waiting.computeIfAbsent(name, k -> new ArrayList<>());
                long version = maps.version(maps.get(name)) + queued.size() + 1;
                try {
                    durability.append(name, version, r.patch());
                    if (!groupSync) {
                        durability.sync(name);
                    }
                } catch (IOException e) {
                    out[i] = notDurable(name, e);
                    continue;
                }
                built[i] = r;
                if (groupSync) {
                    queued.add(i);
                    heads.put(name, r.map());
                } else {
                    out[i] = publish(name, base, r);
                }
            }
            for (Map.Entry<String, List<Integer>> e : waiting.entrySet()) {
                if (e.getValue().isEmpty()) {
                    continue;
                }
                try {
                    durability.sync(e.getKey());
                } catch (IOException ex) {
                    for (int i : e.getValue()) {
                        out[i] = notDurable(e.getKey(), ex);
                    }
                    continue;
                }
                for (int i : e.getValue()) {
                    out[i] = publish(e.getKey(), maps.get(e.getKey()), built[i]);
                }
            }
            return List.of(out);
        }
    }

    private Outcome publish(String name, GridMap base, MapEditor.Result r) {
        long version = maps.publishEdit(base, r.map());
        sendToMap.accept(name, MapPatch.edits(name, version, r.patch()));
        return new Outcome(Status.APPLIED, name, null, version, r.changedCells(), r.map(), r.patch());
    }

    private static Outcome notDurable(String name, IOException e) {
        return Outcome.rejected(Status.NOT_DURABLE, name, "edit log: " + e.getMessage()
                + "; nothing was applied, the map stays at its version");
    }

    private static Status rejection(MapEditor.Status s) {
        return switch (s) {
            case OUT_OF_BOUNDS -> Status.OUT_OF_BOUNDS;
            case BAD_FIELD -> Status.BAD_FIELD;
            case TOO_LARGE -> Status.TOO_LARGE;
            case APPLIED -> throw new IllegalArgumentException("not a rejection");
        };
    }
}
