package dev.navserver.server;

import dev.navserver.server.cluster.MapSessions;
import dev.navserver.server.cluster.Owner;
import dev.navserver.server.net.SendAway;
import dev.navserver.server.net.ServerContext;
import dev.navserver.server.net.Session;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MapSessions} of this process: {@link #sendAway} queues the request and wakes the tick thread, which in
 * {@link #apply()} sends every welcomed session on the map (players and authorities) away ({@link SendAway}) and
 * lets its players leave the world as a disconnect does. Messages such a session sent before its {@code bye} are
 * dropped, never applied: the map is no longer this process's to change.
 *
 * <p>Callers change what {@link dev.navserver.server.cluster.MapOwnership#ownerOf} answers for the map before
 * calling {@link #sendAway}, so that a {@code hello} racing with it is sent away too. {@link #sendAway} is
 * thread-safe; everything else runs on the tick thread.
 */
final class MapHandover implements MapSessions {
    private static final Logger LOG = LoggerFactory.getLogger(MapHandover.class);

    private record Request(String map, Owner next) {
    }

    private final ServerContext context;
    private final Runnable tickWakeup;
    private final Queue<Request> requests = new ConcurrentLinkedQueue<>();
    /** Sessions sent away whose connection is still open: their inbox is discarded, never applied. */
    private final Set<Session> away = new HashSet<>();

    /** @param tickWakeup asks the tick thread for a pass soon; cheap, any thread */
    MapHandover(ServerContext context, Runnable tickWakeup) {
        this.context = context;
        this.tickWakeup = tickWakeup;
    }

    @Override
    public void sendAway(String map, Owner next) {
        if (next instanceof Owner.Local) {
            return;
        }
        requests.add(new Request(map, next));
        tickWakeup.run();
    }

    /**
     * Sends away the sessions of every queued request; the players' leave events are queued behind their joins, for
     * the pass's {@code applySessionEvents}. Tick thread.
     */
    void apply() {
        prune();
        Request r;
        while ((r = requests.poll()) != null) {
            List<Session> leaving = new ArrayList<>();
            synchronized (context.maps()) { // the monitor a hello holds from its owner check to its registration
                Iterator<Session> it = context.sessions().values().iterator();
                while (it.hasNext()) {
                    Session s = it.next();
                    if (r.map().equals(s.mapName())) {
                        it.remove();
                        leaving.add(s);
                    }
                }
            }
            for (Session s : leaving) {
                SendAway.to(s, r.map(), r.next(), null, context.metrics());
                discardInbox(s);
                away.add(s);
                context.sessionEvents().add(new ServerContext.SessionEvent(s, false));
            }
            LOG.info("map {} given up: {} sessions sent away ({})", r.map(), leaving.size(), r.next());
        }
    }

    /** Whether {@code s} was sent away: its queued messages are not applied. Tick thread. */
    boolean isAway(Session s) {
        return away.contains(s);
    }

    /** Forgets closed sessions, after dropping what they queued before the close. */
    private void prune() {
        Iterator<Session> it = away.iterator();
        while (it.hasNext()) {
            Session s = it.next();
            if (!s.channel().isOpen()) {
                discardInbox(s);
                it.remove();
            }
        }
    }

    private static void discardInbox(Session s) {
        while (s.pollInbox() != null) {
            // dropped: the session's map is served elsewhere now
        }
    }
}
