package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.List;

/** Monsters coming into a world and leaving it: spawns (with their announcements) and despawns. Tick thread only. */
final class MonsterLife {
    private final World world;
    private final Spawner spawner;
    /** Monsters to despawn at the end of the current pass (found while iterating). */
    private final List<Monster> despawns = new ArrayList<>();
    private long serials;

    MonsterLife(World world, Spawner spawner) {
        this.world = world;
        this.spawner = spawner;
    }

    /** A monster of the default kind at (x, z), home there, that chases {@code p} and is owned by its session. */
    Monster spawnChaser(Player p, double x, double z) {
        Monster m = addMonster(world.kind(MonsterKind.DEFAULT_NAME), x, z, x, z, new Idle(), false);
        m.owner = p.sessionId;
        world.brain().setActive(m, new ChasePlayer(p));
        return m;
    }

    /**
     * Adds a monster and starts its default behaviour.
     *
     * @param startBase false when the caller gives it an active behaviour at once
     */
    Monster addMonster(MonsterKind kind, double x, double z, double homeX, double homeZ, Behaviour base,
            boolean startBase) {
        Monster m = new Monster(spawner.nextId(), kind, x, z, homeX, homeZ, base, serials++);
        m.spawnTime = world.now();
        world.monsterMap().put(m.id, m);
        world.interest().spawned(m, world.playerList(), world.announce());
        world.outbox().add(new WorldEvent.MonsterSpawned(m.id, x, world.map().transform().originY(), z));
        if (startBase) {
            base.start(m, world.brain());
        }
        m.sentState = m.wireState(); // as its first viewers heard it; changes from here on are announced
        return m;
    }

    /** Removes a monster now: its viewers hear {@code monster_leave despawned}, authorities the event. */
    void despawn(Monster m) {
        if (world.monsterMap().remove(m.id) == null) {
            return;
        }
        world.fileSpawns().despawned(m);
        if (m.active != null) {
            m.active.stop(m, world.brain());
        }
        world.announce().notice(m, "despawned", null, null, -1);
        world.interest().despawned(m, world.announce());
        Avoidance avoidance = world.avoidance();
        if (avoidance != null) {
            avoidance.remove(m);
        }
    }

    /** Despawns a monster at the end of the current pass (safe while iterating the monsters). */
    void despawnLater(Monster m) {
        despawns.add(m);
    }

    /** Despawns the monsters {@link #despawnLater} was given. */
    void flushDespawns() {
        for (Monster m : despawns) {
            despawn(m);
        }
        despawns.clear();
    }
}
