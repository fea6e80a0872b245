package dev.navserver.bots;

import dev.navserver.protocol.message.Monsters;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One bot's overlap check of its {@code monsters} snapshots (see {@link Overlaps} and docs/bots.md "Monster
 * overlaps"). Not thread-safe: confined to the bot's event loop.
 */
final class OverlapCheck {
    /** A monster's spawn grace for the overlap check: from its first sighting, nanoseconds. */
    static final long SPAWN_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * How far back the player positions the server may still be using reach, for the overlap check: every
     * position sent within this time before a snapshot arrived, and the newest one sent before that, nanoseconds.
     */
    static final long POSITION_LAG_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final String who;
    private final BotsSettings settings;
    private final BotStats stats;
    private final RunControl run;
    private final double[] candidates = new double[2 * SentPositions.RING];

    OverlapCheck(String who, BotsSettings settings, BotStats stats, RunControl run) {
        this.who = who;
        this.settings = settings;
        this.stats = stats;
        this.run = run;
    }

    /** Counts the snapshot's overlaps in the stats, with a note naming the first. */
    void check(Monsters ms, SentPositions sent, PathIntake intake, long now) {
        int n = 0;
        long used = ms.playerSeq();
        if (sent.known(used)) {
            // the server names the position it kept the bodies clear of: check against exactly that one
            candidates[0] = sent.x(used);
            candidates[1] = sent.z(used);
            n = 1;
        }
        if (n == 0) { // an older server: any of the positions sent recently
            n = sent.recent(now, POSITION_LAG_NANOS, candidates);
        }
        Predicate<String> inGrace = id -> {
            long[] m = intake.get(id);
            return m != null && now - m[1] < SPAWN_GRACE_NANOS;
        };
        int found = Overlaps.count(ms.list(), settings.monsterRadiusMeters(), settings.playerRadiusMeters(), inGrace,
                candidates, n);
        if (found > 0) {
            stats.overlaps.add(found);
            int candidatesUsed = n;
            run.note(() -> who + ": " + found + " overlap(s) in monsters at serverTime " + ms.serverTime()
                    + ", first: " + Overlaps.describeFirst(ms.list(), settings.monsterRadiusMeters(),
                    settings.playerRadiusMeters(), inGrace, candidates, candidatesUsed));
        }
    }
}
