package dev.navserver.server.world;

import dev.navserver.server.config.NavServerConfig.Chase;

/**
 * The documented re-plan rule as a pure function of a monster's state and a few distances; see {@link #decide}.
 * Immutable and thread-safe.
 *
 * @param navIntervalSeconds     least time between two plans of a monster that has a path, seconds
 * @param moveThresholdMeters    least XZ distance its player (or, when out of reach, itself) must have moved since
 *                               the last plan, metres
 * @param stoppingDistanceMeters distance at which an arrived monster stops, metres
 */
public record ReplanRule(double navIntervalSeconds, double moveThresholdMeters, double stoppingDistanceMeters) {
    /**
     * Slack when comparing elapsed world time with the interval, seconds (one nanosecond, the tick clock's unit):
     * tick times are whole nanoseconds divided by 1e9, so ten 50 ms ticks can differ by 0.49999999999999994.
     */
    static final double TIME_EPSILON_SECONDS = 1e-9;
    /** Least stopping distance used, metres, so an arrived monster standing on its player does not re-plan. */
    static final double MIN_STOP_METERS = 1e-6;
    /**
     * How long past the interval a tick leaves a player-moved re-plan to the arrival of the player's next position,
     * seconds: one period of a 10 Hz client plus jitter. A plan started by an arriving position uses a position that
     * is milliseconds old; one started by the tick would use one up to a client period old.
     */
    public static final double FRESH_POSITION_GRACE_SECONDS = 0.15;

    /** What the rule decided. */
    public enum Decision {
        /** First plan, or the path became unusable: plan now. */
        PLAN_FRESH(true),
        /** The interval passed and the player moved by the threshold: plan. */
        PLAN_PLAYER_MOVED(true),
        /** At the end of a complete path, the player is beyond the stopping distance: plan. */
        PLAN_PLAYER_LEFT(true),
        /** Out of reach, the interval passed and the player or the monster moved by the threshold: try again. */
        PLAN_RETRY(true),
        /** Under local nav with a clear line to the player: walks straight, no path needed. */
        WALK_STRAIGHT(false),
        /** Nothing due yet. */
        WAIT(false);

        private final boolean plans;

        Decision(boolean plans) {
            this.plans = plans;
        }

        /** Whether a plan is to be submitted. */
        public boolean plans() {
            return plans;
        }
    }

    /** The rule of a chase config. */
    public static ReplanRule of(Chase chase) {
        return new ReplanRule(chase.navIntervalSeconds(), chase.moveThresholdMeters(), chase.stoppingDistanceMeters());
    }

    /**
     * Whether a tick defers a {@link Decision#PLAN_PLAYER_MOVED} to the next arriving position: true while less than
     * {@link #FRESH_POSITION_GRACE_SECONDS} passed since the interval ran out. A client that stopped sending (its
     * player stands still after moving) is planned for by the tick once the grace is over.
     *
     * @param sinceLastPlan world seconds since the last plan was submitted
     */
    public boolean tickWaitsForFreshPosition(double sinceLastPlan) {
        return sinceLastPlan < navIntervalSeconds + FRESH_POSITION_GRACE_SECONDS - TIME_EPSILON_SECONDS;
    }

    /**
     * Decides whether a monster with no plan in flight plans now. Under local nav a clear line to the player means
     * no path is needed. A monster needing a fresh plan plans at once. One following a path plans when
     * {@code sinceLastPlan >= navInterval} <em>and</em> its player moved {@code >= moveThreshold} from where the last
     * plan aimed. One at the end of a complete path plans when its player is beyond the stopping distance. One out
     * of reach plans when the interval passed and its player or itself moved by the threshold: a player standing
     * still costs nothing.
     *
     * @param state             the monster's state
     * @param lineClear         under local nav: whether the straight line to the player is clear (else ignored)
     * @param sinceLastPlan     world seconds since the last plan was submitted (infinite before the first)
     * @param playerMovedMeters XZ distance from the position the last plan aimed at to the player, metres
     * @param selfMovedMeters   XZ distance from where the last plan started to the monster, metres
     * @param toPlayerMeters    XZ distance from the monster to its player, metres
     */
    public Decision decide(MonsterState state, boolean lineClear, double sinceLastPlan, double playerMovedMeters,
            double selfMovedMeters, double toPlayerMeters) {
        if (state.local() && lineClear) {
            return Decision.WALK_STRAIGHT;
        }
        if (state.needsFreshPlan()) {
            return Decision.PLAN_FRESH;
        }
        boolean intervalPassed = sinceLastPlan >= navIntervalSeconds - TIME_EPSILON_SECONDS;
        boolean playerMoved = playerMovedMeters >= moveThresholdMeters;
        return switch (state) {
            case CHASE, LOCAL_PATH -> intervalPassed && playerMoved ? Decision.PLAN_PLAYER_MOVED : Decision.WAIT;
            case ARRIVED, LOCAL_ARRIVED -> toPlayerMeters > Math.max(stoppingDistanceMeters, MIN_STOP_METERS)
                    ? Decision.PLAN_PLAYER_LEFT : Decision.WAIT;
            default -> intervalPassed && (playerMoved || selfMovedMeters >= moveThresholdMeters)
                    ? Decision.PLAN_RETRY : Decision.WAIT;
        };
    }
}
