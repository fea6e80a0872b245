package dev.navserver.server.world;

/**
 * What a monster does, one small type per behaviour. A monster has one default behaviour ({@link Idle},
 * {@link Wander}, {@link Patrol}) and at most one active behaviour on top ({@link ChasePlayer}, {@link MoveTo},
 * {@link Follow}, {@link Flee}, {@link ReturnHome}); when the active one ends, the default one resumes
 * ({@link MonsterBrain#setActive}). A behaviour steers its monster only through its {@link Brain}. Instances are mutable
 * (their own progress) and belong to one monster; tick thread only.
 *
 * <p>Transitions: {@link #update} returns {@code this} to go on, {@code null} when an active behaviour ended (the
 * default one resumes), or another active behaviour to take over (a chase that gives up returns home).
 */
sealed interface Behaviour permits Idle, Wander, Patrol, Pursuit, MoveTo, ReturnHome {
    /** The wire state while it is in charge (a chase reports its own progress instead). */
    String wire();

    /** Whether it is a default behaviour (else an active one). Aggro starts chases only from default behaviours. */
    boolean isDefault();

    /** The player it chases, follows or flees, or null. */
    default Player player() {
        return null;
    }

    /** It takes charge: started, or resumed after an active behaviour ended. */
    void start(Monster m, Brain b);

    /** One tick while in charge; see the class comment for what it returns. */
    Behaviour update(Monster m, Brain b);

    /** It stops being in charge (replaced or ended). */
    default void stop(Monster m, Brain b) {
    }
}
