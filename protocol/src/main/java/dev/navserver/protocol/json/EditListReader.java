package dev.navserver.protocol.json;

import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.TerrainEdit;
import java.util.List;

/**
 * Decodes the body of the admin API's {@code POST /admin/maps/{name}/edit}: a JSON object whose {@code edits} field
 * is exactly a {@code map_edit}'s (same decoder, same limits, same error codes and messages: {@code bad_json},
 * {@code bad_message} for a JSON value that is not an object, {@code bad_field} naming the field). Other fields are
 * ignored. Never throws on any input. Stateless and thread-safe.
 */
public final class EditListReader {
    private EditListReader() {
    }

    /**
     * The outcome of {@link #read}: exactly one of {@code edits} and {@code error} is set.
     *
     * @param edits the edits in application order (1..{@link dev.navserver.protocol.Protocol#MAX_EDITS}), or null
     * @param error why the body was refused, or null
     */
    public record Decoded(List<TerrainEdit> edits, ProtocolError error) {
    }

    /** Decodes a whole request body (UTF-8 JSON). */
    public static Decoded read(byte[] body) {
        LineParser.Parsed parsed = LineParser.parseObject(body, 0, body.length, "body", "body");
        if (parsed.error() != null) {
            return new Decoded(null, withoutId(parsed.error()));
        }
        Fields f = new Fields(parsed.fields(), null);
        List<TerrainEdit> edits = ClientFieldDecoders.edits(f);
        if (f.failed()) {
            return new Decoded(null, f.error());
        }
        return new Decoded(edits, null);
    }

    private static ProtocolError withoutId(ProtocolError e) {
        return e.id() == null ? e : new ProtocolError(e.code(), e.message(), null);
    }
}
