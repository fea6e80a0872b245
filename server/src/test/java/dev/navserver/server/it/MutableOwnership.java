package dev.navserver.server.it;

import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.cluster.Owner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link MapOwnership} the test changes by hand: each map's owner as last set, {@link Owner#LOCAL} for maps never
 * set. Stands in for the cluster's etcd view, which answers the same question. Thread-safe.
 */
final class MutableOwnership implements MapOwnership {
    private final Map<String, Owner> owners = new ConcurrentHashMap<>();

    @Override
    public Owner ownerOf(String map) {
        return owners.getOrDefault(map, Owner.LOCAL);
    }

    MutableOwnership set(String map, Owner owner) {
        owners.put(map, owner);
        return this;
    }
}
