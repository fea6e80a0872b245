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
 * @param viewChecksSkipped         checks without usable truth around their time
 * @param viewChecksSkippedByReason per reason: {@code truth_behind} (the truth did not arrive in time),
 *                                  {@code truth_too_old} (older than every kept truth snapshot), {@code truth_gap}
 *                                  (the truth's snapshots around it too far apart)
 * @param truthSnapshots            {@code monsters} snapshots the world authority bot took into the truth
 * @param truthSnapshotsMissed      snapshot periods without one (gaps in their {@code serverTime}: dropped by
 *                                  the server while the bot's socket was full, or not made in time by a late tick)
 * @param truthIntakeCpuMsPerSnapshot its intake's thread CPU time per snapshot read on the fast path, ms (0 when
 *                                  none was)
 * @param truthThreadCpuSeconds     CPU time of the world authority bot's own thread over the run, seconds (-1 when
 *                                  unknown, 0 without the bot): near the run's length, it was short of CPU
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
                          long viewChecksSkipped, Map<String, Long> viewChecksSkippedByReason,
                          long truthSnapshots, long truthSnapshotsMissed, double truthIntakeCpuMsPerSnapshot,
                          double truthThreadCpuSeconds,
                          long monsterEnters, long monsterLeaves, long authorityNavPaths,
                          long spawned, long commands,
                          Map<String, Long> commandsByKind, long commandsOk, long commandsRefusedAsPlanned,
                          long commandsRaced, long commandsUnexpected, long commandsUnanswered,
                          Map<String, Long> events,
                          WorldStats.Rates downstreamBytesPerSecond) {
    /** Nothing counted (reports made without a run). */
    public static final WorldReport NONE = new WorldReport(0, 0, Map.of(), 0, Map.of(), 0, 0, 0, 0, 0, 0, 0, 0, 0,
            Map.of(), 0, 0, 0, 0, 0, Map.of(), WorldStats.Rates.of(new double[0]));
    /** Skipped checks above this share of the checks attempted make a {@link #viewCheckWarning()}. */
    static final double WARN_SHARE = 0.01;

    static WorldReport of(WorldStats s) {
        return new WorldReport(s.viewChecks.sum(), s.viewErrors.sum(), s.viewErrorsByReason(),
                s.viewChecksSkipped.sum(), s.viewChecksSkippedByReason(), s.truthSnapshots.sum(),
                s.truthSnapshotsMissed.sum(), s.truthIntakeParsed.sum() == 0 ? 0
                        : s.truthIntakeCpuNanos.sum() / 1e6 / s.truthIntakeParsed.sum(),
                s.truthThreadCpuNanos.sum() < 0 ? -1 : s.truthThreadCpuNanos.sum() / 1e9, s.enters.sum(), s.leaves.sum(), s.authorityNavPaths.sum(),
                s.spawned.sum(), s.commands.sum(),
                s.commandsByKind(), s.commandsOk.sum(), s.commandsRefusedAsPlanned.sum(), s.commandsRaced.sum(),
                s.commandsUnexpected.sum(), s.commandsUnanswered.sum(), s.events(), s.downstreamRates());
    }

    /**
     * Why the view checks of a run with a world authority bot cannot be trusted to have covered it, or null: no
     * check ran, or more than {@value #WARN_SHARE} of them were skipped (the truth fell behind, or had gaps). Missed
     * truth snapshots alone do not warn: a check finds its truth around them or is skipped.
     */
    String viewCheckWarning() {
        long attempted = viewChecks + viewChecksSkipped;
        if (viewChecks == 0) {
            return "no view checks ran (" + viewChecksSkipped + " skipped " + viewChecksSkippedByReason
                    + "; the truth got " + truthSnapshots + " snapshots and missed " + truthSnapshotsMissed + ")";
        }
        if (viewChecksSkipped > WARN_SHARE * attempted) {
            return "view checks: " + viewChecks + " ran, " + viewChecksSkipped + " skipped "
                    + viewChecksSkippedByReason + "; the truth got " + truthSnapshots + " snapshots and missed "
                    + truthSnapshotsMissed + " (the world authority bot fell behind; its thread used "
                    + String.format(java.util.Locale.ROOT, "%.1f", truthThreadCpuSeconds) + " s of CPU)";
        }
        return null;
    }
}
