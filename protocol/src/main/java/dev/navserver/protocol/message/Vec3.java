package dev.navserver.protocol.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * A Unity world position in metres, on the wire as the array {@code [x, y, z]}. Immutable.
 *
 * @param x world x, metres, finite
 * @param y world y (up), metres, finite
 * @param z world z, metres, finite
 */
@JsonSerialize(using = Vec3.Serializer.class)
public record Vec3(double x, double y, double z) {
    public Vec3 {
        Require.finite(x, "x");
        Require.finite(y, "y");
        Require.finite(z, "z");
    }

    /** Writes {@code [x,y,z]}. */
    static final class Serializer extends StdSerializer<Vec3> {
        Serializer() {
            super(Vec3.class);
        }

        @Override
        public void serialize(Vec3 v, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartArray(v, 3);
            gen.writeNumber(v.x);
            gen.writeNumber(v.y);
            gen.writeNumber(v.z);
            gen.writeEndArray();
        }
    }
}
