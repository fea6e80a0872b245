package dev.navserver.server.world;

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
