package dev.navserver.server.world;

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
