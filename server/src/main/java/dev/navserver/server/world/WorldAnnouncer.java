package dev.navserver.server.world;

import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.message.Vec3;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * What a world tells its sessions about its monsters: new paths to their viewers ({@code nav_path}), views entered
 * and left ({@code monster_enter} with the current path, {@code monster_leave}), state changes
 * ({@code monster_state}) and events for authorities ({@code monster_event}). Each event names its sessions as they
 * are when it happens. Tick thread only.
 */
final class WorldAnnouncer implements Interest.Announcer {
    private final World world;

    WorldAnnouncer(World world) {
        this.world = world;
    }

    /** Sends a new path of the monster ({@code nav_path}) to its viewers. */
    void path(Monster m, WorldPath path, long playerSeq, long posArrivalNanos) {
        m.seq++;
        m.sentPlayerSeq = playerSeq;
        String session = m.target == null ? null : m.target.sessionId;
        world.outbox().add(new WorldEvent.NavPathReady(session, m.id, m.seq, playerSeq, path, m.speed,
                posArrivalNanos, world.map(), m.editArrivalNanos, m.wireState(), m.targetName(), viewerIds(m)));
    }

    /** Tells the world's authority sessions what a monster did ({@code monster_event}). */
    void notice(Monster m, String event, String target, String route, int index) {
        List<String> to = world.players().authorities();
        if (!to.isEmpty()) {
            world.outbox().add(new WorldEvent.Notice(m.id, event, target, route, index, List.copyOf(to)));
        }
    }

    /** Sends {@code monster_state} to the viewers of every monster whose wire state or target changed. */
    void states(Collection<Monster> monsters) {
        for (Monster m : monsters) {
            String state = m.wireState();
            String target = m.targetName();
            if (state.equals(m.sentState) && Objects.equals(target, m.sentTarget)) {
                continue;
            }
            m.sentState = state;
            m.sentTarget = target;
            if (!m.viewers.isEmpty()) {
                world.outbox().add(new WorldEvent.StateChanged(m.id, state, target, viewerIds(m)));
            }
        }
    }

    /** {@code monster_enter}, followed by the monster's current path when it is moving. */
    @Override
    public void entered(ViewSet view, Monster m) {
        double y = world.map().transform().originY();
        WorldEvent.NavPathReady path = null;
        if (m.path != null && m.state.following() && !m.state.local()) {
            path = new WorldEvent.NavPathReady(null, m.id, m.seq, m.sentPlayerSeq, m.path, m.speed, 0, m.pathMap, 0,
                    m.wireState(), m.targetName(), List.of(view.sessionId));
        }
        world.outbox().add(new WorldEvent.MonsterEntered(view.sessionId, m.id, m.kind.name(), new Vec3(m.x, y, m.z),
                m.kind.radiusMeters(), m.speed, m.wireState(), m.targetName(), new Vec3(m.homeX, y, m.homeZ), path));
    }

    @Override
    public void left(ViewSet view, Monster m, String reason) {
        world.outbox().add(new WorldEvent.MonsterLeft(view.sessionId, m.id, reason));
    }

    private static List<String> viewerIds(Monster m) {
        int n = m.viewers.size();
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            ids[i] = m.viewers.get(i).sessionId;
        }
        return List.of(ids);
    }
}
