package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MessageReaderFromServerTest {
    private static final String MAP = "\"map\":{\"name\":\"arena\",\"origin\":[-30.0,0.0,30.0],\"cellSize\":1.0,"
            + "\"width\":60,\"height\":60}";

    static Stream<Arguments> brokenLines() {
        return Stream.of(
                arguments("nope", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("[]", ErrorCodes.BAD_MESSAGE, "must be a JSON object"),
                arguments("{\"type\":\"hello\"}", ErrorCodes.UNKNOWN_TYPE, "unknown type \"hello\""),
                arguments("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"a\"}",
                        ErrorCodes.BAD_FIELD, "map: required field missing"),
                arguments("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"a\","
                                + "\"map\":{\"name\":\"arena\",\"origin\":[0,0],\"cellSize\":1,\"width\":1,\"height\":1}}",
                        ErrorCodes.BAD_FIELD, "map.origin: must have exactly 3 elements"),
                arguments("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"a\","
                                + "\"map\":{\"name\":\"arena\",\"origin\":[0,0,0],\"cellSize\":0,\"width\":1,\"height\":1}}",
                        ErrorCodes.BAD_FIELD, "map.cellSize: 0.0 is out of range"),
                arguments("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"a\"," + MAP
                        + ",\"tickHz\":20,\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5}",
                        ErrorCodes.BAD_FIELD, "localNavDistanceMeters: required field missing"),
                arguments("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"a\"," + MAP
                        + ",\"tickHz\":20,\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,"
                        + "\"localNavDistanceMeters\":4.0,\"role\":\"player\"}",
                        ErrorCodes.BAD_FIELD, "mapVersion: required field missing"),
                arguments("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                                + "\"nav_path\":[[0,0,0]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0,\"mapVersion\":0}",
                        ErrorCodes.BAD_FIELD, "mapVersion: 0 is out of range"),
                arguments("{\"type\":\"path\",\"status\":\"unreachable\",\"points\":[],\"length\":0}",
                        ErrorCodes.BAD_FIELD, "mapVersion: required field missing"),
                arguments("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                                + "\"points\":[],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0}",
                        ErrorCodes.BAD_FIELD, "nav_path: required field missing"),
                arguments("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                                + "\"nav_path\":[[0,0,0],[1,0]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0}",
                        ErrorCodes.BAD_FIELD, "nav_path[1]: must have exactly 3 elements"),
                arguments("{\"type\":\"monsters\",\"serverTime\":1.0,\"list\":[{\"monster\":\"m-1\",\"pos\":[0,0,0],"
                                + "\"state\":\"idle\"},{\"monster\":\"m-2\",\"pos\":[0,0,0]}]}",
                        ErrorCodes.BAD_FIELD, "list[1].state: required field missing"),
                arguments("{\"type\":\"monsters\",\"serverTime\":1.0,\"list\":[7]}",
                        ErrorCodes.BAD_FIELD, "list[0]: must be an object, got a number"),
                arguments("{\"type\":\"path_valid\",\"id\":\"v\",\"valid\":\"no\"}",
                        ErrorCodes.BAD_FIELD, "valid: must be true or false, got a string"),
                arguments("{\"type\":\"path_valid\",\"valid\":false,\"badSegment\":-1}",
                        ErrorCodes.BAD_FIELD, "badSegment: -1 is out of range"),
                arguments("{\"type\":\"pong\",\"serverTime\":1e999}", ErrorCodes.BAD_FIELD, "serverTime: must be finite"),
                arguments("{\"type\":\"local_nav\",\"monster\":\"m-9\"}", ErrorCodes.BAD_FIELD, "active: required field missing"),
                arguments("{\"type\":\"local_nav\",\"monster\":\"m-9\",\"active\":false,\"slot\":[1,0,2]}",
                        ErrorCodes.BAD_FIELD, "slot: only allowed with active:true"),
                arguments("{\"type\":\"local_nav\",\"monster\":\"m-9\",\"active\":true,\"slot\":[1,0]}",
                        ErrorCodes.BAD_FIELD, "slot: must have exactly 3 elements [x,y,z], got 2"),
                arguments("{\"type\":\"error\",\"message\":\"x\"}", ErrorCodes.BAD_FIELD, "code: required field missing"));
    }

    @ParameterizedTest(name = "[{index}] {1}: {0}")
    @MethodSource("brokenLines")
    void brokenLine_DecodesToItsErrorCode(String line, String code, String messageFragment) {
        FromServer result = MessageReader.FROM_SERVER.read(line);

        assertThat(result).isInstanceOf(ProtocolError.class);
        assertThat(((ProtocolError) result).code()).isEqualTo(code);
        assertThat(((ProtocolError) result).message()).contains(messageFragment);
    }

    @Test
    void issueExamples_Decode() {
        assertThat(MessageReader.FROM_SERVER.read("{\"type\":\"path\",\"id\":\"q1\",\"status\":\"partial\","
                + "\"points\":[[0,0,0],[3,0,4]],\"length\":5,\"mapVersion\":4}"))
                .isEqualTo(new PathResult(RequestId.of("q1"), PathStatus.PARTIAL,
                        List.of(new Vec3(0, 0, 0), new Vec3(3, 0, 4)), 4));
        assertThat(MessageReader.FROM_SERVER.read("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,"
                + "\"status\":\"ok\",\"nav_path\":[[1,0,2]],\"speedMetersPerSecond\":2.0,\"serverTime\":123.456,"
                + "\"mapVersion\":2}"))
                .isEqualTo(new NavPath("m-9", 4, 17, PathStatus.OK, List.of(new Vec3(1, 0, 2)), 2.0, 123.456, 2));
        assertThat(MessageReader.FROM_SERVER.read("{\"type\":\"error\",\"id\":5,\"code\":\"bad_field\",\"message\":\"pos\"}"))
                .isEqualTo(new ErrorMessage(RequestId.of(5), ErrorCodes.BAD_FIELD, "pos"));
    }

    @Test
    void newerServerFields_AreIgnored() {
        assertThat(MessageReader.FROM_SERVER.read("{\"type\":\"pong\",\"id\":1,\"serverTime\":2.5,\"tickNumber\":50}"))
                .isEqualTo(new dev.navserver.protocol.message.Pong(RequestId.of(1), 2.5));
    }
}
