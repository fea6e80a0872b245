package dev.navserver.protocol.json;

import dev.navserver.protocol.PathStatus;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.LocalNav;
import dev.navserver.protocol.message.MapInfo;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.PathResult;
import dev.navserver.protocol.message.PathValid;
import dev.navserver.protocol.message.Pong;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes one line from the server (without its terminator) into a
 * {@link dev.navserver.protocol.message.ServerMessage} or a {@link ProtocolError}, with the same checks and codes
 * as {@link ClientMessageReader}; never throws on any input. Used by bots and tests. Unknown fields are ignored.
 * Stateless and thread-safe.
 */
public final class ServerMessageReader {
    /** Names (session, player, monster, status...) from the server may be longer than a client's. */
    private static final int MAX_TEXT_CHARS = 4096;

    private ServerMessageReader() {
    }

    /** Decodes {@code length} bytes of {@code bytes} from {@code offset}. */
    public static FromServer read(byte[] bytes, int offset, int length) {
        LineParser.Parsed parsed = LineParser.parse(bytes, offset, length);
        if (parsed.error() != null) {
            return parsed.error();
        }
        Fields f = new Fields(parsed.fields(), parsed.id());
        RequestId id = parsed.id();
        switch (parsed.type()) {
            case Welcome.TYPE: {
                int protocol = (int) f.integer("protocol", 1, Integer.MAX_VALUE);
                String session = f.string("session", MAX_TEXT_CHARS);
                String player = f.string("player", MAX_TEXT_CHARS);
                MapInfo map = mapInfo(f.object("map"));
                int tickHz = (int) f.integer("tickHz", 1, Integer.MAX_VALUE);
                double navInterval = f.number("navIntervalSeconds", 0, Double.MAX_VALUE);
                double moveThreshold = f.number("moveThresholdMeters", 0, Double.MAX_VALUE);
                double localNav = f.number("localNavDistanceMeters", 0, Double.MAX_VALUE);
                return f.failed() ? f.error()
                        : new Welcome(id, protocol, session, player, map, tickHz, navInterval, moveThreshold, localNav);
            }
            case Spawned.TYPE: {
                String monster = f.string("monster", MAX_TEXT_CHARS);
                Vec3 pos = f.vec3("pos");
                return f.failed() ? f.error() : new Spawned(id, monster, pos);
            }
            case PathResult.TYPE: {
                String status = f.pathStatus("status");
                List<Vec3> points = f.vec3List("points", minPoints(status), Integer.MAX_VALUE);
                f.number("length", 0, Double.MAX_VALUE); // checked; the value is the polyline's length
                return f.failed() ? f.error() : new PathResult(id, status, points);
            }
            case PathValid.TYPE: {
                boolean valid = f.bool("valid");
                Long badSegment = f.optionalInteger("badSegment", 0, Integer.MAX_VALUE);
                String reason = f.optionalString("reason", MAX_TEXT_CHARS);
                return f.failed() ? f.error()
                        : new PathValid(id, valid, badSegment == null ? null : badSegment.intValue(), reason);
            }
            case Pong.TYPE: {
                double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
                return f.failed() ? f.error() : new Pong(id, serverTime);
            }
            case NavPath.TYPE: {
                String monster = f.string("monster", MAX_TEXT_CHARS);
                long seq = f.integer("seq", 0, Protocol.MAX_COUNTER);
                long playerSeq = f.integer("playerSeq", 0, Protocol.MAX_COUNTER);
                String status = f.pathStatus("status");
                List<Vec3> points = f.vec3List("nav_path", minPoints(status), Integer.MAX_VALUE);
                double speed = f.number("speedMetersPerSecond", 0, Double.MAX_VALUE);
                double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
                return f.failed() ? f.error() : new NavPath(monster, seq, playerSeq, status, points, speed, serverTime);
            }
            case LocalNav.TYPE: {
                String monster = f.string("monster", MAX_TEXT_CHARS);
                boolean active = f.bool("active");
                return f.failed() ? f.error() : new LocalNav(monster, active);
            }
            case Monsters.TYPE: {
                double serverTime = f.number("serverTime", -Double.MAX_VALUE, Double.MAX_VALUE);
                List<Fields> entries = f.objectList("list", Integer.MAX_VALUE);
                List<MonsterSnapshot> list = new ArrayList<>(entries.size());
                for (Fields e : entries) {
                    String monster = e.string("monster", MAX_TEXT_CHARS);
                    Vec3 pos = e.vec3("pos");
                    String state = e.string("state", MAX_TEXT_CHARS);
                    if (f.failed()) {
                        break;
                    }
                    list.add(new MonsterSnapshot(monster, pos, state));
                }
                return f.failed() ? f.error() : new Monsters(serverTime, list);
            }
            case ErrorMessage.TYPE: {
                String code = f.string("code", MAX_TEXT_CHARS);
                String message = f.optionalString("message", Integer.MAX_VALUE);
                return f.failed() ? f.error() : new ErrorMessage(id, code, message);
            }
            case Bye.TYPE: {
                String reason = f.optionalString("reason", MAX_TEXT_CHARS);
                return f.failed() ? f.error() : new Bye(reason);
            }
            default:
                return LineParser.unknownType(parsed);
        }
    }

    private static MapInfo mapInfo(Fields m) {
        if (m == null) {
            return null;
        }
        String name = m.string("name", MAX_TEXT_CHARS);
        Vec3 origin = m.vec3("origin");
        double cellSize = m.number("cellSize", Double.MIN_VALUE, Double.MAX_VALUE);
        int width = (int) m.integer("width", 1, Integer.MAX_VALUE);
        int height = (int) m.integer("height", 1, Integer.MAX_VALUE);
        return m.failed() ? null : new MapInfo(name, origin, cellSize, width, height);
    }

    /** Decodes {@code bytes}. */
    public static FromServer read(byte[] bytes) {
        return read(bytes, 0, bytes.length);
    }

    /** Decodes the readable bytes of {@code line}; its indices and reference count are left unchanged. */
    public static FromServer read(ByteBuf line) {
        if (line.hasArray()) {
            return read(line.array(), line.arrayOffset() + line.readerIndex(), line.readableBytes());
        }
        return read(ByteBufUtil.getBytes(line));
    }

    /** Decodes a line given as text. */
    public static FromServer read(String line) {
        return read(line.getBytes(StandardCharsets.UTF_8));
    }

    /** A found or partial path has at least one point; other statuses may have none. */
    private static int minPoints(String status) {
        return PathStatus.OK.equals(status) || PathStatus.PARTIAL.equals(status) ? 1 : 0;
    }
}
