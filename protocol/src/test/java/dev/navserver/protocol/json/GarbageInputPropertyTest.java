package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.ProtocolError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** No byte sequence makes a reader throw: every line is a message or an error value with a decoding code. */
class GarbageInputPropertyTest {
    private static final Set<String> DECODING_CODES =
            Set.of(ErrorCodes.BAD_JSON, ErrorCodes.BAD_MESSAGE, ErrorCodes.UNKNOWN_TYPE, ErrorCodes.BAD_FIELD);

    private static final List<String> VALID_LINES = List.of(
            "{\"type\":\"hello\",\"id\":\"h\",\"protocol\":1,\"player\":\"alice\",\"map\":\"arena\"}",
            "{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"token\":\"0123456789abcdef\"}",
            "{\"type\":\"player_pos\",\"seq\":17,\"pos\":[1.5,0.0,-2.0]}",
            "{\"type\":\"spawn\",\"id\":\"r1\",\"pos\":[1,0,2]}",
            "{\"type\":\"path_query\",\"id\":\"q1\",\"from\":[0,0,0],\"to\":[3,0,4]}",
            "{\"type\":\"validate_path\",\"id\":\"v1\",\"points\":[[0,0,0],[1,0,1],[2,0,2]]}",
            "{\"type\":\"ping\",\"id\":5}",
            "{\"type\":\"bye\"}",
            "{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"alice\",\"map\":{\"name\":\"arena\","
                    + "\"origin\":[-30.0,0.0,30.0],\"cellSize\":1.0,\"width\":60,\"height\":60},\"tickHz\":20,"
                    + "\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,\"localNavDistanceMeters\":4.0,"
                    + "\"role\":\"player\",\"mapVersion\":1}",
            "{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\","
                    + "\"nav_path\":[[1,0,2],[3,0,4]],\"speedMetersPerSecond\":2.0,\"serverTime\":123.456,\"mapVersion\":1}",
            "{\"type\":\"monsters\",\"serverTime\":1.0,\"list\":[{\"monster\":\"m-9\",\"pos\":[0,0,0],\"state\":\"chase\"}]}");

    private static void assertDecodedToValue(FromClient fromClient, FromServer fromServer) {
        assertThat(fromClient).isNotNull();
        assertThat(fromServer).isNotNull();
        if (fromClient instanceof ProtocolError) {
            assertThat(((ProtocolError) fromClient).code()).isIn(DECODING_CODES);
        }
        if (fromServer instanceof ProtocolError) {
            assertThat(((ProtocolError) fromServer).code()).isIn(DECODING_CODES);
        }
    }

    @Property(tries = 2000)
    void randomBytes_DecodeToAValue(@ForAll @Size(max = 400) byte[] bytes) {
        assertDecodedToValue(MessageReader.FROM_CLIENT.read(bytes), MessageReader.FROM_SERVER.read(bytes));
    }

    @Property(tries = 2000)
    void jsonTokenSoup_DecodesToAValue(@ForAll("jsonTokenSoup") String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        assertDecodedToValue(MessageReader.FROM_CLIENT.read(bytes), MessageReader.FROM_SERVER.read(bytes));
    }

    @Property(tries = 2000)
    void mutatedValidLines_DecodeToAValue(@ForAll("validLines") String line,
                                          @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 1000) Integer> positions,
                                          @ForAll @Size(min = 6, max = 6) byte[] replacements,
                                          @ForAll @IntRange(min = 0, max = 2) int mode) {
        byte[] original = line.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = original.clone();
        for (int i = 0; i < positions.size(); i++) {
            int at = positions.get(i) % bytes.length;
            if (mode == 0) {
                bytes[at] = replacements[i];
            } else if (mode == 1) {
                bytes = java.util.Arrays.copyOf(bytes, at + 1);
            } else {
                bytes[at] = original[(at * 7 + i) % original.length];
            }
        }
        assertDecodedToValue(MessageReader.FROM_CLIENT.read(bytes), MessageReader.FROM_SERVER.read(bytes));
    }

    @Provide
    Arbitrary<String> validLines() {
        return Arbitraries.of(VALID_LINES);
    }

    @Provide
    Arbitrary<String> jsonTokenSoup() {
        Arbitrary<String> token = Arbitraries.of("{", "}", "[", "]", ",", ":", " ", "\"type\"", "\"id\"", "\"pos\"",
                "\"points\"", "\"seq\"", "\"protocol\"", "\"player\"", "\"map\"", "\"ping\"", "\"spawn\"",
                "\"hello\"", "\"player_pos\"", "\"validate_path\"", "\"path_query\"", "\"nav_path\"", "\"welcome\"",
                "\"monsters\"", "\"list\"", "\"from\"", "\"to\"", "0", "1", "-0.5", "1e308", "1e999", "-1e999",
                "99999999999999999999999", "null", "true", "false", "\"x\"", "\"\\u00e9\"", "\"\\ud800\"", "\"\\\"",
                "NaN", "\r", "\t");
        return token.list().ofMaxSize(60).map(tokens -> String.join("", tokens));
    }
}
