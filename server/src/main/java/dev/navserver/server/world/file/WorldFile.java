package dev.navserver.server.world.file;

import java.util.List;

/**
 * What a map's world file ({@code <map>.world.yaml}) declares: routes and spawn groups, each as given in the file
 * and in file order. Immutable.
 *
 * @param routes      unmodifiable, names unique
 * @param spawnGroups unmodifiable; a patrolling group's route is one of {@code routes}
 */
public record WorldFile(List<RouteSpec> routes, List<SpawnGroupSpec> spawnGroups) {
    /** No routes, no spawn groups: a map without a world file. */
    public static final WorldFile EMPTY = new WorldFile(List.of(), List.of());

    public WorldFile {
        routes = List.copyOf(routes);
        spawnGroups = List.copyOf(spawnGroups);
    }

    /** The route of that name, or null. */
    public RouteSpec route(String name) {
        for (RouteSpec r : routes) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        return null;
    }
}
