package dev.navserver.server.world;

/**
 * Runs away from a player, {@value #STEP_METERS} m at a time, until it is {@link #safeMeters} away (then ends)
 * or the player leaves.
 */
final class Flee extends Pursuit {
    static final double STEP_METERS = 10;
    static final double MIN_SAFE_METERS = 20;

    Flee(Player target) {
        super(target, "flee");
    }

    /** The distance at which it is safe: twice its aggro radius, at least {@value #MIN_SAFE_METERS} m. */
    static double safeMeters(Monster m) {
        return Math.max(MIN_SAFE_METERS, 2 * m.kind.aggroRadiusMeters());
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
