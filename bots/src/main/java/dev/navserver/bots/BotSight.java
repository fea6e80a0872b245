package dev.navserver.bots;

import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.MonsterState;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;

/**
 * What one bot sees of the monsters and checks: its {@link PathIntake} (every {@code nav_path}), its
 * {@link BotView} (enters, leaves, states, snapshots), the view checks against the world's truth and the body
 * overlaps of its snapshots. Not thread-safe: confined to the bot's event loop.
 */
final class BotSight {
    private final PathIntake intake;
    private final BotView view;
    /** The view checks against the world's truth, or null without the world's authority bot. */
    private final ViewChecker viewChecker;
    private final OverlapCheck overlaps;
    private final WorldStats world;

    /** @param truth the world authority bot's snapshots for the view checks, or null for no checks */
    BotSight(String who, BotsSettings settings, MapVersions versions, BotStats stats, RunControl run,
             WorldStats world, WorldTruth truth) {
        this.world = world;
        this.intake = new PathIntake(who, true, versions, stats, run);
        this.view = new BotView(who);
        this.viewChecker = truth == null ? null : new ViewChecker(who, view, truth, settings.world(), world, run);
        this.overlaps = new OverlapCheck(who, settings, stats, run);
    }

    void enter(MonsterEnter e) {
        world.enters.increment();
        intake.seen(e.monster());
        view.enter(e, System.nanoTime());
    }

    void leave(MonsterLeave l) {
        world.leaves.increment();
        view.leave(l.monster());
        intake.left(l.monster());
    }

    void state(MonsterState st) {
        view.state(st, System.nanoTime());
    }

    void spawned(String monster) {
        intake.seen(monster);
    }

    /** Checks a {@code nav_path} received at {@code nowNanos}; {@code mapVersion} is the newest the bot knows. */
    void navPath(NavPath p, long mapVersion, long nowNanos) {
        view.navPath(p, nowNanos);
        intake.check(p, mapVersion);
    }

    /** Counts the snapshot's monsters and its overlaps (see {@link Overlaps}); checks it against the truth. */
    void snapshot(Monsters ms, SentPositions sent) {
        long now = System.nanoTime();
        for (MonsterSnapshot s : ms.list()) {
            intake.seen(s.monster());
            view.snapshot(s, now);
        }
        if (viewChecker != null) {
            long used = ms.playerSeq();
            viewChecker.atSnapshot(ms, sent.known(used), sent.x(used), sent.z(used), now);
        }
        overlaps.check(ms, sent, intake, now);
    }

    /** The bot moved to another server: the monsters it knew (their ids, seqs, views) are the old server's. */
    void moved() {
        intake.moved();
        view.clear();
    }
}
