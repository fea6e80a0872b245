package dev.navserver.protocol.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * A horizontal offset in metres, on the wire as the array {@code [dx, dz]} (a {@code follow} command's
 * {@code offset}: where to stay relative to the followed player). Immutable.
 *
 * @param dx along world x, metres, finite
 * @param dz along world z, metres, finite
 */
@JsonSerialize(using = Offset.Serializer.class)
public record Offset(double dx, double dz) {
    public Offset {
        Require.finite(dx, "dx");
        Require.finite(dz, "dz");
    }

    /** Writes {@code [dx,dz]}. */
    static final class Serializer extends StdSerializer<Offset> {
        Serializer() {
            super(Offset.class);
        }

        @Override
        public void serialize(Offset o, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartArray(o, 2);
            gen.writeNumber(o.dx);
            gen.writeNumber(o.dz);
            gen.writeEndArray();
        }
    }
}
