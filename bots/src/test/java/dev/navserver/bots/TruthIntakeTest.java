package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The truth intake in front of the world authority bot's decoder: monsters lines in, everything else through. */
class TruthIntakeTest {
    private final WorldTruth truth = new WorldTruth(25, 5);
    private final BotStats stats = new BotStats(10);
    private final WorldStats world = new WorldStats();
    private final EmbeddedChannel channel = new EmbeddedChannel(new TruthIntake(truth, stats, world));

    private static ByteBuf direct(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return Unpooled.directBuffer(b.length).writeBytes(b);
    }

    @Test
    void monstersLine_DirectBuffer_ExpectedInTheTruthCountedAndReleased() {
        ByteBuf line = direct("{\"type\":\"monsters\",\"serverTime\":4.2,\"list\":[{\"monster\":\"m-1\","
                + "\"pos\":[3,0,4],\"state\":\"idle\"}],\"playerSeq\":2}");
        channel.writeInbound(line);
        assertThat((Object) channel.readInbound()).isNull();
        assertThat(line.refCnt()).isZero();
        WorldTruth.Bracket b = truth.bracket(4.2);
        assertThat(b.after().serverTime()).isEqualTo(4.2);
        assertThat(b.after().distance(b.after().indexOf("m-1"), 0, 0)).isEqualTo(5.0);
        assertThat(stats.messagesIn()).containsEntry("monsters", 1L);
        assertThat(world.truthIntakeParsed.sum()).isEqualTo(1);
    }

    @Test
    void otherLines_ExpectedPassedOnUntouched() {
        String[] lines = {
            "{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":1}",
            "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\"}]}", // bad: the decoder says why
            "{\"seq\":1,\"type\":\"nav_path\"}",
        };
        for (String s : lines) {
            ByteBuf line = Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
            channel.writeInbound(line);
            ByteBuf out = channel.readInbound();
            assertThat(out).isSameAs(line);
            assertThat(out.refCnt()).isEqualTo(1);
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(s);
            out.release();
        }
        assertThat(truth.started()).isFalse();
        assertThat(stats.messagesIn()).doesNotContainKey("monsters");
    }

    @Test
    void mayBeMonsters_ByTheLinesStart_ExpectedOnlyOtherTypesFirstRuledOut() {
        assertThat(TruthIntake.mayBeMonsters(Unpooled.copiedBuffer("{\"type\":\"nav_path\"", StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(TruthIntake.mayBeMonsters(Unpooled.copiedBuffer("{\"type\":\"monsters\",", StandardCharsets.UTF_8)))
                .isTrue();
        assertThat(TruthIntake.mayBeMonsters(Unpooled.copiedBuffer("{\"list\":[]", StandardCharsets.UTF_8))).isTrue();
        assertThat(TruthIntake.mayBeMonsters(Unpooled.copiedBuffer("{", StandardCharsets.UTF_8))).isTrue();
    }
}
