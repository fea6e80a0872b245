package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.TerrainNames;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.MapEdit;
import dev.navserver.protocol.message.MapEdited;
import dev.navserver.protocol.message.MapPatch;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Welcome;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The run's editing bot ({@code --edits-per-second}): an authority session on the bots' map that toggles small
 * random rectangles to {@code wall} and later back to {@code original}, one {@code map_edit} per period.
 *
 * <p>Rectangles are doors (1×2 to 1×3, either orientation) or boxes (2×2 to 4×4), on cells open in the map file,
 * at least one cell apart from every wall it placed and not yet restored, and not within {@value #PLAYER_MARGIN}
 * cells of a block where a player stands ({@link Occupancy}). At most {@value #MAX_ACTIVE} rectangles stand at a
 * time; each period restores the oldest (always when that many stand, else with probability 1/2) or places a new
 * one. At most {@value #MAX_IN_FLIGHT} edits wait for their answer; a period that would exceed that, or finds no
 * free spot, sends nothing. At the end of the run it restores every rectangle still standing in one message,
 * waits for the answer (at most {@value #RESTORE_WAIT_MILLIS} ms), says {@code bye} and closes, so the server's map
 * is the file again for the next run.
 *
 * <p>Stateful, one per run; confined to its channel's event loop.
 */
final class EditorBot extends AuthorityBot {
    static final String PLAYER = "bots-editor";
    static final int MAX_ACTIVE = 8;
    static final int MAX_IN_FLIGHT = 8;
    static final int PLAYER_MARGIN = 2;
    static final int RESTORE_WAIT_MILLIS = 1000;
    private static final int ATTEMPTS = 32;
    private static final String RESTORE_ID = "restore";

    private final MapVersions versions;
    private final Occupancy occupancy;
    private final SplittableRandom random;
    /** Walls placed (sent) and not yet restored, oldest first. */
    private final ArrayDeque<CellRect> active = new ArrayDeque<>();
    /** Unanswered edits by id: the rectangle a placement put, or null for a restore. */
    private final Map<String, CellRect> inFlight = new HashMap<>();

    private long nextId;
    private ScheduledFuture<?> ticker;

    EditorBot(BotsSettings settings, BotMap map, MapVersions versions, Occupancy occupancy, BotStats stats,
              RunControl run, SplittableRandom random) {
        super(PLAYER, "editor", settings, map, stats, run);
        this.versions = versions;
        this.occupancy = occupancy;
        this.random = random;
    }

    /** The walls it placed stand on the new node too (the map's edits move with it); it keeps editing there. */
    @Override
    boolean followsMoves() {
        return true;
    }

    /**
     * Edits unanswered by the old node are forgotten: a placement may or may not have been applied, so its rectangle
     * stays among the standing ones (restoring an open cell changes nothing).
     */
    @Override
    void moved() {
        inFlight.clear();
    }

    @Override
    void onMessage(ChannelHandlerContext ctx, ServerMessage m) {
        if (m instanceof Welcome w) {
            onWelcome(ctx, w);
        } else if (m instanceof MapEdited e) {
            onEdited(e.id());
        } else if (m instanceof MapPatch p) {
            onPatch(p);
        } else if (m instanceof ErrorMessage e) {
            onError(e);
        } else if (m instanceof Bye b) {
            if (!welcomed) {
                refuse("the server said bye (" + b.reason() + ") before welcome");
            } else if (!closing && !run.ending()) {
                stats.disconnect("editor_bye_" + b.reason());
                run.note(() -> PLAYER + ": server said bye (" + b.reason() + ") before the end");
            }
        }
    }

    private void onWelcome(ChannelHandlerContext ctx, Welcome w) {
        if (!acceptWelcome(w)) {
            return;
        }
        versions.base(w.mapVersion());
        ready.complete(null);
        if (settings.editsPerSecond() > 0) {
            long period = Math.max(1, Math.round(1e9 / settings.editsPerSecond()));
            ticker = ctx.executor().scheduleAtFixedRate(this::tick, period, period, TimeUnit.NANOSECONDS);
        }
    }

    private void onEdited(RequestId id) {
        String key = id == null ? null : id.text();
        if (RESTORE_ID.equals(key)) {
            stats.edits.increment();
            sayBye();
            return;
        }
        if (key != null && inFlight.containsKey(key)) {
            inFlight.remove(key);
        }
        stats.edits.increment();
    }

    private void onPatch(MapPatch p) {
        MapVersions.Offer o = versions.offer(p.version(), p.edits());
        if (o == MapVersions.Offer.MISMATCH || o == MapVersions.Offer.BAD_PATCH) {
            stats.patchProblem(o.name().toLowerCase(java.util.Locale.ROOT));
            run.note(() -> PLAYER + ": map_patch version " + p.version() + ": " + o);
        }
        if (Boolean.TRUE.equals(p.reset())) {
            active.clear(); // the reload erased every edit
        }
    }

    private void onError(ErrorMessage e) {
        if (!welcomed) {
            refuse("the server refused --authority-token: error " + e.code() + ": " + e.message());
            return;
        }
        stats.error(e.code());
        String key = e.id() == null ? null : e.id().text();
        if (RESTORE_ID.equals(key)) {
            run.note(() -> PLAYER + ": final restore refused: " + e.code() + ": " + e.message());
            sayBye();
            return;
        }
        if (key != null && inFlight.containsKey(key)) {
            CellRect placed = inFlight.remove(key);
            if (placed != null) {
                active.remove(placed); // never applied
            }
        }
    }

    private void tick() {
        if (closing || !channel.isActive() || run.ending()) {
            return;
        }
        if (inFlight.size() >= MAX_IN_FLIGHT) {
            stats.editSkipped();
            return;
        }
        String id = "e" + (++nextId);
        if (!active.isEmpty() && (active.size() >= MAX_ACTIVE || random.nextBoolean())) {
            CellRect r = active.pollFirst();
            inFlight.put(id, null);
            send(new MapEdit(RequestId.of(id), null, List.of(TerrainEdit.cells(r, TerrainNames.ORIGINAL))));
            return;
        }
        CellRect r = pick();
        if (r == null) {
            stats.editSkipped();
            return;
        }
        active.addLast(r);
        inFlight.put(id, r);
        send(new MapEdit(RequestId.of(id), null, List.of(TerrainEdit.cells(r, "wall"))));
    }

    /** A random door or box on open file cells, clear of the standing walls and the players; null if none found. */
    CellRect pick() {
        GridMap m = map.map();
        NavGrid g = map.grid();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int w;
            int h;
            if (random.nextBoolean()) {
                int len = 2 + random.nextInt(2);
                boolean across = random.nextBoolean();
                w = across ? len : 1;
                h = across ? 1 : len;
            } else {
                w = 2 + random.nextInt(3);
                h = 2 + random.nextInt(3);
            }
            if (w > m.width() || h > m.height()) {
                continue;
            }
            int col = random.nextInt(m.width() - w + 1);
            int row = random.nextInt(m.height() - h + 1);
            CellRect r = new CellRect(col, row, w, h);
            if (allOpen(g, m, r) && apart(r) && !occupancy.anyNear(col, row, col + w - 1, row + h - 1,
                    PLAYER_MARGIN)) {
                return r;
            }
        }
        return null;
    }

    private static boolean allOpen(NavGrid g, GridMap m, CellRect r) {
        for (int row = r.row(); row < r.row() + r.height(); row++) {
            for (int col = r.col(); col < r.col() + r.width(); col++) {
                if (!g.openCell(m.cell(col, row))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether {@code r} keeps at least one cell between itself and every standing wall. */
    private boolean apart(CellRect r) {
        for (CellRect a : active) {
            if (r.col() <= a.col() + a.width() && a.col() <= r.col() + r.width()
                    && r.row() <= a.row() + a.height() && a.row() <= r.row() + r.height()) {
                return false;
            }
        }
        return true;
    }

    /** Ends the editor at the end of the run: restores what stands, then says bye. On the event loop. */
    void finish() {
        if (closing) {
            return;
        }
        closing = true;
        cancelTimers();
        if (!channel.isActive()) {
            return;
        }
        if (!welcomed || active.isEmpty()) {
            sayBye();
            return;
        }
        List<TerrainEdit> restore = new ArrayList<>(active.size());
        for (CellRect r : active) {
            restore.add(TerrainEdit.cells(r, TerrainNames.ORIGINAL));
        }
        active.clear();
        send(new MapEdit(RequestId.of(RESTORE_ID), null, restore));
        channel.eventLoop().schedule(this::sayBye, RESTORE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void sayBye() {
        if (channel.isActive()) {
            stats.messageOut(Bye.TYPE);
            channel.writeAndFlush(new Bye(ByeReasons.CLIENT)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    void cancelOwnTimers() {
        if (ticker != null) {
            ticker.cancel(false);
        }
    }
}
