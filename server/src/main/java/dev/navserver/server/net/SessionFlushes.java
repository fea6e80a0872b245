package dev.navserver.server.net;

import java.util.ArrayList;
import java.util.List;

/**
 * Flushes the sessions written to since their last flush ({@link ServerContext#pollDirtySession}). At a tick every
 * one is flushed; between ticks only those with something {@link Session#urgent() urgent} (replies, the chased
 * player's timed {@code nav_path}), while the rest (viewers' {@code nav_path}s) wait for the tick, so a monster's
 * re-plans finishing at different moments cost each viewer's socket at most one write per tick. Tick thread only.
 */
public final class SessionFlushes {
    private final ServerContext context;
    /** Dirty sessions held back between ticks; a session may appear more than once (flushing is idempotent). */
    private final List<Session> late = new ArrayList<>();

    public SessionFlushes(ServerContext context) {
        this.context = context;
    }

    /** At a tick: flushes every dirty session, held-back ones included. */
    public void all() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            s.flush();
        }
        for (Session held : late) {
            held.flush();
        }
        late.clear();
    }

    /** Between ticks: flushes the dirty sessions with urgent writes, held-back ones that became urgent included. */
    public void urgent() {
        Session s;
        while ((s = context.pollDirtySession()) != null) {
            if (s.urgent()) {
                s.flush();
            } else {
                late.add(s);
            }
        }
        late.removeIf(held -> {
            if (held.urgent()) {
                held.flush();
                return true;
            }
            return false;
        });
    }
}
