package dev.navserver.server.world;

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
