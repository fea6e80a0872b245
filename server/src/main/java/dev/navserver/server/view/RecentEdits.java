package dev.navserver.server.view;

import dev.navserver.protocol.message.TerrainEdit;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The recent runtime edits of one map, as the viewer shows them: at most {@link #MAX_EDITS} rectangles, oldest
 * first. Tick thread only.
 */
public final class RecentEdits {
    /** Rectangles kept at most (a viewer frame carries no more). */
    public static final int MAX_EDITS = 64;

    private final ArrayDeque<ViewEdit> edits = new ArrayDeque<>();

    /**
     * Records an applied edit's rectangles.
     *
     * @param patch   the cell rectangles written, in application order
     * @param version the map version the edit produced
     * @param time    world time of the edit, seconds
     */
    public void add(List<TerrainEdit> patch, long version, double time) {
        for (TerrainEdit e : patch) {
            edits.addLast(new ViewEdit(e.cells().col(), e.cells().row(), e.cells().width(), e.cells().height(),
                    e.terrain(), version, time));
            if (edits.size() > MAX_EDITS) {
                edits.removeFirst();
            }
        }
    }

    /** Forgets every edit (the map's file replaced the edited map). */
    public void clear() {
        edits.clear();
    }

    /** Drops the edits made before {@code oldestSeconds} (world time) and returns the rest, oldest first. */
    public List<ViewEdit> since(double oldestSeconds) {
        while (!edits.isEmpty() && edits.peekFirst().time() < oldestSeconds) {
            edits.removeFirst();
        }
        return edits.isEmpty() ? List.of() : List.copyOf(edits);
    }
}
