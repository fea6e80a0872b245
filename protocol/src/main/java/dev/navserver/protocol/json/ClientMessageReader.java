package dev.navserver.protocol.json;

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
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Decodes one line from a client (without its terminator) into a {@link dev.navserver.protocol.message.ClientMessage}
 * or a {@link ProtocolError}; never throws on any input. Checks, in order: UTF-8 ({@code bad_json}), JSON syntax,
 * nesting depth and a single value per line ({@code bad_json}), object with a string {@code type}
 * ({@code bad_message}), known type ({@code unknown_type}), {@code id} a string or number and every field of the
 * type ({@code bad_field}). Unknown fields are ignored. Stateless and thread-safe.
 */
public final class ClientMessageReader {
    private ClientMessageReader() {
    }

    /** Decodes {@code length} bytes of {@code bytes} from {@code offset}. */
    public static FromClient read(byte[] bytes, int offset, int length) {
        LineParser.Parsed parsed = LineParser.parse(bytes, offset, length);
        if (parsed.error() != null) {
            return parsed.error();
        }
        Fields f = new Fields(parsed.fields(), parsed.id());
        RequestId id = parsed.id();
        switch (parsed.type()) {
            case Hello.TYPE: {
                int protocol = (int) f.integer("protocol", 1, Integer.MAX_VALUE);
                String player = f.string("player", Protocol.MAX_NAME_CHARS);
                String map = f.optionalString("map", Protocol.MAX_NAME_CHARS);
                return f.failed() ? f.error() : new Hello(id, protocol, player, map);
            }
            case PlayerPos.TYPE: {
                long seq = f.integer("seq", 0, Protocol.MAX_COUNTER);
                Vec3 pos = f.vec3("pos");
                return f.failed() ? f.error() : new PlayerPos(id, seq, pos);
            }
            case Spawn.TYPE: {
                Vec3 pos = f.vec3("pos");
                return f.failed() ? f.error() : new Spawn(id, pos);
            }
            case PathQuery.TYPE: {
                Vec3 from = f.vec3("from");
                Vec3 to = f.vec3("to");
                return f.failed() ? f.error() : new PathQuery(id, from, to);
            }
            case ValidatePath.TYPE: {
                List<Vec3> points = f.vec3List("points", 1, Protocol.MAX_VALIDATE_POINTS);
                return f.failed() ? f.error() : new ValidatePath(id, points);
            }
            case Ping.TYPE:
                return new Ping(id);
            case Bye.TYPE: {
                String reason = f.optionalString("reason", Protocol.MAX_NAME_CHARS);
                return f.failed() ? f.error() : new Bye(reason);
            }
            default:
                return LineParser.unknownType(parsed);
        }
    }

    /** Decodes {@code bytes}. */
    public static FromClient read(byte[] bytes) {
        return read(bytes, 0, bytes.length);
    }

    /** Decodes the readable bytes of {@code line}; its indices and reference count are left unchanged. */
    public static FromClient read(ByteBuf line) {
        if (line.hasArray()) {
            return read(line.array(), line.arrayOffset() + line.readerIndex(), line.readableBytes());
        }
        return read(ByteBufUtil.getBytes(line));
    }

    /** Decodes a line given as text. */
    public static FromClient read(String line) {
        return read(line.getBytes(StandardCharsets.UTF_8));
    }
}
