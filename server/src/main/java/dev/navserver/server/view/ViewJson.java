package dev.navserver.server.view;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.WorldView;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Writes the viewer's server→viewer messages ({@code hello}, {@code full}, {@code delta}, {@code error}; see
 * docs/viewer.md) with Jackson's streaming generator straight into a {@link ByteBuf}. Coordinates and times are
 * rounded to millimetres (milliseconds). Stateless; thread-safe.
 */
final class ViewJson {
    private static final JsonFactory FACTORY = new JsonFactory();
    /** Protocol version in {@code hello}. */
    static final int PROTOCOL = 1;
    /** Names of the terrain codes 0..5 in {@code hello}. */
    static final List<String> TERRAINS = List.of("open", "wall", "trees", "water", "swamp", "hill");

    private ViewJson() {
    }

    /** Writes {@code body} into a new buffer of {@code alloc}; the caller owns the buffer. */
    static ByteBuf write(ByteBufAllocator alloc, Body body) {
        ByteBuf buf = alloc.buffer();
        boolean ok = false;
        try (JsonGenerator g = FACTORY.createGenerator((java.io.OutputStream) new ByteBufOutputStream(buf))) {
            body.write(g);
            ok = true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!ok) {
                buf.release();
            }
        }
        return buf;
    }

    /** Content written by {@link #write}. */
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    static void hello(JsonGenerator g, List<GridMap> maps, ToLongFunction<GridMap> version) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", "hello");
        g.writeNumberField("protocol", PROTOCOL);
        g.writeNumberField("maxHz", ViewHub.MAX_HZ);
        g.writeNumberField("tileSize", ViewTiles.TILE_SIZE);
        g.writeArrayFieldStart("terrains");
        for (String t : TERRAINS) {
            g.writeString(t);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("maps");
        for (GridMap m : maps) {
            WorldTransform t = m.transform();
            g.writeStartObject();
            g.writeStringField("name", m.name());
            g.writeNumberField("width", m.width());
            g.writeNumberField("height", m.height());
            g.writeNumberField("originX", t.originX());
            g.writeNumberField("originY", t.originY());
            g.writeNumberField("originZ", t.originZ());
            g.writeNumberField("cellSize", t.cellSize());
            g.writeNumberField("version", version.applyAsLong(m));
            g.writeNumberField("levels", ViewTiles.levels(m.width(), m.height()));
            g.writeNumberField("islands", m.navGrid().islandCount());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    static void error(JsonGenerator g, String code, String message) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", "error");
        g.writeStringField("code", code);
        g.writeStringField("message", message);
        g.writeEndObject();
    }

    static void full(JsonGenerator g, ViewFrame f) throws IOException {
        WorldView w = f.world();
        head(g, "full", f);
        g.writeObjectFieldStart("settings");
        g.writeNumberField("localNavDistanceMeters", f.localNavDistanceMeters());
        g.writeNumberField("stoppingDistanceMeters", f.stoppingDistanceMeters());
        g.writeEndObject();
        stats(g, f.stats());
        g.writeArrayFieldStart("players");
        for (int i = 0; i < w.playerCount(); i++) {
            ViewRecords.player(g, w, i);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("monsters");
        for (int i = 0; i < w.monsterCount(); i++) {
            ViewRecords.monster(g, w, i);
        }
        g.writeEndArray();
        g.writeObjectFieldStart("paths");
        for (int i = 0; i < w.monsterCount(); i++) {
            if (w.path(i) != null) {
                path(g, w.monsterId(i), w.path(i));
            }
        }
        g.writeEndObject();
        g.writeArrayFieldStart("routes");
        for (int i = 0; i < w.routeCount(); i++) {
            ViewRecords.route(g, w.route(i));
        }
        g.writeEndArray();
        edits(g, f.edits());
        g.writeEndObject();
    }

    /** A {@code delta} from {@code d} (computed from the last frame sent to {@code f}); empty lists are left out. */
    static void delta(JsonGenerator g, ViewFrame f, ViewDelta d) throws IOException {
        WorldView w = f.world();
        head(g, "delta", f);
        stats(g, f.stats());
        int[] players = d.players();
        if (players.length > 0) {
            g.writeArrayFieldStart("players");
            for (int i : players) {
                ViewRecords.player(g, w, i);
            }
            g.writeEndArray();
        }
        strings(g, "playersGone", d.playersGone());
        int[] moved = d.moved();
        if (moved.length > 0) {
            g.writeArrayFieldStart("moved");
            for (int i : moved) {
                g.writeStartArray();
                g.writeString(w.monsterId(i));
                metres(g, w.monsterX(i));
                metres(g, w.monsterZ(i));
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        int[] monsters = d.monsters();
        if (monsters.length > 0) {
            g.writeArrayFieldStart("monsters");
            for (int i : monsters) {
                ViewRecords.monster(g, w, i);
            }
            g.writeEndArray();
        }
        strings(g, "monstersGone", d.monstersGone());
        int[] paths = d.paths();
        if (paths.length > 0) {
            g.writeObjectFieldStart("paths");
            for (int i : paths) {
                path(g, w.monsterId(i), w.path(i));
            }
            g.writeEndObject();
        }
        strings(g, "pathsGone", d.pathsGone());
        if (!d.routes().isEmpty()) {
            g.writeArrayFieldStart("routes");
            for (Route r : d.routes()) {
                ViewRecords.route(g, r);
            }
            g.writeEndArray();
        }
        strings(g, "routesGone", d.routesGone());
        if (!d.edits().isEmpty()) {
            edits(g, d.edits());
        }
        g.writeEndObject();
    }

    private static void head(JsonGenerator g, String type, ViewFrame f) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", type);
        g.writeStringField("map", f.map());
        g.writeNumberField("version", f.version());
        g.writeNumberField("frame", f.frame());
        g.writeFieldName("time");
        metres(g, f.time());
    }

    private static void stats(JsonGenerator g, ViewStats s) throws IOException {
        g.writeObjectFieldStart("stats");
        g.writeFieldName("tickP99Ms");
        metres(g, s.tickP99Ms());
        g.writeFieldName("plansPerSecond");
        metres(g, s.plansPerSecond());
        g.writeFieldName("navPathsPerSecond");
        metres(g, s.navPathsPerSecond());
        g.writeNumberField("sessions", s.sessions());
        g.writeEndObject();
    }

    private static void path(JsonGenerator g, String id, WorldPath p) throws IOException {
        g.writeArrayFieldStart(id);
        for (int k = 0; k < p.size(); k++) {
            g.writeStartArray();
            metres(g, p.x(k));
            metres(g, p.y(k));
            metres(g, p.z(k));
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void edits(JsonGenerator g, List<ViewEdit> edits) throws IOException {
        g.writeArrayFieldStart("edits");
        for (ViewEdit e : edits) {
            g.writeStartObject();
            g.writeArrayFieldStart("cells");
            g.writeNumber(e.col());
            g.writeNumber(e.row());
            g.writeNumber(e.width());
            g.writeNumber(e.height());
            g.writeEndArray();
            g.writeStringField("terrain", e.terrain());
            g.writeNumberField("version", e.version());
            g.writeFieldName("time");
            metres(g, e.time());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
        if (values.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    static void optional(JsonGenerator g, long v) throws IOException {
        if (v == WorldView.NONE) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }

    /** A value rounded to three decimals (millimetres for metres); non-finite values as null. */
    static void metres(JsonGenerator g, double v) throws IOException {
        if (!Double.isFinite(v) || Math.abs(v) >= 1e15) {
            if (Double.isFinite(v)) {
                g.writeNumber(v);
            } else {
                g.writeNull();
            }
            return;
        }
        char[] buf = SCRATCH.get();
        int len = formatMilli(Math.round(v * 1000), buf);
        g.writeNumber(buf, 0, len);
    }

    /** Per-thread buffer for {@link #formatMilli}. */
    private static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[24]);

    /**
     * Writes {@code milli / 1000} as a JSON number: at least one fraction digit, no trailing zeros beyond it
     * ({@code 4100 -> "4.1"}, {@code 4000 -> "4.0"}, {@code -5 -> "-0.005"}). Faster than {@link Double#toString}.
     *
     * @param milli |milli| < 10^18
     * @return characters written to {@code out} (24 suffice)
     */
    static int formatMilli(long milli, char[] out) {
        int pos = 0;
        if (milli < 0) {
            out[pos++] = '-';
            milli = -milli;
        }
        long whole = milli / 1000;
        int frac = (int) (milli % 1000);
        // integer digits, reversed into place
        int start = pos;
        do {
            out[pos++] = (char) ('0' + whole % 10);
            whole /= 10;
        } while (whole != 0);
        for (int i = start, j = pos - 1; i < j; i++, j--) {
            char t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        out[pos++] = '.';
        out[pos++] = (char) ('0' + frac / 100);
        int d2 = frac / 10 % 10;
        int d3 = frac % 10;
        if (d2 != 0 || d3 != 0) {
            out[pos++] = (char) ('0' + d2);
            if (d3 != 0) {
                out[pos++] = (char) ('0' + d3);
            }
        }
        return pos;
    }
}
