package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MessageReaderFromClientTest {
    private static ProtocolError error(FromClient result) {
        assertThat(result).isInstanceOf(ProtocolError.class);
        return (ProtocolError) result;
    }

    private static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    static Stream<Arguments> hostileLines() {
        return Stream.of(
                // not JSON
                arguments("hello", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"ping\"", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{'type':'ping'}", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"ping\",}", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"spawn\",\"pos\":[NaN,0,0]}", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"spawn\",\"pos\":[Infinity,0,0]}", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"ping\"}{\"type\":\"ping\"}", ErrorCodes.BAD_JSON, "more than one JSON value"),
                arguments("{\"type\":\"ping\"} 1", ErrorCodes.BAD_JSON, "more than one JSON value"),
                arguments("[1] [2]", ErrorCodes.BAD_JSON, "more than one JSON value"),
                arguments("{\"type\":\"ping\"}x", ErrorCodes.BAD_JSON, "malformed JSON"),
                arguments("{\"type\":\"ping\",\"type\":\"bye\"}", ErrorCodes.BAD_JSON, "Duplicate field 'type'"),
                arguments("{\"type\":\"hello\",\"player\":\"a\u0001b\",\"protocol\":1}", ErrorCodes.BAD_JSON,
                        "malformed JSON"),
                arguments("", ErrorCodes.BAD_JSON, "no JSON value"),
                arguments("   \t", ErrorCodes.BAD_JSON, "no JSON value"),
                // deeply nested
                arguments("{\"type\":\"ping\",\"x\":" + nested(40) + "}", ErrorCodes.BAD_JSON,
                        "nested deeper than 32 levels"),
                arguments(nested(10_000), ErrorCodes.BAD_JSON, "nested deeper than 32 levels"),
                // JSON, not an object
                arguments("[1,2]", ErrorCodes.BAD_MESSAGE, "must be a JSON object, got an array"),
                arguments("\"ping\"", ErrorCodes.BAD_MESSAGE, "got a string"),
                arguments("42", ErrorCodes.BAD_MESSAGE, "got a number"),
                arguments("true", ErrorCodes.BAD_MESSAGE, "got a boolean"),
                arguments("null", ErrorCodes.BAD_MESSAGE, "got null"),
                // type
                arguments("{}", ErrorCodes.BAD_MESSAGE, "missing \"type\""),
                arguments("{\"id\":1,\"pos\":[0,0,0]}", ErrorCodes.BAD_MESSAGE, "missing \"type\""),
                arguments("{\"type\":5}", ErrorCodes.BAD_MESSAGE, "\"type\" must be a string, got a number"),
                arguments("{\"type\":null}", ErrorCodes.BAD_MESSAGE, "\"type\" must be a string, got null"),
                arguments("{\"type\":[\"ping\"]}", ErrorCodes.BAD_MESSAGE, "got an array"),
                arguments("{\"type\":\"teleport\"}", ErrorCodes.UNKNOWN_TYPE, "unknown type \"teleport\""),
                arguments("{\"type\":\"PING\"}", ErrorCodes.UNKNOWN_TYPE, "unknown type \"PING\""),
                arguments("{\"type\":\"welcome\"}", ErrorCodes.UNKNOWN_TYPE, "unknown type \"welcome\""),
                // id
                arguments("{\"type\":\"ping\",\"id\":{\"a\":1}}", ErrorCodes.BAD_FIELD,
                        "id: must be a string or a number, got an object"),
                arguments("{\"type\":\"ping\",\"id\":true}", ErrorCodes.BAD_FIELD, "id: must be a string or a number"),
                arguments("{\"type\":\"ping\",\"id\":null}", ErrorCodes.BAD_FIELD, "got null"),
                // missing required fields
                arguments("{\"type\":\"spawn\"}", ErrorCodes.BAD_FIELD, "pos: required field missing"),
                arguments("{\"type\":\"player_pos\",\"pos\":[0,0,0]}", ErrorCodes.BAD_FIELD, "seq: required field missing"),
                arguments("{\"type\":\"path_query\",\"from\":[0,0,0]}", ErrorCodes.BAD_FIELD, "to: required field missing"),
                arguments("{\"type\":\"hello\",\"player\":\"a\"}", ErrorCodes.BAD_FIELD, "protocol: required field missing"),
                arguments("{\"type\":\"hello\",\"protocol\":1}", ErrorCodes.BAD_FIELD, "player: required field missing"),
                arguments("{\"type\":\"validate_path\"}", ErrorCodes.BAD_FIELD, "points: required field missing"),
                // wrong field types
                arguments("{\"type\":\"spawn\",\"pos\":\"here\"}", ErrorCodes.BAD_FIELD,
                        "pos: must be an array of 3 numbers [x,y,z], got a string"),
                arguments("{\"type\":\"spawn\",\"pos\":{\"x\":1,\"y\":2,\"z\":3}}", ErrorCodes.BAD_FIELD,
                        "pos: must be an array of 3 numbers [x,y,z], got an object"),
                arguments("{\"type\":\"spawn\",\"pos\":null}", ErrorCodes.BAD_FIELD, "pos: must be an array"),
                arguments("{\"type\":\"spawn\",\"pos\":[1,\"2\",3]}", ErrorCodes.BAD_FIELD,
                        "pos[1]: must be a number, got a string"),
                arguments("{\"type\":\"spawn\",\"pos\":[1,2,null]}", ErrorCodes.BAD_FIELD, "pos[2]: must be a number, got null"),
                arguments("{\"type\":\"spawn\",\"pos\":[[1],2,3]}", ErrorCodes.BAD_FIELD, "pos[0]: must be a number, got an array"),
                arguments("{\"type\":\"player_pos\",\"seq\":\"17\",\"pos\":[0,0,0]}", ErrorCodes.BAD_FIELD,
                        "seq: must be an integer, got a string"),
                arguments("{\"type\":\"player_pos\",\"seq\":1.5,\"pos\":[0,0,0]}", ErrorCodes.BAD_FIELD,
                        "seq: must be an integer, got 1.5"),
                arguments("{\"type\":\"hello\",\"protocol\":\"1\",\"player\":\"a\"}", ErrorCodes.BAD_FIELD,
                        "protocol: must be an integer"),
                arguments("{\"type\":\"hello\",\"protocol\":1,\"player\":7}", ErrorCodes.BAD_FIELD,
                        "player: must be a string, got a number"),
                arguments("{\"type\":\"hello\",\"protocol\":1,\"player\":\"a\",\"map\":[]}", ErrorCodes.BAD_FIELD,
                        "map: must be a string, got an array"),
                arguments("{\"type\":\"hello\",\"protocol\":1,\"player\":\"\"}", ErrorCodes.BAD_FIELD,
                        "player: must not be empty"),
                arguments("{\"type\":\"hello\",\"protocol\":1,\"player\":\"" + "p".repeat(65) + "\"}",
                        ErrorCodes.BAD_FIELD, "player: longer than 64 chars"),
                arguments("{\"type\":\"bye\",\"reason\":3}", ErrorCodes.BAD_FIELD, "reason: must be a string"),
                arguments("{\"type\":\"validate_path\",\"points\":[1,2,3]}", ErrorCodes.BAD_FIELD,
                        "points[0]: must be an array of 3 numbers [x,y,z], got a number"),
                arguments("{\"type\":\"validate_path\",\"points\":{}}", ErrorCodes.BAD_FIELD,
                        "points: must be an array of positions [x,y,z], got an object"),
                // arrays of the wrong length
                arguments("{\"type\":\"spawn\",\"pos\":[1,2]}", ErrorCodes.BAD_FIELD,
                        "pos: must have exactly 3 elements [x,y,z], got 2"),
                arguments("{\"type\":\"spawn\",\"pos\":[1,2,3,4]}", ErrorCodes.BAD_FIELD,
                        "pos: must have exactly 3 elements [x,y,z], got 4"),
                arguments("{\"type\":\"spawn\",\"pos\":[]}", ErrorCodes.BAD_FIELD, "got 0"),
                arguments("{\"type\":\"validate_path\",\"points\":[]}", ErrorCodes.BAD_FIELD,
                        "points: must have 1..4096 elements, got 0"),
                arguments("{\"type\":\"validate_path\",\"points\":[[0,0,0],[1,0,0],[2,0]]}", ErrorCodes.BAD_FIELD,
                        "points[2]: must have exactly 3 elements [x,y,z], got 2"),
                // non-finite and absurd numbers
                arguments("{\"type\":\"spawn\",\"pos\":[1e308,0,0]}", ErrorCodes.BAD_FIELD,
                        "pos[0]: 1.0E308 is out of range (|coordinate| must be <= 1.0E7 metres)"),
                arguments("{\"type\":\"spawn\",\"pos\":[0,-1e308,0]}", ErrorCodes.BAD_FIELD, "pos[1]: -1.0E308 is out of range"),
                arguments("{\"type\":\"spawn\",\"pos\":[0,0,10000000.5]}", ErrorCodes.BAD_FIELD, "pos[2]: 1.00000005E7 is out of range"),
                arguments("{\"type\":\"spawn\",\"pos\":[1e999,0,0]}", ErrorCodes.BAD_FIELD, "pos[0]: must be finite"),
                arguments("{\"type\":\"spawn\",\"pos\":[0,-1e999,0]}", ErrorCodes.BAD_FIELD, "pos[1]: must be finite"),
                arguments("{\"type\":\"path_query\",\"from\":[0,0,0],\"to\":[0,0,1e400]}", ErrorCodes.BAD_FIELD,
                        "to[2]: must be finite"),
                arguments("{\"type\":\"spawn\",\"pos\":[" + "9".repeat(400) + ",0,0]}", ErrorCodes.BAD_FIELD,
                        "is out of range (|coordinate| must be <= 1.0E7 metres)"),
                arguments("{\"type\":\"player_pos\",\"seq\":-1,\"pos\":[0,0,0]}", ErrorCodes.BAD_FIELD,
                        "seq: -1 is out of range [0, 9007199254740991]"),
                arguments("{\"type\":\"player_pos\",\"seq\":9007199254740992,\"pos\":[0,0,0]}", ErrorCodes.BAD_FIELD,
                        "seq: 9007199254740992 is out of range"),
                arguments("{\"type\":\"player_pos\",\"seq\":" + "9".repeat(100) + ",\"pos\":[0,0,0]}",
                        ErrorCodes.BAD_FIELD, "seq: 9999999999"),
                arguments("{\"type\":\"hello\",\"protocol\":0,\"player\":\"a\"}", ErrorCodes.BAD_FIELD,
                        "protocol: 0 is out of range"),
                arguments("{\"type\":\"hello\",\"protocol\":4294967297,\"player\":\"a\"}", ErrorCodes.BAD_FIELD,
                        "protocol: 4294967297 is out of range"),
                // map_edit
                arguments("{\"type\":\"map_edit\",\"edits\":[]}", ErrorCodes.BAD_FIELD,
                        "edits: must have 1..1024 elements, got 0"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"terrain\":\"wall\"}]}", ErrorCodes.BAD_FIELD,
                        "edits[0].cells: required field missing (or rect)"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0,1,1],\"rect\":[[0,0,0],[1,0,1]],"
                        + "\"terrain\":\"wall\"}]}", ErrorCodes.BAD_FIELD, "edits[0].rect: must not be given with cells"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0,1],\"terrain\":\"wall\"}]}",
                        ErrorCodes.BAD_FIELD, "edits[0].cells: must have exactly 4 elements, got 3"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0,1,1],\"terrain\":\"wall\"},"
                        + "{\"cells\":[0,0,0,1],\"terrain\":\"wall\"}]}", ErrorCodes.BAD_FIELD,
                        "edits[1].cells: width and height must be >= 1, got 0x1"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0.5,1,1],\"terrain\":\"wall\"}]}",
                        ErrorCodes.BAD_FIELD, "edits[0].cells[1]: must be an integer, got 0.5"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0,1,1],\"terrain\":\"lava\"}]}",
                        ErrorCodes.BAD_FIELD, "edits[0].terrain: unknown terrain 'lava', expected one of open, wall"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"rect\":[[0,0,0]],\"terrain\":\"wall\"}]}",
                        ErrorCodes.BAD_FIELD, "edits[0].rect: must have 2..2 elements, got 1"),
                arguments("{\"type\":\"map_edit\",\"edits\":[{\"cells\":[0,0,1,1]}]}",
                        ErrorCodes.BAD_FIELD, "edits[0].terrain: required field missing"));
    }

    @ParameterizedTest(name = "[{index}] {1}: {0}")
    @MethodSource("hostileLines")
    void hostileLine_DecodesToItsErrorCode(String line, String code, String messageFragment) {
        ProtocolError error = error(MessageReader.FROM_CLIENT.read(line));

        assertThat(error.code()).isEqualTo(code);
        assertThat(error.message()).contains(messageFragment);
    }

    @Test
    void invalidUtf8_IsBadJson() {
        byte[][] lines = {
                {'{', (byte) 0xC3, (byte) 0x28, '}'},                                  // bad continuation byte
                {'"', (byte) 0xC0, (byte) 0xAF, '"'},                                  // overlong '/'
                {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},                     // UTF-16 surrogate
                {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'},        // above U+10FFFF
                {'"', (byte) 0xE2, (byte) 0x82, '"'},                                  // truncated sequence
                {(byte) 0xFF},
        };
        for (byte[] line : lines) {
            ProtocolError error = error(MessageReader.FROM_CLIENT.read(line));

            assertThat(error.code()).isEqualTo(ErrorCodes.BAD_JSON);
            assertThat(error.message()).isEqualTo("line is not valid UTF-8");
            assertThat(error.id()).isNull();
        }
    }

    @Test
    void validUtf8InStrings_IsAccepted() {
        FromClient result = MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"Zoë 🐉\"}");

        assertThat(result).isEqualTo(new Hello(null, 1, "Zoë 🐉", null));
    }

    @Test
    void errorAfterTheIdWasRead_CarriesTheId() {
        assertThat(error(MessageReader.FROM_CLIENT.read("{\"type\":\"spawn\",\"id\":\"r1\",\"pos\":[1,2]}")).id())
                .isEqualTo(RequestId.of("r1"));
        assertThat(error(MessageReader.FROM_CLIENT.read("{\"type\":\"nope\",\"id\":7}")).id())
                .isEqualTo(RequestId.of(7));
        assertThat(error(MessageReader.FROM_CLIENT.read("{\"id\":7.50}")).id())
                .isEqualTo(RequestId.ofNumberLiteral("7.50"));
        ProtocolError truncated = error(MessageReader.FROM_CLIENT.read("{\"id\":\"q\",\"type\":\"ping\","));
        assertThat(truncated.code()).isEqualTo(ErrorCodes.BAD_JSON);
        assertThat(truncated.id()).isEqualTo(RequestId.of("q"));
    }

    @Test
    void errorBeforeTheIdWasRead_HasNoId() {
        assertThat(error(MessageReader.FROM_CLIENT.read("{\"type\":\"spawn\",\"pos\":[1,2] \"id\":\"r1\"}")).id()).isNull();
        assertThat(error(MessageReader.FROM_CLIENT.read("[{\"id\":1}]")).id()).isNull();
        assertThat(error(MessageReader.FROM_CLIENT.read("{\"type\":\"ping\",\"id\":[1]}")).id()).isNull();
    }

    @Test
    void nestingUpToTheLimit_IsAccepted() {
        // The top-level object is level 1, so a field may hold 31 levels of arrays.
        String line = "{\"type\":\"ping\",\"deep\":" + nested(Protocol.MAX_NESTING_DEPTH - 1) + "}";

        assertThat(MessageReader.FROM_CLIENT.read(line)).isEqualTo(new Ping(null));
        assertThat(error(MessageReader.FROM_CLIENT.read(
                "{\"type\":\"ping\",\"deep\":" + nested(Protocol.MAX_NESTING_DEPTH) + "}")).code())
                .isEqualTo(ErrorCodes.BAD_JSON);
    }

    @Test
    void unknownExtraFields_AreIgnored() {
        FromClient result = MessageReader.FROM_CLIENT.read(
                "{\"extra\":{\"a\":[1,2,{}]},\"type\":\"spawn\",\"id\":\"r1\",\"pos\":[1,2,3],\"future\":null}");

        assertThat(result).isEqualTo(new Spawn(RequestId.of("r1"), new Vec3(1, 2, 3)));
    }

    @Test
    void coordinatesAtTheBound_AreAccepted() {
        FromClient result = MessageReader.FROM_CLIENT.read("{\"type\":\"spawn\",\"pos\":[1e7,-1e7,-0.0]}");

        assertThat(result).isEqualTo(new Spawn(null, new Vec3(1e7, -1e7, -0.0)));
    }

    @Test
    void integralFieldsAcceptTheirBounds() {
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"player_pos\",\"seq\":9007199254740991,\"pos\":[0,0,0]}"))
                .isEqualTo(new PlayerPos(null, Protocol.MAX_COUNTER, new Vec3(0, 0, 0)));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"player_pos\",\"seq\":0,\"pos\":[0,0,0]}"))
                .isEqualTo(new PlayerPos(null, 0, new Vec3(0, 0, 0)));
    }

    @Test
    void hello_MapIsOptional_AndNullMeansDefault() {
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"alice\",\"map\":\"arena\"}"))
                .isEqualTo(new Hello(null, 1, "alice", "arena"));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"alice\"}"))
                .isEqualTo(new Hello(null, 1, "alice", null));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"alice\",\"map\":null}"))
                .isEqualTo(new Hello(null, 1, "alice", null));
    }

    @Test
    void hello_TokenIsOptional_AndItsErrorsNeverQuoteIt() {
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\","
                + "\"token\":\"0123456789abcdef\"}"))
                .isEqualTo(new Hello(null, 1, "gm", null, "0123456789abcdef"));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"token\":null}"))
                .isEqualTo(new Hello(null, 1, "gm", null));
        FromClient tooLong = MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\","
                + "\"token\":\"" + "s".repeat(Protocol.MAX_TOKEN_CHARS) + "x\"}");
        assertThat(tooLong).isInstanceOf(ProtocolError.class);
        assertThat(((ProtocolError) tooLong).code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(((ProtocolError) tooLong).message()).startsWith("token: longer than 256 chars").doesNotContain("sss");
        FromClient empty = MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"token\":\"\"}");
        assertThat(((ProtocolError) empty).message()).startsWith("token: must not be empty");
        FromClient number = MessageReader.FROM_CLIENT.read("{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"token\":12345}");
        assertThat(((ProtocolError) number).message()).startsWith("token: must be a string").doesNotContain("12345");
    }

    @Test
    void issueExamples_Decode() {
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"player_pos\",\"seq\":17,\"pos\":[1.5,0,-2]}"))
                .isEqualTo(new PlayerPos(null, 17, new Vec3(1.5, 0, -2)));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"path_query\",\"id\":\"q1\",\"from\":[0,0,0],\"to\":[3,0,4]}"))
                .isEqualTo(new PathQuery(RequestId.of("q1"), new Vec3(0, 0, 0), new Vec3(3, 0, 4)));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"validate_path\",\"id\":\"v1\",\"points\":[[0,0,0],[1,0,1]]}"))
                .isEqualTo(new ValidatePath(RequestId.of("v1"), List.of(new Vec3(0, 0, 0), new Vec3(1, 0, 1))));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"ping\",\"id\":5}")).isEqualTo(new Ping(RequestId.of(5)));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"bye\"}")).isEqualTo(new Bye(null));
        assertThat(MessageReader.FROM_CLIENT.read("{\"type\":\"map_edit\",\"id\":\"e1\",\"map\":\"arena\",\"edits\":["
                + "{\"cells\":[10,20,8,2],\"terrain\":\"wall\"},{\"rect\":[[0,0,0],[4,0,-4]],\"terrain\":\"open\"}]}"))
                .isEqualTo(new dev.navserver.protocol.message.MapEdit(RequestId.of("e1"), "arena", List.of(
                        dev.navserver.protocol.message.TerrainEdit.cells(
                                new dev.navserver.protocol.message.CellRect(10, 20, 8, 2), "wall"),
                        dev.navserver.protocol.message.TerrainEdit.rect(new Vec3(0, 0, 0), new Vec3(4, 0, -4),
                                "open"))));
    }

    @Test
    void validatePath_AtMostMaxPoints() {
        String ok = "{\"type\":\"validate_path\",\"points\":["
                + String.join(",", java.util.Collections.nCopies(Protocol.MAX_VALIDATE_POINTS, "[0,0,0]")) + "]}";
        String tooMany = "{\"type\":\"validate_path\",\"points\":["
                + String.join(",", java.util.Collections.nCopies(Protocol.MAX_VALIDATE_POINTS + 1, "[0,0,0]")) + "]}";

        assertThat(MessageReader.FROM_CLIENT.read(ok)).isInstanceOf(ValidatePath.class);
        assertThat(error(MessageReader.FROM_CLIENT.read(tooMany)).message()).contains("points: must have 1..4096 elements");
    }

    @Test
    void readsDirectAndSlicedBuffers_WithoutMovingOrReleasingThem() {
        byte[] bytes = "xx{\"type\":\"ping\",\"id\":1}yy".getBytes(StandardCharsets.UTF_8);
        ByteBuf direct = Unpooled.directBuffer().writeBytes(bytes);
        direct.readerIndex(2).writerIndex(bytes.length - 2);
        ByteBuf heap = Unpooled.wrappedBuffer(bytes, 2, bytes.length - 4);

        assertThat(MessageReader.FROM_CLIENT.read(direct)).isEqualTo(new Ping(RequestId.of(1)));
        assertThat(MessageReader.FROM_CLIENT.read(heap)).isEqualTo(new Ping(RequestId.of(1)));
        assertThat(direct.readerIndex()).isEqualTo(2);
        assertThat(direct.refCnt()).isEqualTo(1);
        assertThat(MessageReader.FROM_CLIENT.read(bytes, 2, bytes.length - 4)).isEqualTo(new Ping(RequestId.of(1)));
        direct.release();
        heap.release();
    }
}
