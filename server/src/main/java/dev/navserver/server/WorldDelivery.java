package dev.navserver.server;

import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import dev.navserver.server.net.SharedLine;
import dev.navserver.server.world.WorldEvent;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns world events into protocol messages for the sessions they name. A message for many sessions (a
 * {@code nav_path} to every viewer, a {@code monster_state}, a {@code monster_event}) is encoded once, by the first
 * I/O thread that writes it ({@link SharedLine}), and the same bytes go to each; a {@code monsters} snapshot is
 * assembled on the I/O thread from entries encoded once per tick ({@link SnapshotLines}). Tick thread only.
 */
final class WorldDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(WorldDelivery.class);

    private final ServerContext context;
    private final SnapshotLines snapshots = new SnapshotLines();

    WorldDelivery(ServerContext context) {
        this.context = context;
    }

    /** Delivers one event. */
    void deliver(WorldEvent event) {
        if (event instanceof WorldEvent.NavPathReady e) {
            navPath(e);
        } else if (event instanceof WorldEvent.SnapshotDue e) {
            snapshot(e);
        } else if (event instanceof WorldEvent.LocalNavChanged e) {
            Session s = session(e.sessionId());
            if (s != null) {
                s.write(new LocalNav(e.monsterId(), e.active(), e.slot()));
            }
        } else if (event instanceof WorldEvent.MonsterEntered e) {
            entered(e);
        } else if (event instanceof WorldEvent.MonsterLeft e) {
            Session s = session(e.sessionId());
            if (s != null) {
                s.write(WorldMessages.leave(e));
            }
        } else if (event instanceof WorldEvent.StateChanged e) {
            shared(WorldMessages.state(e), e.viewers());
        } else if (event instanceof WorldEvent.Notice e) {
            shared(WorldMessages.event(e), e.sessions());
        } else if (event instanceof WorldEvent.MonsterSpawned e) {
            context.metrics().monstersSpawned.increment();
            LOG.debug("{} spawned at ({}, {})", e.monsterId(), e.x(), e.z());
        }
    }

    private Session session(String id) {
        return id == null ? null : context.sessions().get(id); // null: the session left after the event
    }

    private NavPath navPathMessage(WorldEvent.NavPathReady e) {
        return WorldMessages.navPath(e, context.serverTime(), context.maps().version(e.map()));
    }

    private void navPath(WorldEvent.NavPathReady e) {
        List<String> viewers = e.viewers();
        if (viewers.isEmpty()) {
            return;
        }
        SharedLine line = new SharedLine(navPathMessage(e)); // encoded once, by the first I/O thread to write it
        for (String id : viewers) {
            Session s = session(id);
            if (s == null) {
                continue;
            }
            boolean chased = id.equals(e.sessionId());
            s.writeNavPathLine(e.monsterId(), line, chased ? e.posArrivalNanos() : 0,
                    chased ? e.editArrivalNanos() : 0);
        }
    }

    private void shared(ServerMessage message, List<String> sessions) {
        if (sessions.isEmpty()) {
            return;
        }
        SharedLine line = new SharedLine(message);
        for (String id : sessions) {
            Session s = session(id);
            if (s != null) {
                s.writeLine(line);
            }
        }
    }

    private void entered(WorldEvent.MonsterEntered e) {
        Session s = session(e.sessionId());
        if (s == null) {
            return;
        }
        s.write(WorldMessages.enter(e));
        if (e.path() != null) {
            s.writeNavPath(navPathMessage(e.path()), 0, 0);
        }
    }

    private void snapshot(WorldEvent.SnapshotDue e) {
        Session s = session(e.sessionId());
        if (s == null) {
            return;
        }
        if (!s.channel().isWritable()) {
            context.metrics().messagesDropped.inc("snapshot");
            return; // a newer snapshot follows; a slow reader loses nothing that matters
        }
        s.writeLine(snapshots.line(context.serverTime(), e.worldTime(), e.monsters(), e.playerSeq()));
    }
}
