package dev.navserver.bots;

import java.util.List;

/**
 * The shared-world part of a run's parameters (issue 26), already validated by {@link BotsMain}. Immutable.
 *
 * @param world             {@code --world}: the bots walk the map among the world's monsters (no spawns of their
 *                          own unless {@code --spawn} asks)
 * @param spawn             {@code --world-spawn}: monsters the authority bot spawns with {@code monster_spawn} at
 *                          the start, half wandering and half patrolling its routes, {@code 0..100000}
 * @param kinds             monster kinds the authority bot spawns, round robin; each a kind of the server's
 *                          {@code monsters.kinds} (or {@code default}), non-empty
 * @param commandsPerSecond {@code --authority-commands}: random {@code monster_command}s per second of the
 *                          authority bot, {@code 0..1000}
 * @param badRequestShare   share of those commands that are deliberately bad (unknown monster or route, a
 *                          position on a wall), {@code 0..1}
 * @param aoiRadiusMeters   the server's {@code aoi.radiusMeters}, metres, {@code > 0}
 * @param aoiHysteresisMeters the server's {@code aoi.hysteresisMeters}, metres, {@code >= 0}
 * @param snapshotHz        the server's {@code chase.snapshotHz}, {@code > 0}: one snapshot's travel is a
 *                          monster's speed divided by it
 */
public record WorldSettings(boolean world, int spawn, List<String> kinds, double commandsPerSecond,
                            double badRequestShare, double aoiRadiusMeters, double aoiHysteresisMeters,
                            double snapshotHz) {
    /** No world mode, no authority bot of the world: the run of before issue 26. */
    public static final WorldSettings NONE = new WorldSettings(false, 0, List.of("default"), 0, 0.05, 40, 5, 5);

    public WorldSettings {
        kinds = List.copyOf(kinds);
    }

    /** Whether the run needs the world's authority bot (observer, spawner, commander). */
    public boolean authorityBot() {
        return world || spawn > 0 || commandsPerSecond > 0;
    }
}
