package dev.navserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.json.MessageReader;
import dev.navserver.protocol.json.MessageWriter;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.server.world.WorldEvent.MonsterView;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import dev.navserver.server.net.OutboundLine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SnapshotLinesTest {
        /** The line as the I/O thread writes it; its announced size is exactly what it writes. */
    private static String text(OutboundLine line) {
        ByteBuf out = Unpooled.buffer();
        try {
            line.writeTo(out);
            assertThat(out.readableBytes()).isEqualTo(line.size());
            assertThat(line.type()).isEqualTo("monsters");
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            out.release();
        }
    }

    /** What the object mapper writes for the same snapshot, positions rounded to the millimetre. */
    private static Monsters expected(double serverTime, List<MonsterView> views, long playerSeq) {
        List<MonsterSnapshot> list = new ArrayList<>();
        for (MonsterView v : views) {
            list.add(new MonsterSnapshot(v.monsterId(), new Vec3(mm(v.x()), mm(v.y()), mm(v.z())), v.state()));
        }
        return new Monsters(serverTime, list, playerSeq);
    }

    /** Rounded to the millimetre; -0.0 is written as 0.0 (the same place). */
    private static double mm(double meters) {
        return Math.rint(meters * 1000) / 1000 + 0.0;
    }

    @Test
    void twoWolvesAndAPlayerSeqReadBackAsTheSnapshotTheMapperWrites() {
        List<MonsterView> views = List.of(new MonsterView("m-1", 12.3456, 0, -7.0004, "patrol"),
                new MonsterView("m-2", -0.0004, 1.5, 100, "chase"));
        String line = text(new SnapshotLines().line(42.25, 1.0, views, 17));

        assertThat(line).endsWith("}\n").doesNotContain(" ");
        assertThat(MessageReader.FROM_SERVER.read(line.trim())).isEqualTo(expected(42.25, views, 17));
        assertThat(line).contains("\"pos\":[12.346,0.0,-7.0]").contains("\"pos\":[0.0,1.5,100.0]");
    }

    @Test
    void anEmptyViewWithoutAPlayerSeqIsTheMappersLineByteForByte() {
        Monsters empty = new Monsters(3.5, List.of(), 0);
        String line = text(new SnapshotLines().line(3.5, 1.0, List.of(), 0));

        assertThat(line).isEqualTo(MessageWriter.toJson(empty) + "\n");
    }

    @Test
    void oneViewSharedBySeveralSnapshotsOfATickIsEncodedOnceAndAppearsInEach() {
        SnapshotLines lines = new SnapshotLines();
        MonsterView wolf = new MonsterView("m-9", 1, 0, 2, "wander");
        MonsterView bear = new MonsterView("m-\"quoted\"\u00e9", 3, 0, 4, "idle");

        String first = text(lines.line(1.0, 5.0, List.of(wolf, bear), 0));
        String second = text(lines.line(1.1, 5.0, List.of(bear), 3));
        MonsterView wolfLater = new MonsterView("m-9", 1.5, 0, 2, "chase"); // next tick: a new value
        String third = text(lines.line(1.2, 5.05, List.of(wolfLater), 0));

        assertThat(MessageReader.FROM_SERVER.read(first.trim())).isEqualTo(expected(1.0, List.of(wolf, bear), 0));
        assertThat(MessageReader.FROM_SERVER.read(second.trim())).isEqualTo(expected(1.1, List.of(bear), 3));
        assertThat(MessageReader.FROM_SERVER.read(third.trim())).isEqualTo(expected(1.2, List.of(wolfLater), 0));
    }

    @Property(tries = 300)
    void anySnapshotReadsBackAsTheSnapshotTheMapperWrites(@ForAll("views") List<MonsterView> views,
                                                          @ForAll("seqs") long playerSeq) {
        String line = text(new SnapshotLines().line(12.5, 0.0, views, playerSeq));

        assertThat(MessageReader.FROM_SERVER.read(line.trim())).isEqualTo(expected(12.5, views, playerSeq));
    }

    @Provide
    Arbitrary<List<MonsterView>> views() {
        Arbitrary<Double> coordinate = Arbitraries.oneOf(Arbitraries.doubles().between(-100_000, 100_000),
                Arbitraries.doubles().between(-2, 2), Arbitraries.of(0.0, -0.0, 0.0005, -0.0005, 0.9995, 1e-9));
        Arbitrary<MonsterView> view = Combinators.combine(Arbitraries.strings().ofMinLength(1).ofMaxLength(12),
                coordinate, coordinate, coordinate,
                Arbitraries.of("idle", "wander", "patrol", "chase", "local", "return_home"))
                .as(MonsterView::new);
        return view.list().ofMaxSize(20);
    }

    @Provide
    Arbitrary<Long> seqs() {
        return Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(1, (1L << 53) - 1));
    }
}
