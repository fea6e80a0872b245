package dev.navserver.bots;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.codec.ProtocolPipeline;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.PlayerPos;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Spawn;
import dev.navserver.protocol.message.Vec3;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;

/** Warms the client pipeline up before a run's clock starts. Stateless. */
final class PipelineWarmUp {
    private PipelineWarmUp() {
    }

    /**
     * Loads and exercises the client pipeline (codec, JSON, buffer allocator) on an {@link EmbeddedChannel} before
     * the clock starts: its first use takes about half a second of class loading and initialisation, which every
     * bot's first hello and connect time would otherwise pay.
     */
    static void run(int maxFrameBytes) {
        String[] lines = {
            "{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"bot-0\",\"map\":{\"name\":"
                    + "\"m\",\"origin\":[0.0,0.0,0.0],\"cellSize\":1.0,\"width\":1,\"height\":1},\"tickHz\":20,"
                    + "\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,\"localNavDistanceMeters\":4.0}",
            "{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":1,\"playerSeq\":1,\"status\":\"ok\","
                    + "\"nav_path\":[[0.5,0.0,0.5],[1.0,0.0,1.0]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.5}",
            "{\"type\":\"spawned\",\"id\":\"r0\",\"monster\":\"m-1\",\"pos\":[0.0,0.0,0.0]}",
            "{\"type\":\"monsters\",\"serverTime\":1.0,\"list\":[{\"monster\":\"m-1\",\"pos\":[0.0,0.0,0.0],"
                    + "\"state\":\"chase\"}]}",
        };
        EmbeddedChannel ch = new EmbeddedChannel();
        ProtocolPipeline.addClientCodec(ch.pipeline(), maxFrameBytes);
        Vec3 p = new Vec3(0.5, 0, -0.5);
        for (int i = 0; i < 200; i++) {
            ch.writeOutbound(new Hello(null, Protocol.VERSION, "bot-0", "m"), new PlayerPos(null, i, p),
                    new Spawn(RequestId.of("r0"), p), new Bye(ByeReasons.CLIENT));
            for (Object out = ch.readOutbound(); out != null; out = ch.readOutbound()) {
                ReferenceCountUtil.release(out);
            }
            for (String line : lines) {
                ch.writeInbound(Unpooled.copiedBuffer(line + "\n", StandardCharsets.UTF_8));
            }
            while (ch.readInbound() != null) {
                // decoded messages are plain records: nothing to release
            }
        }
        ch.finishAndReleaseAll();
    }
}
