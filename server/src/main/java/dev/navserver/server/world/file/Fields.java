package dev.navserver.server.world.file;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.world.file.YamlTree.ListNode;
import dev.navserver.server.world.file.YamlTree.MapNode;
import dev.navserver.server.world.file.YamlTree.Mark;
import dev.navserver.server.world.file.YamlTree.Node;
import dev.navserver.server.world.file.YamlTree.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed reads of a {@link YamlTree} for one world file, each failure a {@link WorldFileException} naming the file,
 * the line and column, and the field's path. One instance per file being read; not thread-safe (not shared).
 */
final class Fields {
    private final String fileName;

    /** @param fileName names the file in messages, e.g. {@code arena.world.yaml} */
    Fields(String fileName) {
        this.fileName = fileName;
    }

    /** {@code arena.world.yaml line 7, column 12: spawnGroups[0].count: <problem>}. */
    WorldFileException error(Mark at, String path, String problem) {
        String where = at.line() > 0 ? fileName + " line " + at.line() + ", column " + at.column() : fileName;
        return new WorldFileException(where + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
    }

    WorldFileException error(Node node, String problem) {
        return error(node.at(), node.path(), problem);
    }

    MapNode map(Node node) throws WorldFileException {
        if (node instanceof MapNode m) {
            return m;
        }
        throw error(node, "expected a mapping of keys, got " + node.describe());
    }

    ListNode list(Node node) throws WorldFileException {
        if (node instanceof ListNode l) {
            return l;
        }
        throw error(node, "expected a list, got " + node.describe());
    }

    /** Refuses a key of {@code m} that is not in {@code known}, naming the known ones. */
    void knownKeys(MapNode m, List<String> known) throws WorldFileException {
        for (String key : m.values().keySet()) {
            if (!known.contains(key)) {
                throw error(m.keys().get(key), m.pathOf(key), "unknown key (known keys"
                        + (m.path().isEmpty() ? "" : " under " + m.path()) + ": " + String.join(", ", known) + ")");
            }
        }
    }

    /** The value of a key that must be present. */
    Node required(MapNode m, String key) throws WorldFileException {
        Node v = m.values().get(key);
        if (v == null) {
            throw error(m.at(), m.pathOf(key), "missing");
        }
        return v;
    }

    String string(Node node) throws WorldFileException {
        if (node instanceof ScalarNode s && s.isString()) {
            return s.text();
        }
        throw error(node, "expected a string, got " + node.describe());
    }

    /** A name: {@link WorldNames#RULE}. */
    String name(Node node) throws WorldFileException {
        String s = string(node);
        if (!WorldNames.valid(s)) {
            throw error(node, "'" + s + "' is not a valid name (" + WorldNames.RULE + ")");
        }
        return s;
    }

    /** A finite number in {@code min..max}; {@code minExclusive} makes the lower bound open. */
    double number(Node node, double min, boolean minExclusive, double max) throws WorldFileException {
        if (!(node instanceof ScalarNode s && s.isNumber())) {
            throw error(node, "expected a number, got " + node.describe());
        }
        double v = s.number();
        if (!Double.isFinite(v)) {
            throw error(node, s.text() + " is not a finite number");
        }
        if ((minExclusive ? v <= min : v < min) || v > max) {
            throw error(node, s.text() + " is outside " + (minExclusive ? "(" + fmt(min) + ", " + fmt(max) + "]"
                    : fmt(min) + ".." + fmt(max)));
        }
        return v;
    }

    /** A whole number in {@code min..max}. */
    int wholeNumber(Node node, int min, int max) throws WorldFileException {
        if (!(node instanceof ScalarNode s && s.isNumber() && s.whole())) {
            throw error(node, "expected a whole number, got " + node.describe());
        }
        if (s.number() < min || s.number() > max) {
            throw error(node, s.text() + " is outside " + min + ".." + max);
        }
        return (int) s.number();
    }

    /** A world position written {@code [x, y, z]}, metres. */
    Vec3 point(Node node) throws WorldFileException {
        if (!(node instanceof ListNode l) || l.items().size() != 3) {
            throw error(node, "expected a point [x, y, z], got " + (node instanceof ListNode l
                    ? "a list of " + l.items().size() : node.describe()));
        }
        double[] xyz = new double[3];
        for (int i = 0; i < 3; i++) {
            xyz[i] = number(l.items().get(i), -Double.MAX_VALUE, false, Double.MAX_VALUE);
        }
        return new Vec3(xyz[0], xyz[1], xyz[2]);
    }

    /**
     * A point on a walkable cell of {@code map}.
     *
     * @throws WorldFileException {@code ... [x, y, z] is off the map} or {@code ... is on a blocked cell (col c, row r)}
     */
    Vec3 walkablePoint(Node node, GridMap map) throws WorldFileException {
        Vec3 p = point(node);
        int cell = map.cellAt(p.x(), p.z());
        if (cell == GridMap.NO_CELL) {
            throw error(node, show(p) + " is off the map");
        }
        if (!map.navGrid().openCell(cell)) {
            throw error(node, show(p) + " is on a blocked cell (col " + map.col(cell) + ", row " + map.row(cell) + ")");
        }
        return p;
    }

    /** A list of {@code min..max} walkable points. */
    List<Vec3> walkablePoints(Node node, int min, int max, GridMap map) throws WorldFileException {
        ListNode l = list(node);
        if (l.items().size() < min || l.items().size() > max) {
            throw error(node, l.items().size() + " points, must be " + min + ".." + max);
        }
        List<Vec3> out = new ArrayList<>(l.items().size());
        for (Node item : l.items()) {
            out.add(walkablePoint(item, map));
        }
        return out;
    }

    /** {@code [x, y, z]} with each coordinate as short as it reads. */
    static String show(Vec3 p) {
        return "[" + fmt(p.x()) + ", " + fmt(p.y()) + ", " + fmt(p.z()) + "]";
    }

    /** {@code 60.0 -> "60"}, {@code 0.5 -> "0.5"}. */
    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
