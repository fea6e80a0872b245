package dev.navserver.server.cluster;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.config.Cluster;
import dev.navserver.server.config.ConfigException;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.editlog.EditLogException;
import dev.navserver.server.net.MapRegistry;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cluster node: joins with a lease ({@link Membership}), claims unowned maps by {@link Placement} (one per
 * {@link #POLL_MILLIS} step), loads each claimed map through the registry (file + etcd snapshot + log, see
 * {@link EtcdEditLog}) and serves it; when the lease is lost it stops serving every map at once and joins again;
 * {@link #drain} releases every map one by one. Answers {@link MapOwnership} for the server: {@link Owner#LOCAL}
 * only for a map it claimed while its lease is alive, else what etcd says.
 *
 * <p>Thread-safe: steps run on its own thread {@code navserver-cluster}; {@link #ownerOf} from any thread.
 */
public final class ClusterNode implements MapOwnership, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterNode.class);
    /** Period of the control loop: lease check, etcd read, at most one claim, milliseconds. */
    static final long POLL_MILLIS = 100;
    /** Longest wait in a drain for another node to take a released map, milliseconds. */
    static final long HANDOVER_MILLIS = 5000;
    /** Pause of claims after a claimed map failed to load, milliseconds. */
    static final long CLAIM_BACKOFF_MILLIS = 2000;

    private final Cluster config;
    private final String advertiseHost;
    private final Client client;
    private final Membership membership;
    private final OwnerKeys ownerKeys;
    private final OwnerView view;
    private final MapFiles files;
    private final EtcdEditLog log;
    private final MapRegistry maps;
    private final NodeEvents events;
    private final ClusterMetrics metrics;
    private final ServedMaps served;
    /** Held by a claim or a release; a drain takes it to stop claims. */
    private final ReentrantLock claimLock = new ReentrantLock();
    /** Maps whose last append failed: served no more, then loaded again from etcd (by whichever node claims them). */
    private final Set<String> failedAppends = ConcurrentHashMap.newKeySet();
    private volatile Consumer<GridMap> published = m -> { };
    private volatile int gamePort;
    /** {@link System#nanoTime} before which no claim is tried, after a claim whose map failed to load. */
    private long claimBackoffUntil = System.nanoTime();
    private volatile boolean draining;
    private volatile boolean running;
    private Thread loop;

    /**
     * Connects to {@code cluster.etcd} (lazily: nothing is sent before {@link #start}).
     *
     * @param advertiseHost the host other processes redirect clients to
     */
    public ClusterNode(Cluster config, String advertiseHost, Path mapsDir, MapRegistry maps, NodeEvents events,
                       MeterRegistry registry) throws EditLogException {
        this.config = config;
        this.advertiseHost = advertiseHost;
        this.client = Etcd.client(config.etcd());
        this.membership = new Membership(client, config.nodeId(), config.leaseSeconds(), System::nanoTime);
        this.ownerKeys = new OwnerKeys(client.getKVClient(), config.nodeId());
        this.files = new MapFiles(mapsDir);
        this.view = new OwnerView(client.getKVClient(), () -> files.files().keySet());
        this.metrics = new ClusterMetrics(registry, this::servedCount);
        this.log = new EtcdEditLog(client.getKVClient(), config.snapshotDir(), membership::alive, metrics.logAppend);
        this.served = new ServedMaps(config.nodeId(), log, metrics, events, map -> others(view.ownerOf(map)));
        log.onFailure(failedAppends::add);
        this.maps = maps;
        this.events = events;
    }

    /**
     * The node of a config with {@code cluster.etcd} set, else null (a single process).
     *
     * @throws ConfigException naming the file and the key when the config cannot make a node
     */
    public static ClusterNode create(NavServerConfig config, Path configFile, MapRegistry maps, NodeEvents events,
                                     MeterRegistry registry)
            throws ConfigException, EditLogException {
        Cluster c = config.cluster();
        if (!c.enabled()) {
            return null;
        }
        try {
            c.checkNode(config.server().host());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(configFile + ": " + e.getMessage());
        }
        return new ClusterNode(c, c.advertiseHost(config.server().host()), config.maps().dir(), maps, events,
                registry);
    }

    /** The edit log the server's journal must use. */
    public EtcdEditLog editLog() {
        return log;
    }

    /** Who sends the sessions of a map this node gives up away; none until set. */
    public void sessions(MapSessions sessions) {
        served.sessions(sessions);
    }

    private int servedCount() {
        return served == null ? 0 : served.size();
    }

    /** Who is told of each map this node claims and loads (the game loop switches worlds to it). */
    public void onPublished(Consumer<GridMap> listener) {
        this.published = listener;
    }

    /** Joins the cluster advertising {@code gamePort} and starts claiming maps. */
    public synchronized void start(int gamePort) {
        this.gamePort = gamePort;
        running = true;
        loop = new Thread(this::run, "navserver-cluster");
        loop.setDaemon(true);
        loop.start();
    }

    @Override
    public Owner ownerOf(String map) {
        if (served.serves(map) && membership.alive()) {
            return Owner.LOCAL;
        }
        return others(view.ownerOf(map));
    }

    /** {@code o}, or Unowned when it names this node (a claim this node no longer holds). */
    private Owner others(Owner o) {
        return o instanceof Owner.Remote r && r.nodeId().equals(config.nodeId()) ? Owner.UNOWNED : o;
    }

    /** The maps this node serves now. */
    public Set<String> served() {
        return served.names();
    }

    /** Whether a map file of that name is in {@code maps.dir}. */
    @Override
    public boolean knows(String map) {
        return files.files().containsKey(map);
    }

    private NodeInfo self() {
        return new NodeInfo(config.nodeId(), advertiseHost, gamePort, draining ? 0 : config.maxMaps());
    }

    private void run() {
        while (running) {
            try {
                step();
            } catch (RuntimeException e) {
                LOG.error("cluster step failed", e);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One control step: lease check (losing or rejoining), etcd read, at most one claim. */
    private void step() {
        membership.maintain();
        if (!membership.alive()) {
            if (membership.joined()) {
                loseAll();
            }
            if (draining) {
                return;
            }
            try {
                membership.join(self());
            } catch (IOException e) {
                LOG.warn("node {}: cannot join the cluster yet: {}", config.nodeId(), e.getMessage());
                return;
            }
        }
        OwnerView.State state;
        try {
            state = view.refresh();
        } catch (IOException e) {
            LOG.debug("node {}: {}", config.nodeId(), e.getMessage());
            return;
        }
        if (draining || !claimLock.tryLock()) {
            return;
        }
        try {
            served.dropVanished(state);
            for (String map : List.copyOf(failedAppends)) {
                failedAppends.remove(map);
                giveUp(map);
            }
            if (System.nanoTime() - claimBackoffUntil < 0) {
                return;
            }
            String next = Placement.next(files.files().keySet(), state, config.nodeId(), config.maxMaps());
            if (next != null && !draining) {
                claim(next);
            }
        } finally {
            claimLock.unlock();
        }
    }

    /** Creates the owner key of {@code map} on this node's lease and, if that succeeded, loads and serves it. */
    private void claim(String map) {
        Path file = files.files().get(map);
        long revision;
        try {
            revision = ownerKeys.claim(map, membership.leaseId());
        } catch (IOException e) {
            metrics.failed.increment();
            LOG.warn("node {}: {}", config.nodeId(), e.getMessage());
            return;
        }
        if (revision == 0) {
            metrics.lostRace.increment();
            return;
        }
        long started = System.nanoTime();
        log.fence(map, revision);
        GridMap loaded;
        try {
            maps.remove(map); // a map served before: its file, snapshot and log are read again
            loaded = maps.load(file);
            if (loaded == null) {
                throw new IOException("the registry kept an older copy");
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("node {}: claimed map {} but cannot load it: {}; giving it back", config.nodeId(), map,
                    e.getMessage());
            log.unfence(map);
            deleteOwnerKey(map, revision);
            metrics.failed.increment();
            claimBackoffUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLAIM_BACKOFF_MILLIS);
            return;
        }
        published.accept(loaded);
        LOG.info("node {}: claimed map {} (owner revision {}) at version {} in {} ms", config.nodeId(), map, revision,
                maps.version(maps.get(map)), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        served.add(map, revision);
    }

    /** Stops serving {@code map} after a failed append and gives its owner key back, so that it is loaded anew. */
    private void giveUp(String map) {
        Long revision;
        synchronized (maps) {
            revision = served.stop(map);
        }
        if (revision != null) {
            LOG.warn("node {}: an append to map {} failed; it is served no more until loaded again from etcd",
                    config.nodeId(), map);
            deleteOwnerKey(map, revision);
            served.sendAway(map);
        }
    }

    /** The lease lapsed: stop serving every map at once, never write under those claims again. */
    private void loseAll() {
        metrics.leaseLost.increment();
        membership.abandon();
        served.loseAll(() -> { // the view may be a whole pause old: the sessions go to the owner etcd names now
            try {
                view.refresh();
            } catch (IOException e) {
                LOG.warn("node {}: owners not re-read from etcd: {}", config.nodeId(), e.getMessage());
            }
        });
    }

    /**
     * Releases every map one by one, in name order (stop edits after the pending ones, delete the owner key, wait up to
     * {@link #HANDOVER_MILLIS} for another node to claim it, send its sessions there), then revokes the lease and
     * tells {@link NodeEvents#drained}. Claims nothing more. Returns by {@code deadlineNanos} ({@link System#nanoTime})
     * give or take one etcd timeout.
     */
    public void drain(long deadlineNanos) {
        draining = true;
        claimLock.lock();
        try {
            try {
                if (membership.alive()) {
                    membership.republish(self());
                }
            } catch (IOException e) {
                LOG.warn("node {}: cannot announce the drain: {}", config.nodeId(), e.getMessage());
            }
            List<String> mine = new ArrayList<>(new java.util.TreeSet<>(served.names())); // in name order
            LOG.info("node {}: draining {} maps", config.nodeId(), mine.size());
            for (String map : mine) {
                release(map, deadlineNanos);
            }
            membership.revoke();
        } finally {
            claimLock.unlock();
        }
        events.drained();
        LOG.info("node {}: drained", config.nodeId());
    }

    private void release(String map, long deadlineNanos) {
        Long revision;
        synchronized (maps) { // an edit being made durable holds the registry: it finishes first
            revision = served.stop(map);
        }
        if (revision == null) {
            return;
        }
        deleteOwnerKey(map, revision);
        long until = Math.min(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANDOVER_MILLIS),
                deadlineNanos - TimeUnit.MILLISECONDS.toNanos(Etcd.TIMEOUT_MILLIS));
        while (System.nanoTime() < until && !(others(view.ownerOf(map)) instanceof Owner.Remote) && anotherTaker()) {
            try {
                view.refresh();
                Thread.sleep(POLL_MILLIS / 2);
            } catch (IOException e) {
                LOG.debug("node {}: {}", config.nodeId(), e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        LOG.info("node {}: released map {} to {}", config.nodeId(), map, others(view.ownerOf(map)));
        served.sendAway(map);
    }

    /** Whether etcd knows another live node with free slots (one that may take a released map). */
    private boolean anotherTaker() {
        OwnerView.State s = view.state();
        Map<String, Integer> counts = s.counts();
        return s.nodes().values().stream().anyMatch(n -> !n.nodeId().equals(config.nodeId())
                && counts.getOrDefault(n.nodeId(), 0) < n.maxMaps());
    }

    private void deleteOwnerKey(String map, long revision) {
        try {
            ownerKeys.release(map, revision);
        } catch (IOException e) {
            LOG.warn("node {}: {}; the key vanishes with the lease", config.nodeId(), e.getMessage());
        }
    }

    /**
     * Stops at once without releasing anything, as a crash would: the keep-alive stops and the client closes, so
     * the lease lapses in etcd after {@code cluster.leaseSeconds}. For tests.
     */
    public void halt() {
        draining = true;
        stopLoop();
        membership.abandon();
        served.forgetAll();
        client.close();
    }

    private void stopLoop() {
        running = false;
        Thread t = loop;
        if (t != null && t != Thread.currentThread()) {
            t.interrupt();
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the control loop and closes the etcd client (a lease still held lapses). Idempotent. */
    @Override
    public void close() {
        stopLoop();
        membership.abandon();
        log.close();
        client.close();
    }
}
