package dev.navserver.server.world;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.server.world.file.RouteSpec;
import dev.navserver.server.world.file.SpawnGroupSpec;
import dev.navserver.server.world.file.SpawnPlacer;
import dev.navserver.server.world.file.WorldFile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What a world's {@code <map>.world.yaml} put in it: its routes and the monsters of its spawn groups, and the
 * respawns due. Applying a file replaces what the previous one put (its routes and its groups' monsters); routes
 * defined at runtime by other names stay. A despawned monster of a group with {@code respawnSeconds > 0} is replaced
 * that long after, at a random place of its group's area. Tick thread only.
 */
final class WorldFileSpawns {
    private final World world;
    private final SplittableRandom random;
    private final Set<String> fileRoutes = new HashSet<>();
    private final List<Monster> fileMonsters = new ArrayList<>();
    private final List<Respawn> respawns = new ArrayList<>();

    /** A monster of a group to spawn at world time {@code at}, seconds. */
    private record Respawn(SpawnGroupSpec group, double at) {
    }

    WorldFileSpawns(World world, long seed) {
        this.world = world;
        this.random = new SplittableRandom(seed);
    }

    /**
     * Puts a checked world file in force: removes the previous file's routes and monsters, defines the new routes and
     * spawns the new groups.
     *
     * @return the number of monsters spawned
     */
    int apply(WorldFile file) {
        for (String name : fileRoutes) {
            world.routes().remove(name);
        }
        fileRoutes.clear();
        respawns.clear();
        for (Monster m : new ArrayList<>(fileMonsters)) {
            world.life().despawn(m);
        }
        fileMonsters.clear();
        for (RouteSpec r : file.routes()) {
            world.routes().put(r.name(), Route.of(r.name(), r.points(), r.mode(), r.waitSeconds()));
            fileRoutes.add(r.name());
        }
        int spawned = 0;
        for (SpawnGroupSpec g : file.spawnGroups()) {
            for (SpawnPlacer.Placement p : SpawnPlacer.place(g, world.map(), random)) {
                if (spawn(g, p.x(), p.z()) != null) {
                    spawned++;
                }
            }
        }
        return spawned;
    }

    private Monster spawn(SpawnGroupSpec g, double x, double z) {
        MonsterKind kind = world.kind(g.kind());
        if (kind == null) {
            return null; // the kind was removed from the config since the file was checked
        }
        Behaviour base = switch (g.behaviour()) {
            case WANDER -> new Wander(g.wanderRadiusMeters());
            case PATROL -> new Patrol(g.route());
            default -> new Idle();
        };
        Monster m = world.life().addMonster(kind, x, z, x, z, base, true);
        m.group = g;
        fileMonsters.add(m);
        return m;
    }

    /** A monster left the world: a group's monster with a respawn time is replaced later. */
    void despawned(Monster m) {
        if (m.group instanceof SpawnGroupSpec g && fileMonsters.remove(m) && g.respawnSeconds() > 0) {
            respawns.add(new Respawn(g, world.now() + g.respawnSeconds()));
        }
    }

    /** Spawns the replacements that are due. */
    void tick(double now) {
        for (int i = 0; i < respawns.size(); i++) {
            Respawn r = respawns.get(i);
            if (r.at() > now) {
                continue;
            }
            respawns.remove(i--);
            GridMap map = world.map();
            List<SpawnPlacer.Placement> places = SpawnPlacer.place(r.group(), map, random);
            if (!places.isEmpty()) {
                SpawnPlacer.Placement p = places.get(random.nextInt(places.size()));
                spawn(r.group(), p.x(), p.z());
            }
        }
    }

    /** Monsters the current file spawned that are still in the world. */
    int monsters() {
        return fileMonsters.size();
    }
}
