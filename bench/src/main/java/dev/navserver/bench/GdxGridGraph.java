package dev.navserver.bench;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.GraphPath;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;
import dev.navserver.nav.grid.NavGrid;

/**
 * A navserver grid as a gdx-ai {@link IndexedGraph}, built the way a gdx-ai user would: one {@link Node} object per
 * cell (index {@code row * width + col}, the map's cell id) holding an {@link Array} of {@link Edge} objects. The
 * movement rules are the engine's: 8-connected, straight cost 1, diagonal cost sqrt(2), a diagonal only when both
 * orthogonal neighbours are open. Costs are gdx-ai's {@code float}s.
 *
 * <p>Immutable after construction; {@link com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder} keeps its own
 * per-search state, so one graph may serve several finders (one finder per thread).
 */
public final class GdxGridGraph implements IndexedGraph<GdxGridGraph.Node> {
    static final float STRAIGHT = 1f;
    static final float DIAGONAL = (float) Math.sqrt(2.0);

    /** One cell. Blocked cells exist too (so indexes equal cell ids) but have no connections. */
    public static final class Node {
        public final int index;
        public final int x;
        public final int y;
        final Array<Connection<Node>> connections = new Array<>(false, 8);

        Node(int index, int x, int y) {
            this.index = index;
            this.x = x;
            this.y = y;
        }
    }

    /** A move between neighbouring cells. */
    public static final class Edge implements Connection<Node> {
        private final Node from;
        private final Node to;
        private final float cost;

        Edge(Node from, Node to, float cost) {
            this.from = from;
            this.to = to;
            this.cost = cost;
        }

        @Override
        public float getCost() {
            return cost;
        }

        @Override
        public Node getFromNode() {
            return from;
        }

        @Override
        public Node getToNode() {
            return to;
        }
    }

    /** Octile distance in cells, as {@code float}: admissible and consistent for these moves. */
    public static final Heuristic<Node> OCTILE = (node, end) -> {
        int dx = Math.abs(node.x - end.x);
        int dy = Math.abs(node.y - end.y);
        return dx > dy ? dx + (DIAGONAL - 1f) * dy : dy + (DIAGONAL - 1f) * dx;
    };

    private final int width;
    private final Node[] nodes;

    /** Builds the graph of {@code grid}'s standable cells; O(cells) objects. */
    public GdxGridGraph(NavGrid grid) {
        width = grid.width();
        int height = grid.height();
        nodes = new Node[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                nodes[y * width + x] = new Node(y * width + x, x, y);
            }
        }
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (!grid.open(x, y)) {
                    continue;
                }
                Node n = nodes[y * width + x];
                boolean north = grid.open(x, y - 1);
                boolean south = grid.open(x, y + 1);
                boolean west = grid.open(x - 1, y);
                boolean east = grid.open(x + 1, y);
                // same order as the engine's A*: N, S, W, E, then NW, NE, SW, SE
                link(n, north, x, y - 1, STRAIGHT);
                link(n, south, x, y + 1, STRAIGHT);
                link(n, west, x - 1, y, STRAIGHT);
                link(n, east, x + 1, y, STRAIGHT);
                link(n, north && west && grid.open(x - 1, y - 1), x - 1, y - 1, DIAGONAL);
                link(n, north && east && grid.open(x + 1, y - 1), x + 1, y - 1, DIAGONAL);
                link(n, south && west && grid.open(x - 1, y + 1), x - 1, y + 1, DIAGONAL);
                link(n, south && east && grid.open(x + 1, y + 1), x + 1, y + 1, DIAGONAL);
            }
        }
    }

    private void link(Node from, boolean ok, int x, int y, float cost) {
        if (ok) {
            from.connections.add(new Edge(from, nodes[y * width + x], cost));
        }
    }

    /** The node of (col, row); the caller checks bounds. */
    public Node node(int col, int row) {
        return nodes[row * width + col];
    }

    @Override
    public int getIndex(Node node) {
        return node.index;
    }

    @Override
    public int getNodeCount() {
        return nodes.length;
    }

    @Override
    public Array<Connection<Node>> getConnections(Node fromNode) {
        return fromNode.connections;
    }

    /**
     * Length of a node path in cells, summed in {@code double} from the geometry of each step (1 or sqrt(2)), so
     * the judgement of optimality is not blurred by gdx-ai's {@code float} accumulation.
     *
     * @return the length, or NaN when two consecutive nodes are not an allowed move of this graph
     */
    public double exactLength(GraphPath<Node> path) {
        double straight = 0;
        double diagonal = 0;
        for (int i = 1; i < path.getCount(); i++) {
            Node a = path.get(i - 1);
            Node b = path.get(i);
            if (!connected(a, b)) {
                return Double.NaN;
            }
            if (a.x != b.x && a.y != b.y) {
                diagonal++;
            } else {
                straight++;
            }
        }
        return straight + diagonal * Math.sqrt(2.0);
    }

    private static boolean connected(Node a, Node b) {
        Array<Connection<Node>> c = a.connections;
        for (int i = 0; i < c.size; i++) {
            if (c.get(i).getToNode() == b) {
                return true;
            }
        }
        return false;
    }
}
