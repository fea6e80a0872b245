package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.GroupPath;
import dev.navserver.protocol.message.GroupPathEntry;
import dev.navserver.protocol.message.GroupPathQuery;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code group_path_query} and {@code group_path}: the issue's example lines, the exact wire form, bad fields. */
class GroupPathMessagesTest {

    @Test
    void groupPathQuery_IssueExample_Decodes() {
        FromClient m = MessageReader.FROM_CLIENT.read("{\"type\":\"group_path_query\",\"id\":\"g1\","
                + "\"from\":[[0,0,0],[1,0,2]],\"to\":[5,0,5],\"spacingMeters\":1.0}");
        assertThat(m).isEqualTo(new GroupPathQuery(RequestId.of("g1"),
                List.of(new Vec3(0, 0, 0), new Vec3(1, 0, 2)), new Vec3(5, 0, 5), 1.0));
    }

    @Test
    void groupPathQuery_WithoutSpacing_DecodesWithNullSpacing() {
        FromClient m = MessageReader.FROM_CLIENT.read(
                "{\"type\":\"group_path_query\",\"from\":[[0,0,0]],\"to\":[5,0,5],\"spacingMeters\":null}");
        assertThat(((GroupPathQuery) m).spacingMeters()).isNull();
    }

    @Test
    void groupPathQuery_With256Units_Decodes() {
        FromClient m = MessageReader.FROM_CLIENT.read(query(256, "1.0"));
        assertThat(((GroupPathQuery) m).from()).hasSize(256);
    }

    static Stream<Arguments> badQueries() {
        return Stream.of(
                arguments(query(0, "1.0"), "from: must have 1..256 elements, got 0"),
                arguments(query(257, "1.0"), "from: must have 1..256 elements, got 257"),
                arguments("{\"type\":\"group_path_query\",\"to\":[0,0,0]}", "from: required field missing"),
                arguments("{\"type\":\"group_path_query\",\"from\":[[0,0,0]]}", "to: required field missing"),
                arguments("{\"type\":\"group_path_query\",\"from\":[[0,0,0],[0,0,0],[1,0,1],[1e400,0,0]],"
                        + "\"to\":[0,0,0]}", "from[3][0]: "),
                arguments("{\"type\":\"group_path_query\",\"from\":[[0,0,0],[0,0,0],[1,0,1],[1,0]],"
                        + "\"to\":[0,0,0]}", "from[3]: must have exactly 3 elements"),
                arguments("{\"type\":\"group_path_query\",\"from\":[[0,0,0],\"here\"],\"to\":[0,0,0]}",
                        "from[1]: must be an array of 3 numbers"),
                arguments("{\"type\":\"group_path_query\",\"from\":[0,0,0],\"to\":[0,0,0]}",
                        "from[0]: must be an array of 3 numbers"),
                arguments(query(2, "-0.5"), "spacingMeters: -0.5 is out of range [0.0, 50.0]"),
                arguments(query(2, "50.001"), "spacingMeters: 50.001 is out of range [0.0, 50.0]"),
                arguments(query(2, "1e400"), "spacingMeters: must be finite"),
                arguments(query(2, "\"wide\""), "spacingMeters: must be a number, got a string"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("badQueries")
    void groupPathQuery_WithABadField_IsBadFieldNamingIt(String line, String messageStart) {
        FromClient m = MessageReader.FROM_CLIENT.read(line);
        assertThat(m).isInstanceOf(ProtocolError.class);
        assertThat(((ProtocolError) m).code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(((ProtocolError) m).message()).startsWith(messageStart);
    }

    @Test
    void groupPath_IsWrittenInTheDocumentedFieldOrder() {
        GroupPath p = new GroupPath(RequestId.of("g1"), List.of(
                new GroupPathEntry(PathStatus.OK, new Vec3(5, 0, 5), List.of(new Vec3(0, 0, 0), new Vec3(3, 0, 4))),
                new GroupPathEntry(PathStatus.OUT_OF_BOUNDS, new Vec3(6, 0, 5), List.of())), 2);
        assertThat(MessageWriter.toJson(p)).isEqualTo("{\"type\":\"group_path\",\"id\":\"g1\",\"paths\":["
                + "{\"status\":\"ok\",\"goal\":[5.0,0.0,5.0],\"points\":[[0.0,0.0,0.0],[3.0,0.0,4.0]],\"length\":5.0},"
                + "{\"status\":\"out_of_bounds\",\"goal\":[6.0,0.0,5.0],\"points\":[],\"length\":0.0}],"
                + "\"mapVersion\":2}");
    }

    @Test
    void groupPath_WithAnOkEntryWithoutPoints_IsBadField() {
        FromServer m = MessageReader.FROM_SERVER.read("{\"type\":\"group_path\",\"paths\":[{\"status\":\"ok\","
                + "\"goal\":[0,0,0],\"points\":[],\"length\":0}],\"mapVersion\":1}");
        assertThat(((ProtocolError) m).message()).startsWith("paths[0].points: must have 1..");
    }

    private static String query(int units, String spacing) {
        StringBuilder b = new StringBuilder("{\"type\":\"group_path_query\",\"id\":\"g\",\"from\":[");
        for (int i = 0; i < units; i++) {
            b.append(i == 0 ? "" : ",").append("[").append(i % 7).append(",0,").append(i / 7).append("]");
        }
        return b.append("],\"to\":[3,0,3],\"spacingMeters\":").append(spacing).append("}").toString();
    }
}
