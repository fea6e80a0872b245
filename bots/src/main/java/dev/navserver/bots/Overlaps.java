package dev.navserver.bots;

import dev.navserver.protocol.message.MonsterSnapshot;
import java.util.List;
import java.util.function.Predicate;

/**
 * The body check of a {@code monsters} snapshot (issue 10): two monsters closer than
 * {@code 2 × monsterRadius − }{@value #SLACK_METERS} m in XZ, or a monster closer than
 * {@code monsterRadius + playerRadius − }{@value #SLACK_METERS} m to the player, overlap. A monster in its spawn
 * grace (the first second after it was first seen) overlaps nothing.
 *
 * <p>The player's position is the one the server knew when it made the snapshot, which the bot cannot know
 * exactly: it is one of the positions the bot sent recently. A monster overlaps the player only when it is too
 * close to <em>every</em> candidate position, so the check never blames the server for a position it had not
 * received yet. Stateless and thread-safe.
 */
public final class Overlaps {
    /** The tolerance subtracted from the sum of radii, metres: the server's own slack. */
    public static final double SLACK_METERS = 0.05;

    private Overlaps() {
    }

    /**
     * Counts the overlaps of one snapshot: each overlapping pair of monsters once, and each monster overlapping the
     * player once.
     *
     * @param list          the snapshot's monsters
     * @param monsterRadius monster body radius, metres, {@code >= 0}
     * @param playerRadius  player body radius, metres, {@code >= 0}
     * @param inGrace       whether a monster id is in its spawn grace
     * @param playerXz      candidate player positions, {@code [x0, z0, x1, z1, ...]}, world metres; may be empty
     *                      (no player check)
     * @param candidates    number of candidate positions used from {@code playerXz}
     */
    public static int count(List<MonsterSnapshot> list, double monsterRadius, double playerRadius,
                            Predicate<String> inGrace, double[] playerXz, int candidates) {
        return scan(list, monsterRadius, playerRadius, inGrace, playerXz, candidates, null);
    }

    /**
     * The first overlap {@link #count} would count, for a problem note: {@code "m-1 and m-2 0.657 m apart (limit
     * 0.750)"} or {@code "m-3 0.412 m from the player (limit 0.850)"}; null when there is none. Arguments as for
     * {@link #count}.
     */
    public static String describeFirst(List<MonsterSnapshot> list, double monsterRadius, double playerRadius,
                                       Predicate<String> inGrace, double[] playerXz, int candidates) {
        StringBuilder out = new StringBuilder();
        scan(list, monsterRadius, playerRadius, inGrace, playerXz, candidates, out);
        return out.length() == 0 ? null : out.toString();
    }

    /** Counts overlaps; describes the first into {@code first} when it is not null (and stops there). */
    private static int scan(List<MonsterSnapshot> list, double monsterRadius, double playerRadius,
                            Predicate<String> inGrace, double[] playerXz, int candidates, StringBuilder first) {
        int n = list.size();
        double pair = 2 * monsterRadius - SLACK_METERS;
        double withPlayer = monsterRadius + playerRadius - SLACK_METERS;
        int overlaps = 0;
        boolean[] grace = new boolean[n];
        for (int i = 0; i < n; i++) {
            grace[i] = inGrace.test(list.get(i).monster());
        }
        for (int i = 0; i < n; i++) {
            if (grace[i]) {
                continue;
            }
            MonsterSnapshot a = list.get(i);
            for (int j = i + 1; j < n; j++) {
                if (grace[j]) {
                    continue;
                }
                MonsterSnapshot b = list.get(j);
                double d = Math.hypot(a.pos().x() - b.pos().x(), a.pos().z() - b.pos().z());
                if (pair > 0 && d < pair) {
                    overlaps++;
                    if (first != null) {
                        first.append(String.format(java.util.Locale.ROOT, "%s and %s %.3f m apart (limit %.3f)",
                                a.monster(), b.monster(), d, pair));
                        return overlaps;
                    }
                }
            }
            if (withPlayer > 0 && candidates > 0 && closeToAll(a, playerXz, candidates, withPlayer)) {
                overlaps++;
                if (first != null) {
                    first.append(String.format(java.util.Locale.ROOT, "%s %.3f m from the player (limit %.3f)",
                            a.monster(), Math.hypot(a.pos().x() - playerXz[0], a.pos().z() - playerXz[1]),
                            withPlayer));
                    return overlaps;
                }
            }
        }
        return overlaps;
    }

    private static boolean closeToAll(MonsterSnapshot m, double[] xz, int candidates, double limit) {
        for (int k = 0; k < candidates; k++) {
            if (Math.hypot(m.pos().x() - xz[2 * k], m.pos().z() - xz[2 * k + 1]) >= limit) {
                return false;
            }
        }
        return true;
    }
}
