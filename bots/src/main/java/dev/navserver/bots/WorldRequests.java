package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.RouteModes;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The world authority bot's {@code route} and {@code monster_spawn} requests (see {@link WorldAuthorityBot}): each
 * is recorded in its {@link AnswerLedger} as expecting success. Stateless apart from the caller's random source.
 */
final class WorldRequests {
    /** Wander radius of the spawned wanderers, metres. */
    static final double WANDER_RADIUS_METERS = 6;
    /** Wait at each route point, seconds. */
    static final double ROUTE_WAIT_SECONDS = 0.5;

    private WorldRequests() {
    }

    /**
     * A {@code pingpong} route of 3 random walkable cell centres of the largest island, or null when no such cells
     * are found.
     *
     * @param open the grid the points must be walkable on (the newest known version), or null for the file's
     */
    static Route route(String id, String name, CommandPicker picker, GridMap open, SplittableRandom random) {
        List<Vec3> points = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Vec3 p = picker.openPoint(open, random);
            if (p == null) {
                return null;
            }
            points.add(p);
        }
        return new Route(RequestId.of(id), null, name, points, RouteModes.PINGPONG, ROUTE_WAIT_SECONDS);
    }

    /**
     * A monster of {@code kind} on a random walkable cell of the largest island, wandering within
     * {@value #WANDER_RADIUS_METERS} m of home or (half of the time, when there are routes) patrolling one of
     * {@code routes}; null when no cell is found.
     */
    static MonsterSpawn spawn(String id, String kind, List<String> routes, CommandPicker picker, GridMap open,
                              SplittableRandom random) {
        BehaviourSpec b = routes.isEmpty() || random.nextBoolean() ? BehaviourSpec.wander(WANDER_RADIUS_METERS)
                : BehaviourSpec.patrol(routes.get(random.nextInt(routes.size())));
        Vec3 pos = picker.openPoint(open, random);
        return pos == null ? null : new MonsterSpawn(RequestId.of(id), null, pos, kind, b, null);
    }
}
