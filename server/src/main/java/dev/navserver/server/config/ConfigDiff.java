package dev.navserver.server.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The keys whose values differ between two configs, in file order, and the subset that only takes effect after a
 * restart. Every other key is applied live: at the next tick boundary, or for per-connection limits
 * ({@code server.maxFrameBytes}, {@code server.idleTimeoutSeconds}, {@code server.outboundLimitBytes}) on
 * connections accepted after the reload.
 * Immutable.
 *
 * @param changedKeys         key paths as written in the YAML file, e.g. {@code chase.navIntervalSeconds}
 * @param restartRequiredKeys the changed keys that are in {@link #RESTART_REQUIRED_KEYS}
 */
public record ConfigDiff(List<String> changedKeys, List<String> restartRequiredKeys) {
    /**
     * Keys a running server cannot change: the listeners' bind addresses, the planner pool's size and the directory
     * the map watcher is rooted in, the edit log's directory and every {@code cluster.*} key.
     */
    public static final Set<String> RESTART_REQUIRED_KEYS = Set.of("server.host", "server.port", "server.ioThreads", "admin.host",
            "admin.port", "search.plannerThreads", "maps.dir", "maps.editLogDir",
            "cluster.etcd", "cluster.nodeId", "cluster.advertiseHost", "cluster.leaseSeconds", "cluster.maxMaps",
            "cluster.snapshotDir", "cluster.drainSeconds", "cluster.agones");

    public ConfigDiff {
        changedKeys = List.copyOf(changedKeys);
        restartRequiredKeys = List.copyOf(restartRequiredKeys);
    }

    /**
     * The keys whose values differ from {@code before} to {@code after}: {@code before}'s keys in file order, then
     * the keys only {@code after} has (those of an added monster kind).
     */
    public static ConfigDiff between(NavServerConfig before, NavServerConfig after) {
        Map<String, Object> a = before.keyValues();
        Map<String, Object> b = after.keyValues();
        List<String> changed = new ArrayList<>();
        List<String> restart = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            if (!Objects.equals(a.get(key), b.get(key)) || a.containsKey(key) != b.containsKey(key)) {
                changed.add(key);
                if (RESTART_REQUIRED_KEYS.contains(key)) {
                    restart.add(key);
                }
            }
        }
        return new ConfigDiff(changed, restart);
    }

    /** Whether no key changed. */
    public boolean isEmpty() {
        return changedKeys.isEmpty();
    }

    /** The changed keys that a reload puts in force now. */
    public List<String> liveKeys() {
        List<String> live = new ArrayList<>(changedKeys);
        live.removeAll(restartRequiredKeys);
        return live;
    }
}
