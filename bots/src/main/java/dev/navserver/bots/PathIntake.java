package dev.navserver.bots;

import dev.navserver.protocol.message.NavPath;
import java.util.HashMap;

/**
 * One session's checks of the {@code nav_path}s it receives, for any monster (its own chasers and every other
 * monster in its view): per monster a {@code seq} greater than the last one since the monster came into view, a
 * {@code mapVersion} the session knows, and the path valid on that version's grid ({@link PathChecker}). Also
 * remembers when the session first saw each monster. Not thread-safe: confined to the session's event loop.
 */
final class PathIntake {
    private final String who;
    private final boolean player;
    private final MapVersions versions;
    private final BotStats stats;
    private final RunControl run;
    /** Per monster id: {last nav_path seq (-1 before the first), first sighting nanos}. */
    private final HashMap<String, long[]> monsters = new HashMap<>();

    /**
     * @param who    the session's name in problem notes
     * @param player whether the session is a bot's player: only players' paths count in the version lags and only
     *               their monsters in {@code monsters} (the authority's paths count in {@code invalid} and
     *               {@code unchecked_paths} only)
     */
    PathIntake(String who, boolean player, MapVersions versions, BotStats stats, RunControl run) {
        this.who = who;
        this.player = player;
        this.versions = versions;
        this.stats = stats;
        this.run = run;
    }

    /**
     * Checks a {@code nav_path}, counting an invalid one in the stats with a note.
     *
     * @param mapVersion the newest map version the session knows
     */
    void check(NavPath p, long mapVersion) {
        long[] last = seen(p.monster());
        if (p.seq() <= last[0]) {
            stats.invalidPath(PathChecker.SEQ_NOT_INCREASING);
            run.note(() -> who + ": nav_path for " + p.monster() + " has seq " + p.seq() + " after " + last[0]);
            return;
        }
        last[0] = p.seq();
        long lag = mapVersion - p.mapVersion();
        if (lag < 0) {
            stats.invalidPath(PathChecker.VERSION_AHEAD);
            run.note(() -> who + ": nav_path for " + p.monster() + " seq " + p.seq() + " names map version "
                    + p.mapVersion() + " before its map_patch (latest known " + mapVersion + ")");
            return;
        }
        if (player) {
            stats.versionLag(lag);
        }
        PathChecker checker = versions.checker(p.mapVersion());
        if (checker == null) {
            stats.uncheckedPaths.increment();
            return;
        }
        PathVerdict v = checker.check(p.path());
        if (!v.valid()) {
            stats.invalidPath(v.problem());
            String where = v.badSegment() < 0 ? "" : " at segment " + v.badSegment();
            run.note(() -> who + ": invalid nav_path for " + p.monster() + " seq " + p.seq() + " status "
                    + p.status() + " version " + p.mapVersion() + ": " + v.problem() + where + " in "
                    + p.navPath());
        }
    }

    /** The monster's record, made (and, for a player, counted in {@code monsters}) at its first sighting. */
    long[] seen(String monster) {
        long[] last = monsters.get(monster);
        if (last == null) {
            last = new long[] {-1, System.nanoTime()};
            monsters.put(monster, last);
            if (player) {
                stats.monsters.increment();
            }
        }
        return last;
    }

    /** When the session first saw the monster ({@link System#nanoTime()}), or null when never. */
    long[] get(String monster) {
        return monsters.get(monster);
    }

    /**
     * The session moved to another server ({@code redirect}): its monsters, their ids and seqs are others; the ones
     * seen so far stay counted in {@code monsters}.
     */
    void moved() {
        monsters.clear();
    }

    /**
     * The monster left the view: its next {@code nav_path} (the current one, sent again with its next
     * {@code monster_enter}) may repeat the last {@code seq} seen.
     */
    void left(String monster) {
        long[] last = monsters.get(monster);
        if (last != null && last[0] >= 0) {
            last[0]--; // the same seq may come again, never an older one
        }
    }
}
