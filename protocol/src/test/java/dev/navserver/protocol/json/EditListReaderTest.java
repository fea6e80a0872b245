package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.CellRect;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.TerrainEdit;
import dev.navserver.protocol.message.Vec3;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EditListReaderTest {
    private static EditListReader.Decoded read(String body) {
        return EditListReader.read(body.getBytes(StandardCharsets.UTF_8));
    }

    /** The error a {@code map_edit} line with the same {@code edits} gets over TCP. */
    private static ProtocolError tcpError(String editsJson) {
        Object m = MessageReader.FROM_CLIENT.read("{\"type\":\"map_edit\",\"edits\":" + editsJson + "}");
        assertThat(m).isInstanceOf(ProtocolError.class);
        return (ProtocolError) m;
    }

    @Test
    void cellsAndRectEdits_DecodeInOrder() {
        EditListReader.Decoded d = read("{\"edits\":[{\"cells\":[1,2,3,4],\"terrain\":\"wall\"},"
                + "{\"rect\":[[0,0,0],[2.5,0,-1]],\"terrain\":\"original\"}]}");

        assertThat(d.error()).isNull();
        assertThat(d.edits()).containsExactly(TerrainEdit.cells(new CellRect(1, 2, 3, 4), "wall"),
                TerrainEdit.rect(new Vec3(0, 0, 0), new Vec3(2.5, 0, -1), "original"));
    }

    @Test
    void badFields_GetExactlyTheMapEditMessages() {
        for (String edits : new String[] {"[{\"cells\":[1,2,3,4],\"terrain\":\"lava\"}]", "[]",
                "[{\"cells\":[1,2,0,4],\"terrain\":\"wall\"}]", "[{\"terrain\":\"wall\"}]",
                "[{\"cells\":[1,2,1,1],\"rect\":[[0,0,0],[1,1,1]],\"terrain\":\"wall\"}]", "{}",
                "[{\"rect\":[[0,0,0]],\"terrain\":\"open\"}]"}) {
            EditListReader.Decoded d = read("{\"edits\":" + edits + "}");

            assertThat(d.edits()).isNull();
            assertThat(d.error()).as(edits).isEqualTo(tcpError(edits));
            assertThat(d.error().code()).isEqualTo(ErrorCodes.BAD_FIELD);
        }
    }

    @Test
    void unknownTerrain_NamesTheField() {
        ProtocolError e = read("{\"edits\":[{\"cells\":[1,2,3,4],\"terrain\":\"lava\"}]}").error();

        assertThat(e.code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(e.message()).startsWith("edits[0].terrain: unknown terrain 'lava'");
    }

    @Test
    void missingEdits_IsBadField() {
        assertThat(read("{}").error()).isEqualTo(new ProtocolError(ErrorCodes.BAD_FIELD,
                "edits: required field missing", null));
    }

    @Test
    void malformedJson_IsBadJson_AndANonObjectIsBadMessage() {
        assertThat(read("{\"edits\":[").error().code()).isEqualTo(ErrorCodes.BAD_JSON);
        assertThat(read("").error()).isEqualTo(new ProtocolError(ErrorCodes.BAD_JSON, "body holds no JSON value",
                null));
        assertThat(read("{} {}").error()).isEqualTo(new ProtocolError(ErrorCodes.BAD_JSON,
                "more than one JSON value in the body", null));
        assertThat(EditListReader.read(new byte[] {'{', (byte) 0xff, '}'}).error())
                .isEqualTo(new ProtocolError(ErrorCodes.BAD_JSON, "body is not valid UTF-8", null));
        assertThat(read("[1]").error()).isEqualTo(new ProtocolError(ErrorCodes.BAD_MESSAGE,
                "body must be a JSON object, got an array", null));
    }

    @Test
    void aTypeOrIdInTheBody_IsIgnored() {
        EditListReader.Decoded d = read("{\"type\":\"x\",\"id\":7,\"edits\":[{\"cells\":[0,0,1,1],\"terrain\":"
                + "\"open\"}]}");

        assertThat(d.edits()).containsExactly(TerrainEdit.cells(new CellRect(0, 0, 1, 1), "open"));
    }
}
