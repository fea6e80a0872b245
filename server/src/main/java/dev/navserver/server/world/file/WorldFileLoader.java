package dev.navserver.server.world.file;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.world.MonsterKind;
import dev.navserver.server.world.file.YamlTree.ListNode;
import dev.navserver.server.world.file.YamlTree.MapNode;
import dev.navserver.server.world.file.YamlTree.Node;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a map's world file ({@code <map>.world.yaml}, docs/world.md) and checks it against the map and the
 * configured monster kinds. Strict: unknown keys, wrong types, out-of-range values, duplicate route names, unknown
 * kinds or routes, points off the map or on blocked cells, route points on different islands and spawn areas
 * without a walkable cell are all refused with a {@link WorldFileException} naming the file, the line and column,
 * and the field. Nothing is half-read: a file either gives a whole {@link WorldFile} or an exception. Stateless and
 * thread-safe.
 */
public final class WorldFileLoader {
    /** Larger files are refused before parsing. */
    public static final int MAX_FILE_BYTES = 1 << 20;
    /** Most points of a spawn group's {@code points}. */
    public static final int MAX_SPAWN_POINTS = SpawnGroupSpec.MAX_COUNT;

    static final List<String> TOP_KEYS = List.of("routes", "spawnGroups");
    static final List<String> ROUTE_KEYS = List.of("name", "points", "mode", "waitSeconds");
    static final List<String> GROUP_KEYS = List.of("name", "kind", "count", "center", "radiusMeters", "points",
            "behaviour", "wanderRadiusMeters", "route", "respawnSeconds");

    private WorldFileLoader() {
    }

