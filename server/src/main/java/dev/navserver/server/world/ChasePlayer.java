package dev.navserver.server.world;

/**
 * Chases a player with the chase machinery (throttled re-plans, shared fields, local navigation, surround
 * slots). Gives up and returns home when the player leaves ({@code target_lost}) and, for a leashed kind, when it
 * has been farther than {@code leashRadiusMeters} from home ({@code leash}) or without a way to the player
 * ({@code unreachable}) for {@code leashSeconds}.
 */
final class ChasePlayer extends Pursuit {
    private double beyondSince = Double.NaN;
    private double strandedSince = Double.NaN;

    ChasePlayer(Player target) {
        super(target, "chase");
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
