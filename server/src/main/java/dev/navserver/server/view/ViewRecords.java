package dev.navserver.server.view;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.server.world.MonsterKind;
import dev.navserver.server.world.Route;
import dev.navserver.server.world.WorldView;
import java.io.IOException;
import java.util.Locale;

/**
 * Writes the records inside the viewer's {@code full} and {@code delta} messages: players, monsters and routes (see
 * docs/viewer.md). Coordinates rounded to millimetres as {@link ViewJson#metres}. Stateless; thread-safe.
 */
final class ViewRecords {
    private ViewRecords() {
    }

    static void player(JsonGenerator g, WorldView w, int i) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", w.playerId(i));
        g.writeFieldName("x");
        ViewJson.metres(g, w.playerX(i));
        g.writeFieldName("y");
        ViewJson.metres(g, w.playerY(i));
        g.writeFieldName("z");
        ViewJson.metres(g, w.playerZ(i));
        g.writeNumberField("seq", w.playerSeq(i));
        g.writeStringField("name", w.playerName(i));
        g.writeEndObject();
    }

    static void monster(JsonGenerator g, WorldView w, int i) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", w.monsterId(i));
        g.writeStringField("player", w.monsterPlayer(i));
        g.writeFieldName("x");
        ViewJson.metres(g, w.monsterX(i));
        g.writeFieldName("z");
        ViewJson.metres(g, w.monsterZ(i));
        g.writeStringField("state", w.wireState(i));
        g.writeStringField("detail", w.state(i).name());
        g.writeFieldName("lastPlan");
        if (Double.isNaN(w.lastPlan(i))) {
            g.writeNull();
        } else {
            ViewJson.metres(g, w.lastPlan(i));
        }
        g.writeFieldName("playerSeq");
        ViewJson.optional(g, w.planPlayerSeq(i));
        WorldPath p = w.path(i);
        if (p == null) {
            g.writeNullField("status");
            g.writeNullField("expansions");
        } else {
            g.writeStringField("status", p.status().name().toLowerCase(Locale.ROOT));
            g.writeNumberField("expansions", p.expanded());
        }
        g.writeFieldName("mapVersion");
        ViewJson.optional(g, w.pathMapVersion(i));
        g.writeNumberField("pathSeq", w.pathSeq(i));
        MonsterKind k = w.kind(i);
        g.writeStringField("kind", k.name());
        g.writeStringField("target", w.target(i));
        g.writeArrayFieldStart("home");
        ViewJson.metres(g, w.homeX(i));
        ViewJson.metres(g, w.homeZ(i));
        g.writeEndArray();
        g.writeFieldName("radiusMeters");
        ViewJson.metres(g, k.radiusMeters());
        g.writeFieldName("aggroRadiusMeters");
        ViewJson.metres(g, k.aggroRadiusMeters());
        g.writeFieldName("leashRadiusMeters");
        ViewJson.metres(g, k.leashRadiusMeters());
        g.writeStringField("behaviour", w.behaviour(i));
        g.writeStringField("route", w.patrolRoute(i));
        g.writeFieldName("wanderRadiusMeters");
        ViewJson.metres(g, w.wanderRadius(i)); // NaN (not wandering) is written as null
        g.writeEndObject();
    }

    /** {@code {"name":…,"mode":"loop","waitSeconds":…,"points":[[x,z],…]}}. */
    static void route(JsonGenerator g, Route r) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", r.name());
        g.writeStringField("mode", r.mode().wireName());
        g.writeFieldName("waitSeconds");
        ViewJson.metres(g, r.waitSeconds());
        g.writeArrayFieldStart("points");
        for (int k = 0; k < r.size(); k++) {
            g.writeStartArray();
            ViewJson.metres(g, r.x(k));
            ViewJson.metres(g, r.z(k));
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
