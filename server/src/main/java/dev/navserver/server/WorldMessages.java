package dev.navserver.server;

import dev.navserver.protocol.message.MonsterEnter;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterLeave;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.server.world.WorldEvent;

/** The protocol messages of world events. Stateless. */
final class WorldMessages {
    private WorldMessages() {
    }

    /** {@code nav_path}; {@code playerSeq} 0 for a path that aims at no player. */
    static NavPath navPath(WorldEvent.NavPathReady e, double serverTime, long mapVersion) {
        return new NavPath(e.monsterId(), e.seq(), Math.max(0, e.playerSeq()), e.path(), e.speedMetersPerSecond(),
                serverTime, mapVersion, e.state(), e.target());
    }

    static MonsterEnter enter(WorldEvent.MonsterEntered e) {
        return new MonsterEnter(e.monsterId(), e.kind(), e.pos(), e.radiusMeters(), e.speedMetersPerSecond(),
                e.state(), e.target(), e.home());
    }

    static MonsterLeave leave(WorldEvent.MonsterLeft e) {
        return new MonsterLeave(e.monsterId(), e.reason());
    }

    static dev.navserver.protocol.message.MonsterState state(WorldEvent.StateChanged e) {
        return new dev.navserver.protocol.message.MonsterState(e.monsterId(), e.state(), e.target());
    }

    static MonsterEvent event(WorldEvent.Notice e) {
        return new MonsterEvent(e.monsterId(), e.event(), e.target(), e.route(), e.index() >= 0 ? e.index() : null);
    }
}
