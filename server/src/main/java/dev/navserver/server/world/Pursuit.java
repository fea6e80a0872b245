package dev.navserver.server.world;

/**
 * An active behaviour about one player ({@link ChasePlayer}, {@link Follow}, {@link Flee}): it names the player and
 * its wire state. Tick thread only.
 */
abstract sealed class Pursuit implements Behaviour permits ChasePlayer, Follow, Flee {
    final Player target;
    private final String wire;

    Pursuit(Player target, String wire) {
        this.target = target;
        this.wire = wire;
    }

    @Override
    public final String wire() {
        return wire;
    }

    @Override
    public final boolean isDefault() {
        return false;
    }

    @Override
    public final Player player() {
        return target;
    }
}
