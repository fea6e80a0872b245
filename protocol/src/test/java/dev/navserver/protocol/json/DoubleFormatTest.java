package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** How numbers are written: the shortest text that reads back as the same double. */
class DoubleFormatTest {
    @Test
    void millimetrePositionsOfAMapSixHundredMetresWide_AreWrittenExactlyAsDoubleToStringWritesThem() {
        // every millimetre from -300 m to +300 m, a snapshot's worth at a time: the same bytes as before the fast writer
        for (long start = -300_000; start < 300_000; start += 1000) {
            List<MonsterSnapshot> list = new ArrayList<>();
            StringBuilder expected = new StringBuilder("{\"type\":\"monsters\",\"serverTime\":1.5,\"list\":[");
            for (long k = start; k < start + 1000; k++) {
                double v = Math.rint(k) / 1000;
                list.add(new MonsterSnapshot("m", new Vec3(v, 0.0, -v), "idle"));
                expected.append(list.size() > 1 ? "," : "").append("{\"monster\":\"m\",\"pos\":[")
                        .append(Double.toString(v)).append(",0.0,").append(Double.toString(-v))
                        .append("],\"state\":\"idle\"}");
            }
            expected.append("]}");
            assertThat(MessageWriter.toJson(new Monsters(1.5, list))).isEqualTo(expected.toString());
        }
    }

    @Test
    void anyFiniteDouble_ReadsBackAsTheSameDouble() {
        SplittableRandom rnd = new SplittableRandom(26);
        for (int i = 0; i < 100_000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(rnd.nextLong()) : rnd.nextDouble(-1e7, 1e7);
            if (!Double.isFinite(v)) {
                continue;
            }
            String json = MessageWriter.toJson(new Monsters(1, List.of(new MonsterSnapshot("m", new Vec3(v, 0, 0),
                    "idle"))));
            String text = json.substring(json.indexOf("\"pos\":[") + 7, json.indexOf(",0.0,"));
            assertThat(Double.parseDouble(text)).as(text).isEqualTo(v);
        }
    }
}
