package dev.navserver.protocol.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.List;

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

    /** The points packed as {@code [x0, y0, z0, x1, ...]}, the form the engine's path types take. */
    public static double[] pack(List<Vec3> points) {
        double[] xyz = new double[3 * points.size()];
        for (int i = 0; i < points.size(); i++) {
            Vec3 v = points.get(i);
            xyz[3 * i] = v.x;
            xyz[3 * i + 1] = v.y;
            xyz[3 * i + 2] = v.z;
        }
        return xyz;
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
