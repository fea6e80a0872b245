package dev.navserver.server;

import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.server.config.NavServerConfig;
import dev.navserver.server.edit.EditPublisher;
import dev.navserver.server.net.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map edits of one tick-thread pass: an authority session's {@code map_edit}s and the admin API's edits are
 * collected while the pass drains its inboxes, then {@link #commit committed} together: published by the
 * {@link EditPublisher} once durable (one fsync per edit, or one per map for the whole pass with
 * {@code maps.editLogSync: tick}) and only then answered ({@code map_edited} or the error; the admin future).
 *
 * <p>Tick thread only, except {@link #submit}, which any thread may call.
 */
final class GameEdits {
    private static final Logger LOG = LoggerFactory.getLogger(GameEdits.class);

    /** What the tick thread does with an applied edit before it is answered (the world switches to its map). */
    interface Applied {
        /**
         * @param source       label of {@code navserver_map_edits_total}: {@code session} or {@code admin}
         * @param arrivalNanos {@link System#nanoTime()} when the edit arrived
         */
        void applied(EditPublisher.Outcome outcome, int edits, String source, long arrivalNanos);
    }

    /** An edit of this pass and whom to answer: a session ({@code id} may be null) or an admin future. */
    private record Pending(String map, List<TerrainEdit> edits, Session session, MapEdit message,
                           CompletableFuture<EditPublisher.Outcome> done, long arrivalNanos) {
    }

    private final EditPublisher publisher;
    private final Queue<Pending> adminEdits = new ConcurrentLinkedQueue<>();
    private final List<Pending> pass = new ArrayList<>();
    private final Runnable wakeup;
    private final ErrorSink errors;

    /** Answers a session with an error (and counts it). */
    interface ErrorSink {
        void error(Session s, ErrorMessage message);
    }

    /**
     * @param wakeup asks the tick loop for another pass (more admin edits wait)
     */
    GameEdits(EditPublisher publisher, Runnable wakeup, ErrorSink errors) {
        this.publisher = publisher;
        this.wakeup = wakeup;
        this.errors = errors;
    }

    /** Adds an authority session's {@code map_edit} to this pass. */
    void sessionEdit(Session s, MapEdit edit, long arrivalNanos) {
        String name = edit.map() == null ? s.mapName() : edit.map();
        pass.add(new Pending(name, edit.edits(), s, edit, null, arrivalNanos));
    }

    /**
     * Queues an admin API edit for the tick thread, which applies it exactly as a session's {@code map_edit} (same
     * checks, version, durability, {@code map_patch}, monster re-plans) and then completes the future on the tick
     * thread; continue on another executor. At most one queued edit joins a pass. Thread-safe; never blocks.
     *
     * @return completes with the outcome (rejections included), or exceptionally if applying failed
     */
    CompletableFuture<EditPublisher.Outcome> submit(String map, List<TerrainEdit> edits) {
        CompletableFuture<EditPublisher.Outcome> done = new CompletableFuture<>();
        adminEdits.add(new Pending(map, List.copyOf(edits), null, null, done, System.nanoTime()));
        wakeup.run();
        return done;
    }

    /** Adds the oldest queued admin edit to this pass, if any; asks for another pass when more wait. */
    void takeAdminEdit() {
        Pending p = adminEdits.poll();
        if (p != null) {
            pass.add(p);
        }
        if (!adminEdits.isEmpty()) {
            wakeup.run();
        }
    }

    /**
     * Publishes this pass's edits in arrival order ({@link EditPublisher#publish(List, long, boolean)}), hands each
     * applied one to {@code applied}, then answers every sender.
     */
    void commit(NavServerConfig.Maps config, Applied applied) {
        if (pass.isEmpty()) {
            return;
        }
        List<EditPublisher.Request> requests = new ArrayList<>(pass.size());
        for (Pending p : pass) {
            requests.add(new EditPublisher.Request(p.map(), p.edits()));
        }
        List<EditPublisher.Outcome> outcomes;
        try {
            outcomes = publisher.publish(requests, config.maxEditCells(), config.syncPerTick());
        } catch (RuntimeException e) {
            LOG.error("map edits failed", e);
            for (Pending p : pass) {
                if (p.done() != null) {
                    p.done().completeExceptionally(e);
                }
            }
            pass.clear();
            throw e;
        }
        for (int i = 0; i < pass.size(); i++) {
            Pending p = pass.get(i);
            EditPublisher.Outcome r = outcomes.get(i);
            if (r.applied()) {
                applied.applied(r, p.edits().size(), p.session() != null ? "session" : "admin", p.arrivalNanos());
            }
            if (p.session() == null) {
                p.done().complete(r);
            } else if (r.applied()) {
                p.session().write(new MapEdited(p.message().id(), r.map(), r.version(), r.changedCells()));
            } else {
                errors.error(p.session(), new ErrorMessage(p.message().id(), r.status().code(), r.message()));
            }
        }
        pass.clear();
    }
}
