package dev.navserver.server.view;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.net.MapRegistry;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The live viewer's centre: the registry of viewer sockets and the map each watches, the latest frame per watched
 * map, the tile cache and its worker thread.
 *
 * <p><b>Threading.</b> The tick thread asks {@link #watchedMaps()} (one volatile read of an immutable set) and
 * hands captured frames to {@link #publish}, which only stores a reference and schedules each watching viewer on
 * its event loop; JSON is written there, never on the tick thread. Everything else is called on the admin event
 * loop. Thread-safe.
 */
public final class ViewHub implements AutoCloseable {
    /** Most frames per second a viewer gets. */
    public static final int MAX_HZ = 10;
    /** Least world time between two frames of one map, seconds. */
    public static final double FRAME_INTERVAL_SECONDS = 1.0 / MAX_HZ;
    /** How long a frame keeps carrying a runtime edit (the page fades it out over this), seconds. */
    public static final double EDIT_SHOWN_SECONDS = 30;
    /** Most viewer sockets at once; more are refused with 503. */
    public static final int MAX_VIEWERS = 8;
    /** The subprotocol an accepted handshake selects. */
    public static final String SUBPROTOCOL = "navserver.view.v1";
    /** Tile requests queued for the tile thread at most; more are answered 503. */
    static final int TILE_QUEUE = 64;

    private final MapRegistry maps;
    private final Supplier<String> token;
    private final Runnable frameSent;
    private final ViewTiles tiles = new ViewTiles();
    private final ThreadPoolExecutor tileWorker;
    private final Set<ViewerHandler> viewers = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, ViewFrame> latest = new ConcurrentHashMap<>();
    private volatile Set<String> watched = Set.of();

    /**
     * @param maps      the loaded maps (names, versions, tiles)
     * @param token     the admin token, read per request; empty disables the viewer
     * @param frameSent called (on the admin event loop) for each {@code full} or {@code delta} written
     */
    public ViewHub(MapRegistry maps, Supplier<String> token, Runnable frameSent) {
        this.maps = Objects.requireNonNull(maps);
        this.token = Objects.requireNonNull(token);
        this.frameSent = Objects.requireNonNull(frameSent);
        this.tileWorker = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(TILE_QUEUE),
                r -> {
                    Thread t = new Thread(r, "navserver-view-tiles");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Names of the maps at least one viewer watches; empty when none. One volatile read; any thread. */
    public Set<String> watchedMaps() {
        return watched;
    }

    /** Whether a viewer watches {@code map}. Any thread. */
    public boolean watched(String map) {
        return watched.contains(map);
    }

    /**
     * Offers a frame to the viewers watching its map. Any thread (the tick thread); does not encode or copy. A
     * viewer whose previous frame is still waiting for its event loop gets only the newer one.
     */
    public void publish(ViewFrame frame) {
        if (!watched.contains(frame.map())) {
            return;
        }
        latest.put(frame.map(), frame);
        for (ViewerHandler v : viewers) {
            if (frame.map().equals(v.map())) {
                v.offer(frame);
            }
        }
    }

    /** Viewer sockets open now. */
    public int viewerCount() {
        return viewers.size();
    }

    /** Version of a map snapshot (see {@link MapRegistry#version}). */
    public long mapVersion(GridMap map) {
        return maps.version(map);
    }

    /** Stops the tile thread and closes viewer sockets. */
    @Override
    public void close() {
        tileWorker.shutdownNow();
        for (ViewerHandler v : viewers) {
            v.close();
        }
    }

    MapRegistry maps() {
        return maps;
    }

    /** The admin token now ({@code ""} when the viewer is disabled). */
    String token() {
        String t = token.get();
        return t == null ? "" : t;
    }

    ViewTiles tiles() {
        return tiles;
    }

    Executor tileWorker() {
        return tileWorker;
    }

    void frameSent() {
        frameSent.run();
    }

    /** Adds a viewer unless {@link #MAX_VIEWERS} are open. */
    synchronized boolean tryRegister(ViewerHandler v) {
        if (viewers.size() >= MAX_VIEWERS) {
            return false;
        }
        viewers.add(v);
        return true;
    }

    synchronized void unregister(ViewerHandler v) {
        if (viewers.remove(v)) {
            recomputeWatched();
        }
    }

    /** A viewer switched maps (admin event loop): recompute the watched set; answer with the latest frame if any. */
    synchronized void watchChanged() {
        recomputeWatched();
    }

    /** The latest frame published for a map, or null. */
    ViewFrame latest(String map) {
        return latest.get(map);
    }

    private void recomputeWatched() {
        Set<String> w = new HashSet<>();
        for (ViewerHandler v : viewers) {
            String m = v.map();
            if (m != null) {
                w.add(m);
            }
        }
        watched = Set.copyOf(w);
        latest.keySet().retainAll(w);
    }
}
