package dev.navserver.server.editlog;

import java.util.List;

/**
 * The durable record of the routes authorities defined at run time ({@code route} requests), per map. A route is
 * answered {@code route_ok} only once {@link #put} returned: a crash and a restart find it again. Routes from
 * {@code <map>.world.yaml} files are not kept here (the file is their record).
 *
 * <p>Called from the tick thread only.
 */
public interface RouteStore {
    /**
     * The routes kept for {@code map}, in the order they were first defined (a replaced route keeps its place).
     *
     * @throws EditLogException when the record cannot be read or is damaged; it is left as it is, and
     *                          {@link #put} for that map refuses until the server restarts with a readable record
     */
    List<StoredRoute> load(String map) throws EditLogException;

    /**
     * Defines or replaces {@code route} of {@code map} durably (on disk, forced) before returning.
     *
     * @throws EditLogException when it could not be made durable; the record is as it was before the call
     */
    void put(String map, StoredRoute route) throws EditLogException;

    /** A store that keeps nothing (a server without an edit log, and tests). */
    RouteStore NONE = new RouteStore() {
        @Override
        public List<StoredRoute> load(String map) {
            return List.of();
        }

        @Override
        public void put(String map, StoredRoute route) {
        }
    };
}
