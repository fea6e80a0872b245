package dev.navserver.protocol.json;

import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.PathQuery;
import dev.navserver.protocol.message.Ping;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.ValidatePath;
import dev.navserver.protocol.message.Vec3;
import java.util.List;
import java.util.Map;

/**
 * The fields of each client → server message type and their limits: names at most
 * {@link Protocol#MAX_NAME_CHARS} chars, counters within {@link Protocol#MAX_COUNTER}, at most
 * {@link Protocol#MAX_VALIDATE_POINTS} points to validate. Stateless.
 */
final class ClientFieldDecoders {
    /** Decoder of each client message type, keyed by {@code type}. Immutable. */
    static final Map<String, FieldDecoder<? extends FromClient>> BY_TYPE = Map.of(
            Hello.TYPE, ClientFieldDecoders::hello,
            PlayerPos.TYPE, ClientFieldDecoders::playerPos,
            Spawn.TYPE, ClientFieldDecoders::spawn,
            PathQuery.TYPE, ClientFieldDecoders::pathQuery,
            ValidatePath.TYPE, ClientFieldDecoders::validatePath,
            Ping.TYPE, (f, id) -> new Ping(id),
            Bye.TYPE, ClientFieldDecoders::bye);

    private ClientFieldDecoders() {
    }

    private static Hello hello(Fields f, RequestId id) {
        int protocol = (int) f.integer("protocol", 1, Integer.MAX_VALUE);
        String player = f.string("player", Protocol.MAX_NAME_CHARS);
        String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
        String token = f.optionalString("token", Protocol.MAX_TOKEN_CHARS); // messages never quote its value
        return f.failed() ? null : new Hello(id, protocol, player, map, token);
    }

    private static PlayerPos playerPos(Fields f, RequestId id) {
        long seq = f.integer("seq", 0, Protocol.MAX_COUNTER);
        Vec3 pos = f.vec3("pos");
        return f.failed() ? null : new PlayerPos(id, seq, pos);
    }

    private static Spawn spawn(Fields f, RequestId id) {
        Vec3 pos = f.vec3("pos");
        return f.failed() ? null : new Spawn(id, pos);
    }

    private static PathQuery pathQuery(Fields f, RequestId id) {
        Vec3 from = f.vec3("from");
        Vec3 to = f.vec3("to");
        return f.failed() ? null : new PathQuery(id, from, to);
    }

    private static ValidatePath validatePath(Fields f, RequestId id) {
        List<Vec3> points = f.vec3List("points", 1, Protocol.MAX_VALIDATE_POINTS);
        return f.failed() ? null : new ValidatePath(id, points);
    }

    private static Bye bye(Fields f, RequestId id) {
        String reason = f.optionalString("reason", Protocol.MAX_NAME_CHARS);
        return f.failed() ? null : new Bye(reason);
    }
}
