package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.Roles;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exact wire text of the issue's examples: key names, key order, number formatting. */
class GoldenJsonTest {
    @Test
    void welcome_MatchesIssueExampleExactly() {
        Welcome welcome = new Welcome(null, Protocol.VERSION, "s-1", "alice",
                new MapInfo("arena", new Vec3(-30, 0, 30), 1.0, 60, 60), 20, 0.5, 0.5, 4.0, Roles.PLAYER, 3);

        assertThat(MessageWriter.toJson(welcome)).isEqualTo(
                "{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"alice\",\"map\":{\"name\":\"arena\","
                        + "\"origin\":[-30.0,0.0,30.0],\"cellSize\":1.0,\"width\":60,\"height\":60},\"tickHz\":20,"
                        + "\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,\"localNavDistanceMeters\":4.0,"
                        + "\"role\":\"player\",\"mapVersion\":3}");
    }

    @Test
    void navPath_MatchesIssueExampleExactly_WithPointsUnderKeyNavPath() {
        NavPath navPath = new NavPath("m-9", 4, 17, "ok",
                List.of(new Vec3(1.5, 0, -2.25), new Vec3(3, 0, 4)), 2.0, 123.456, 2);

        assertThat(MessageWriter.toJson(navPath)).isEqualTo(
                "{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                        + "\"nav_path\":[[1.5,0.0,-2.25],[3.0,0.0,4.0]],\"speedMetersPerSecond\":2.0,\"serverTime\":123.456,"
                        + "\"mapVersion\":2}");
    }

    @Test
    void authorityWelcome_CarriesRoleAndMapVersionLast() {
        Welcome welcome = new Welcome(null, Protocol.VERSION, "s-2", "gm",
                new MapInfo("arena", new Vec3(-30, 0, 30), 1.0, 60, 60), 20, 0.5, 0.5, 4.0, Roles.AUTHORITY, 1);

        assertThat(MessageWriter.toJson(welcome)).endsWith(",\"role\":\"authority\",\"mapVersion\":1}");
    }

    @Test
    void path_CarriesMapVersionAfterLength() {
        PathResult path = new PathResult(null, PathStatus.PARTIAL, List.of(new Vec3(0, 0, 0), new Vec3(3, 0, 4)), 7);

        assertThat(MessageWriter.toJson(path)).isEqualTo("{\"type\":\"path\",\"status\":\"partial\","
                + "\"points\":[[0.0,0.0,0.0],[3.0,0.0,4.0]],\"length\":5.0,\"mapVersion\":7}");
    }

    @Test
    void helloWithToken_WritesTheToken_ButItsToStringHidesIt() {
        Hello hello = new Hello(null, Protocol.VERSION, "gm", "arena", "0123456789abcdef-secret");

        assertThat(MessageWriter.toJson(hello)).isEqualTo("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\","
                + "\"map\":\"arena\",\"token\":\"0123456789abcdef-secret\"}");
        assertThat(hello.toString()).doesNotContain("secret").contains("token=(set)");
        assertThat(new Hello(null, 1, "p", null).toString()).contains("token=null");
    }
}
