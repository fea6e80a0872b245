package dev.navserver.server.world;

/**
 * What a monster does, one small type per behaviour. A monster has one default behaviour ({@link Idle},
 * {@link Wander}, {@link Patrol}) and at most one active behaviour on top ({@link Chase}, {@link MoveTo},
 * {@link Follow}, {@link Flee}, {@link ReturnHome}); when the active one ends, the default one resumes
 * ({@link Brain#setActive}). A behaviour steers its monster only through its {@link Brain}. Instances are mutable
 * (their own progress) and belong to one monster; tick thread only.
 *
 * <p>Transitions: {@link #update} returns {@code this} to go on, {@code null} when an active behaviour ended (the
 * default one resumes), or another active behaviour to take over (a chase that gives up returns home).
 */
sealed interface Behaviour permits Behaviour.Idle, Behaviour.Wander, Behaviour.Patrol, Behaviour.Chase, Behaviour.MoveTo,
        Behaviour.Follow, Behaviour.Flee, Behaviour.ReturnHome {
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

    /** Stands where it is. */
    final class Idle implements Behaviour {
        @Override
        public String wire() {
            return "idle";
        }

        @Override
        public boolean isDefault() {
            return true;
        }

        @Override
        public void start(Monster m, Brain b) {
            b.standStill(m);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            return this;
        }
    }

    /**
     * Walks to random walkable points of its island within {@code radiusMeters} of home, resting
     * {@value #MIN_REST_SECONDS}..{@value #MAX_REST_SECONDS} s at each.
     */
    final class Wander implements Behaviour {
        static final double MIN_REST_SECONDS = 1;
        static final double MAX_REST_SECONDS = 4;
        final double radiusMeters;
        private boolean walking;
        private double restUntil;

        Wander(double radiusMeters) {
            this.radiusMeters = radiusMeters;
        }

        @Override
        public String wire() {
            return "wander";
        }

        @Override
        public boolean isDefault() {
            return true;
        }

        @Override
        public void start(Monster m, Brain b) {
            pick(m, b);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (walking && b.reached(m)) {
                walking = false;
                restUntil = b.now() + MIN_REST_SECONDS + b.random() * (MAX_REST_SECONDS - MIN_REST_SECONDS);
            } else if (!walking && b.now() >= restUntil) {
                pick(m, b);
            }
            return this;
        }

        private void pick(Monster m, Brain b) {
            double[] p = b.randomPointNear(m, m.homeX, m.homeZ, radiusMeters);
            if (p == null) {
                b.standStill(m);
                walking = false;
                restUntil = b.now() + MAX_REST_SECONDS;
                return;
            }
            b.walkTo(m, p[0], p[1]);
            walking = true;
        }
    }

    /** Walks a named route of its world, waiting at each point, by the route's mode; resumes at the nearest point. */
    final class Patrol implements Behaviour {
        final String route;
        private Route current;
        private int index;
        private int step = 1;
        private boolean walking;
        private boolean finished;
        private double waitUntil;

        Patrol(String route) {
            this.route = route;
        }

        /** {@code patrol}; {@code idle} while it stands without its route or at the end of a {@code once} route. */
        @Override
        public String wire() {
            return current == null || finished ? "idle" : "patrol";
        }

        @Override
        public boolean isDefault() {
            return true;
        }

        /** The index of the route point it walks to or waits at; -1 before it started on a route. */
        int index() {
            return current == null ? -1 : index;
        }

        @Override
        public void start(Monster m, Brain b) {
            current = b.route(route);
            finished = false;
            if (current == null) {
                b.standStill(m);
                return;
            }
            index = current.nearest(m.x, m.z);
            step = 1;
            walkToPoint(m, b);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            Route r = b.route(route);
            if (r != current) {
                start(m, b); // defined, replaced or removed since: start over at the nearest point, or stand
                return this;
            }
            if (r == null || finished) {
                return this;
            }
            if (walking && b.reached(m)) {
                walking = false;
                waitUntil = b.now() + r.waitSeconds();
                b.event(m, "waypoint", null, r.name(), index);
            } else if (!walking && b.now() >= waitUntil) {
                int n = r.size();
                switch (r.mode()) {
                    case LOOP -> index = (index + 1) % n;
                    case PINGPONG -> {
                        if (index + step < 0 || index + step >= n) {
                            step = -step;
                        }
                        index += step;
                    }
                    case ONCE -> {
                        if (index == n - 1) {
                            finished = true;
                            b.standStill(m);
                            return this;
                        }
                        index++;
                    }
                }
                walkToPoint(m, b);
            }
            return this;
        }

        private void walkToPoint(Monster m, Brain b) {
            b.walkTo(m, current.x(index), current.z(index));
            walking = true;
        }
    }

    /**
     * Chases a player with the chase machinery (throttled re-plans, shared fields, local navigation, surround
     * slots). Gives up and returns home when the player leaves ({@code target_lost}) and, for a leashed kind, when it
     * has been farther than {@code leashRadiusMeters} from home ({@code leash}) or without a way to the player
     * ({@code unreachable}) for {@code leashSeconds}.
     */
    final class Chase implements Behaviour {
        final Player target;
        private double beyondSince = Double.NaN;
        private double strandedSince = Double.NaN;

        Chase(Player target) {
            this.target = target;
        }

        @Override
        public String wire() {
            return "chase";
        }

        @Override
        public boolean isDefault() {
            return false;
        }

        @Override
        public Player player() {
            return target;
        }

        @Override
        public void start(Monster m, Brain b) {
            b.startChase(m, target);
        }

        @Override
        public void stop(Monster m, Brain b) {
            b.stopChase(m);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (!b.present(target)) {
                b.event(m, "target_lost", target.name, null, -1);
                return new ReturnHome();
            }
            MonsterKind k = m.kind;
            if (!k.leashed()) {
                return this;
            }
            double now = b.now();
            boolean beyond = MonsterMover.distance(m.x - m.homeX, m.z - m.homeZ) > k.leashRadiusMeters();
            beyondSince = beyond ? (Double.isNaN(beyondSince) ? now : beyondSince) : Double.NaN;
            boolean stranded = m.state == MonsterState.UNREACHABLE || m.state == MonsterState.LOCAL_STRANDED;
            strandedSince = stranded ? (Double.isNaN(strandedSince) ? now : strandedSince) : Double.NaN;
            if (now - beyondSince >= k.leashSeconds()) {
                b.event(m, "leash", target.name, null, -1);
                return new ReturnHome();
            }
            if (now - strandedSince >= k.leashSeconds()) {
                b.event(m, "unreachable", target.name, null, -1);
                return new ReturnHome();
            }
            return this;
        }
    }

    /** Walks to a point; ends there ({@code arrived}) or at the end of a partial path ({@code unreachable}). */
    final class MoveTo implements Behaviour {
        final double x;
        final double z;

        MoveTo(double x, double z) {
            this.x = x;
            this.z = z;
        }

        @Override
        public String wire() {
            return "move_to";
        }

        @Override
        public boolean isDefault() {
            return false;
        }

        @Override
        public void start(Monster m, Brain b) {
            b.walkTo(m, x, z);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (!b.reached(m)) {
                return this;
            }
            b.event(m, b.reachedGoal(m) ? "arrived" : "unreachable", null, null, -1);
            return null;
        }
    }

    /**
     * Keeps near a player at an XZ offset, re-aiming when the aim point moved more than
     * {@code chase.moveThresholdMeters} and {@code chase.navIntervalSeconds} passed; ends when the player leaves.
     */
    final class Follow implements Behaviour {
        final Player target;
        final double offsetX;
        final double offsetZ;

        Follow(Player target, double offsetX, double offsetZ) {
            this.target = target;
            this.offsetX = offsetX;
            this.offsetZ = offsetZ;
        }

        @Override
        public String wire() {
            return "follow";
        }

        @Override
        public boolean isDefault() {
            return false;
        }

        @Override
        public Player player() {
            return target;
        }

        @Override
        public void start(Monster m, Brain b) {
            if (target.hasPos) {
                b.walkTo(m, target.x + offsetX, target.z + offsetZ);
            }
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (!b.present(target)) {
                b.event(m, "target_lost", target.name, null, -1);
                return null;
            }
            if (!target.hasPos) {
                return this;
            }
            double ax = target.x + offsetX;
            double az = target.z + offsetZ;
            if (!m.hasGoal || MonsterMover.distance(ax - m.goalX, az - m.goalZ) > b.moveThresholdMeters()
                    && b.now() - m.lastPlanTime >= b.navIntervalSeconds()) {
                b.walkTo(m, ax, az);
            }
            return this;
        }
    }

    /**
     * Runs away from a player, {@value #STEP_METERS} m at a time, until it is {@link #safeMeters} away (then ends)
     * or the player leaves.
     */
    final class Flee implements Behaviour {
        static final double STEP_METERS = 10;
        static final double MIN_SAFE_METERS = 20;
        final Player target;

        Flee(Player target) {
            this.target = target;
        }

        /** The distance at which it is safe: twice its aggro radius, at least {@value #MIN_SAFE_METERS} m. */
        static double safeMeters(Monster m) {
            return Math.max(MIN_SAFE_METERS, 2 * m.kind.aggroRadiusMeters());
        }

        @Override
        public String wire() {
            return "flee";
        }

        @Override
        public boolean isDefault() {
            return false;
        }

        @Override
        public Player player() {
            return target;
        }

        @Override
        public void start(Monster m, Brain b) {
            aim(m, b);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (!b.present(target)) {
                b.event(m, "target_lost", target.name, null, -1);
                return null;
            }
            if (target.hasPos && MonsterMover.distance(target.x - m.x, target.z - m.z) >= safeMeters(m)) {
                return null;
            }
            if ((!m.hasGoal || b.reached(m)) && b.now() - m.lastPlanTime >= b.navIntervalSeconds()) {
                aim(m, b);
            }
            return this;
        }

        private void aim(Monster m, Brain b) {
            if (!target.hasPos) {
                return;
            }
            double dx = m.x - target.x;
            double dz = m.z - target.z;
            double d = MonsterMover.distance(dx, dz);
            if (d < 1e-6) {
                double a = b.random() * 2 * Math.PI;
                dx = Math.cos(a);
                dz = Math.sin(a);
                d = 1;
            }
            double[] p = b.walkablePointNear(m, m.x + dx / d * STEP_METERS, m.z + dz / d * STEP_METERS);
            if (p != null) {
                b.walkTo(m, p[0], p[1]);
            }
        }
    }

    /** Walks home ignoring aggro; ends there ({@code home}), or where its path ends when home is out of reach. */
    final class ReturnHome implements Behaviour {
        @Override
        public String wire() {
            return "return_home";
        }

        @Override
        public boolean isDefault() {
            return false;
        }

        @Override
        public void start(Monster m, Brain b) {
            b.walkTo(m, m.homeX, m.homeZ);
        }

        @Override
        public Behaviour update(Monster m, Brain b) {
            if (!b.reached(m)) {
                return this;
            }
            b.event(m, "home", null, null, -1);
            return null;
        }
    }
}
