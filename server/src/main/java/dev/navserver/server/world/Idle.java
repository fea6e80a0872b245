package dev.navserver.server.world;

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
