package dev.navserver.server.world;

/**
 * Keeps near a player at an XZ offset, re-aiming when the aim point moved more than
 * {@code chase.moveThresholdMeters} and {@code chase.navIntervalSeconds} passed; ends when the player leaves.
 */
final class Follow extends Pursuit {
    final double offsetX;
    final double offsetZ;

    Follow(Player target, double offsetX, double offsetZ) {
        super(target, "follow");
        this.offsetX = offsetX;
        this.offsetZ = offsetZ;
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