    /**
     * Reads and checks {@code file}; messages name it by its file name.
     *
     * @param knownKinds the names of {@code monsters.kinds}
     * @param map        the map the file belongs to: points are checked against its walkable cells
     */
    public static WorldFile load(Path file, Set<String> knownKinds, GridMap map) throws WorldFileException {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new WorldFileException(fileName + ": " + size + " bytes is larger than the limit of "
                        + MAX_FILE_BYTES);
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new WorldFileException(fileName + ": cannot read: " + e, e);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw new WorldFileException(fileName + ": larger than the limit of " + MAX_FILE_BYTES + " bytes");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new WorldFileException(fileName + ": not valid UTF-8", e);
        }
        return parse(text, fileName, knownKinds, map);
    }

    /**
     * Reads and checks world-file text.
     *
     * @param fileName names the file in messages, e.g. {@code arena.world.yaml}
     * @see #load
     */
    public static WorldFile parse(String yaml, String fileName, Set<String> knownKinds, GridMap map)
            throws WorldFileException {
        Fields f = new Fields(fileName);
        Node root;
        try {
            root = YamlTree.read(yaml);
        } catch (YamlTree.SyntaxException e) {
            throw new WorldFileException(f.error(e.at, "", e.getMessage()).getMessage(), e);
        }
        if (root == null) {
            return WorldFile.EMPTY;
        }
        MapNode top = f.map(root);
        f.knownKeys(top, TOP_KEYS);
        List<RouteSpec> routes = new ArrayList<>();
        Map<String, String> routePaths = new HashMap<>();
        Node routesNode = top.values().get("routes");
        if (routesNode != null) {
            for (Node r : f.list(routesNode).items()) {
                RouteSpec route = route(f, r, map, routePaths);
                routes.add(route);
            }
        }
        List<SpawnGroupSpec> groups = new ArrayList<>();
        Node groupsNode = top.values().get("spawnGroups");
        if (groupsNode != null) {
            for (Node g : f.list(groupsNode).items()) {
                groups.add(group(f, g, map, knownKinds, routePaths.keySet()));
            }
        }
        return new WorldFile(routes, groups);
    }

    private static RouteSpec route(Fields f, Node node, GridMap map, Map<String, String> seen)
            throws WorldFileException {
        MapNode r = f.map(node);
        f.knownKeys(r, ROUTE_KEYS);
        Node nameNode = f.required(r, "name");
        String name = f.name(nameNode);
        String first = seen.putIfAbsent(name, r.path());
        if (first != null) {
            throw f.error(nameNode, "'" + name + "' is already the name of " + first);
        }
        Node pointsNode = f.required(r, "points");
        List<Vec3> points = f.walkablePoints(pointsNode, RouteSpec.MIN_POINTS, RouteSpec.MAX_POINTS, map);
        int island = island(map, points.get(0));
        for (int i = 1; i < points.size(); i++) {
            if (island(map, points.get(i)) != island) {
                throw f.error(((ListNode) pointsNode).items().get(i), Fields.show(points.get(i))
                        + " is on another island than points[0]: no path leads from one to the other");
            }
        }
        RouteMode mode = RouteMode.LOOP;
        Node modeNode = r.values().get("mode");
        if (modeNode != null) {
            String s = f.string(modeNode);
            mode = RouteMode.fromWire(s).orElseThrow(() -> f.error(modeNode, "'" + s + "' is not one of ("
                    + RouteMode.wireNames("|") + ")"));
        }
        Node waitNode = r.values().get("waitSeconds");
        double wait = waitNode == null ? 0 : f.number(waitNode, 0, false, RouteSpec.MAX_WAIT_SECONDS);
        return new RouteSpec(name, points, mode, wait);
    }

    private static int island(GridMap map, Vec3 p) {
        return map.navGrid().island(map.cellAt(p.x(), p.z()));
    }

    private static SpawnGroupSpec group(Fields f, Node node, GridMap map, Set<String> knownKinds,
                                        Set<String> routes) throws WorldFileException {
        MapNode g = f.map(node);
        f.knownKeys(g, GROUP_KEYS);
        Map<String, Node> v = g.values();
        String name = v.containsKey("name") ? f.name(v.get("name")) : "";
        String kind = MonsterKind.DEFAULT_NAME;
        if (v.containsKey("kind")) {
            kind = f.string(v.get("kind"));
            if (!knownKinds.contains(kind)) {
                throw f.error(v.get("kind"), "'" + kind + "' is not a kind of monsters.kinds (kinds: "
                        + String.join(", ", new TreeSet<>(knownKinds)) + ")");
            }
        }
        Node countNode = f.required(g, "count");
        int count = f.wholeNumber(countNode, SpawnGroupSpec.MIN_COUNT, SpawnGroupSpec.MAX_COUNT);

        Vec3 center = null;
        double radius = 0;
        List<Vec3> points = List.of();
        if (v.containsKey("points")) {
            if (v.containsKey("center") || v.containsKey("radiusMeters")) {
                throw f.error(g, "give either center with radiusMeters, or points, not both");
            }
            points = f.walkablePoints(v.get("points"), 1, MAX_SPAWN_POINTS, map);
            if (count > points.size()) {
                throw f.error(countNode, count + " is more than the " + points.size() + " points given");
            }
        } else {
            if (!v.containsKey("center") && !v.containsKey("radiusMeters")) {
                throw f.error(g, "missing the area: center with radiusMeters, or points");
            }
            Node centerNode = f.required(g, "center");
            center = f.point(centerNode);
            if (map.cellAt(center.x(), center.z()) == GridMap.NO_CELL) {
                throw f.error(centerNode, Fields.show(center) + " is off the map");
            }
            radius = f.number(f.required(g, "radiusMeters"), 0, true, SpawnGroupSpec.MAX_RADIUS_METERS);
            if (SpawnPlacer.walkableCells(map, center.x(), center.z(), radius).length == 0) {
                throw f.error(g, "no walkable cell within " + Fields.fmt(radius) + " m of " + Fields.show(center));
            }
        }

        SpawnBehaviour behaviour = SpawnBehaviour.IDLE;
        if (v.containsKey("behaviour")) {
            String s = f.string(v.get("behaviour"));
            behaviour = SpawnBehaviour.fromWire(s).orElseThrow(() -> f.error(v.get("behaviour"), "'" + s
                    + "' is not one of (" + SpawnBehaviour.wireNames("|") + ")"));
        }
        double wander = 0;
        if (behaviour == SpawnBehaviour.WANDER) {
            wander = v.containsKey("wanderRadiusMeters")
                    ? f.number(v.get("wanderRadiusMeters"), 0, true, SpawnGroupSpec.MAX_WANDER_RADIUS_METERS)
                    : center != null ? radius : SpawnGroupSpec.DEFAULT_WANDER_RADIUS_METERS;
        } else if (v.containsKey("wanderRadiusMeters")) {
            throw f.error(g.keys().get("wanderRadiusMeters"), g.pathOf("wanderRadiusMeters"),
                    "only with behaviour wander (this group's is " + behaviour.wireName() + ")");
        }
        String route = null;
        if (behaviour == SpawnBehaviour.PATROL) {
            Node routeNode = v.get("route");
            if (routeNode == null) {
                throw f.error(g.at(), g.pathOf("route"), "missing (behaviour patrol needs a route)");
            }
            route = f.string(routeNode);
            if (!routes.contains(route)) {
                throw f.error(routeNode, "'" + route + "' is not a route of this file ("
                        + (routes.isEmpty() ? "it has none" : "routes: " + String.join(", ", new TreeSet<>(routes)))
                        + ")");
            }
        } else if (v.containsKey("route")) {
            throw f.error(g.keys().get("route"), g.pathOf("route"),
                    "only with behaviour patrol (this group's is " + behaviour.wireName() + ")");
        }
        Node respawnNode = v.get("respawnSeconds");
        double respawn = respawnNode == null ? 0
                : f.number(respawnNode, 0, false, SpawnGroupSpec.MAX_RESPAWN_SECONDS);
        return new SpawnGroupSpec(name, kind, count, center, radius, points, behaviour, wander, route, respawn);
    }
}
