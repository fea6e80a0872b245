package dev.navserver.server.world;

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
