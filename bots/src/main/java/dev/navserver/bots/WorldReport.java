package dev.navserver.bots;

import java.util.Map;

/**
 * What a run saw of the shared world (issue 26): view checks, the world authority bot's spawns, commands and
 * events, and the players' downstream bytes. Immutable.
 *
 * @param viewChecks                view checks done (bot snapshots checked against the truth)
 * @param viewErrors                problems they found; any fails the run
 * @param viewErrorsByReason        per reason: {@code missing}, {@code beyond}, {@code unknown},
 *                                  {@code snapshot_mismatch}
 * @param viewChecksSkipped         checks without truth around their time
 * @param monsterEnters             {@code monster_enter}s the bots received
 * @param monsterLeaves             {@code monster_leave}s the bots received
 * @param authorityNavPaths         {@code nav_path}s the world authority bot received and checked (every monster's;
 *                                  not in the run's {@code nav_paths}, invalid ones in its {@code invalid})
 * @param spawned                   monsters the world authority bot spawned
 * @param commands                  {@code monster_command}s it sent
 * @param commandsByKind            of those, per {@code command}
 * @param commandsOk                answered {@code command_ok} as planned
 * @param commandsRefusedAsPlanned  deliberately bad ones answered with their planned error
 * @param commandsRaced             good ones refused for a reason a race explains (monster gone, target gone,
 *                                  cell walled meanwhile)
 * @param commandsUnexpected        answered otherwise (also in the run's {@code errors})
 * @param commandsUnanswered        not answered by the end of the run (after waiting up to 1 s)
 * @param events                    {@code monster_event}s it heard, per {@code event}
 * @param downstreamBytesPerSecond  per player: bytes received per second from its {@code welcome} to its close
 */
public record WorldReport(long viewChecks, long viewErrors, Map<String, Long> viewErrorsByReason,
                          long viewChecksSkipped, long monsterEnters, long monsterLeaves, long authorityNavPaths,
                          long spawned, long commands,
                          Map<String, Long> commandsByKind, long commandsOk, long commandsRefusedAsPlanned,
                          long commandsRaced, long commandsUnexpected, long commandsUnanswered,
                          Map<String, Long> events,
                          WorldStats.Rates downstreamBytesPerSecond) {
    /** Nothing counted (reports made without a run). */
    public static final WorldReport NONE = new WorldReport(0, 0, Map.of(), 0, 0, 0, 0, 0, 0, Map.of(), 0, 0, 0, 0, 0,
            Map.of(), WorldStats.Rates.of(new double[0]));

    static WorldReport of(WorldStats s) {
        return new WorldReport(s.viewChecks.sum(), s.viewErrors.sum(), s.viewErrorsByReason(),
                s.viewChecksSkipped.sum(), s.enters.sum(), s.leaves.sum(), s.authorityNavPaths.sum(),
                s.spawned.sum(), s.commands.sum(),
                s.commandsByKind(), s.commandsOk.sum(), s.commandsRefusedAsPlanned.sum(), s.commandsRaced.sum(),
                s.commandsUnexpected.sum(), s.commandsUnanswered.sum(), s.events(), s.downstreamRates());
    }
}
