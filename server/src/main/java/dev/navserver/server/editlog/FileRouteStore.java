package dev.navserver.server.editlog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.protocol.message.Vec3;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link RouteStore} in files: {@code <root>/<map>.routes.json} holds every route of a map, and each {@link #put}
 * replaces the whole file atomically (temporary file forced, renamed, directory forced). The file sits beside the
 * map's edit log directory, not in it, so a changed map file (which sets the edit log aside) keeps its routes; they
 * are checked again against the new map when its world starts.
 *
 * <p>Tick thread only.
 */
public final class FileRouteStore implements RouteStore {
    static final String SUFFIX = ".routes.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FORMAT = 1;

    private final Path root;
    /** Per map, its routes as on disk, by name in first-definition order. */
    private final Map<String, LinkedHashMap<String, StoredRoute>> known = new HashMap<>();
    /** Maps whose file could not be read: they refuse every put until a restart. */
    private final Set<String> damaged = new HashSet<>();

    /** @param root {@code maps.editLogDir}; created on the first put when absent */
    public FileRouteStore(Path root) {
        this.root = root;
    }

    /** The file of {@code map}'s routes. */
    public Path file(String map) {
        return root.resolve(map + SUFFIX);
    }

    @Override
    public List<StoredRoute> load(String map) throws EditLogException {
        return List.copyOf(routes(map).values());
    }

    @Override
    public void put(String map, StoredRoute route) throws EditLogException {
        LinkedHashMap<String, StoredRoute> current = routes(map);
        LinkedHashMap<String, StoredRoute> next = new LinkedHashMap<>(current);
        next.put(route.name(), route);
        Path file = file(map);
        try {
            Files.createDirectories(root);
            LogFiles.replaceAtomically(file, encode(map, next.values()));
        } catch (IOException e) {
            throw new EditLogException("cannot write " + file + ": " + LogFiles.describe(e), e);
        }
        known.put(map, next);
    }

    private LinkedHashMap<String, StoredRoute> routes(String map) throws EditLogException {
        if (damaged.contains(map)) {
            throw new EditLogException("the routes of map " + map + " in " + file(map)
                    + " could not be read; fix or remove the file and restart");
        }
        LinkedHashMap<String, StoredRoute> r = known.get(map);
        if (r == null) {
            Path file = file(map);
            try {
                r = Files.exists(file) ? decode(file) : new LinkedHashMap<>();
            } catch (EditLogException e) {
                damaged.add(map);
                throw e;
            }
            known.put(map, r);
        }
        return r;
    }

    /** The JSON form of a map's routes, as both stores keep it. */
    public static byte[] encode(String map, Iterable<StoredRoute> routes) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", FORMAT);
        doc.put("map", map);
        ArrayNode list = doc.putArray("routes");
        for (StoredRoute r : routes) {
            ObjectNode o = list.addObject();
            o.put("name", r.name());
            ArrayNode pts = o.putArray("points");
            for (Vec3 p : r.points()) {
                pts.addArray().add(p.x()).add(p.y()).add(p.z());
            }
            o.put("mode", r.mode());
            o.put("waitSeconds", r.waitSeconds());
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(doc);
    }

    private static LinkedHashMap<String, StoredRoute> decode(Path file) throws EditLogException {
        return decode(file.toString(), LogFiles.read(file));
    }

    /**
     * Routes from their JSON form ({@link #encode}), by name in first-definition order.
     *
     * @param file names the source in messages
     * @throws EditLogException naming {@code file} and the route when the bytes are not such a form
     */
    public static LinkedHashMap<String, StoredRoute> decode(String file, byte[] bytes) throws EditLogException {
        LinkedHashMap<String, StoredRoute> out = new LinkedHashMap<>();
        try {
            JsonNode doc = JSON.readTree(bytes);
            if (doc == null || doc.path("format").asInt(-1) != FORMAT || !doc.path("routes").isArray()) {
                throw new EditLogException(file + ": not a route file of format " + FORMAT);
            }
            int i = 0;
            for (JsonNode o : doc.get("routes")) {
                out.put(o.path("name").asText(), route(file, i++, o));
            }
        } catch (EditLogException e) {
            throw e;
        } catch (JsonProcessingException e) {
            throw new EditLogException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new EditLogException("cannot read " + file + ": " + LogFiles.describe(e), e);
        }
        return out;
    }

    private static StoredRoute route(String file, int i, JsonNode o) throws EditLogException {
        String where = file + ": routes[" + i + "]";
        if (!o.path("name").isTextual() || !o.path("mode").isTextual() || !o.path("points").isArray()
                || !o.path("waitSeconds").isNumber()) {
            throw new EditLogException(where + ": needs name, points, mode and waitSeconds");
        }
        List<Vec3> points = new ArrayList<>();
        for (JsonNode p : o.get("points")) {
            if (!p.isArray() || p.size() != 3 || !p.get(0).isNumber() || !p.get(1).isNumber()
                    || !p.get(2).isNumber()) {
                throw new EditLogException(where + ": a point is not [x, y, z]");
            }
        }
        try {
            for (JsonNode p : o.get("points")) {
                points.add(new Vec3(p.get(0).asDouble(), p.get(1).asDouble(), p.get(2).asDouble()));
            }
            return new StoredRoute(o.get("name").asText(), points, o.get("mode").asText(),
                    o.get("waitSeconds").asDouble());
        } catch (IllegalArgumentException e) {
            throw new EditLogException(where + ": " + e.getMessage(), e);
        }
    }
}
