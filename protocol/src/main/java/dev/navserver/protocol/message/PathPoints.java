package dev.navserver.protocol.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.smooth.WorldPath;
import dev.navserver.protocol.PathStatus;
import java.io.IOException;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/** Conversions between the engine's {@link WorldPath} and the wire's point lists. Stateless. */
final class PathPoints {
    private PathPoints() {
    }

    /**
     * A path from wire values.
     *
     * @param status one of the {@link PathStatus} strings
     * @throws IllegalArgumentException when {@code status} is not a path status, or a found/partial path is empty
     */
    static WorldPath toPath(String status, List<Vec3> points) {
        SearchStatus s = PathStatus.parse(Objects.requireNonNull(status, "status"));
        if (s == null) {
            throw new IllegalArgumentException("status: not a path status: " + status);
        }
        return WorldPath.of(s, Vec3.pack(Objects.requireNonNull(points, "points")), 0);
    }

    /** A read-only {@link Vec3} view of a path's points. */
    static List<Vec3> view(WorldPath path) {
        return new View(path);
    }

    private static final class View extends AbstractList<Vec3> implements RandomAccess {
        private final WorldPath path;

        View(WorldPath path) {
            this.path = path;
        }

        @Override
        public Vec3 get(int i) {
            Objects.checkIndex(i, path.size());
            return new Vec3(path.x(i), path.y(i), path.z(i));
        }

        @Override
        public int size() {
            return path.size();
        }
    }

    /** Writes a path's points as {@code [[x,y,z],...]} straight from the path, without intermediate objects. */
    static final class Serializer extends StdSerializer<WorldPath> {
        Serializer() {
            super(WorldPath.class);
        }

        @Override
        public void serialize(WorldPath p, JsonGenerator gen, SerializerProvider provider) throws IOException {
            int n = p.size();
            gen.writeStartArray(p, n);
            for (int i = 0; i < n; i++) {
                gen.writeStartArray(null, 3);
                gen.writeNumber(p.x(i));
                gen.writeNumber(p.y(i));
                gen.writeNumber(p.z(i));
                gen.writeEndArray();
            }
            gen.writeEndArray();
        }
    }
}
