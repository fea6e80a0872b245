package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The world authority bot's fast reader of {@code monsters} lines. */
class TruthLineParserTest {
    private final TruthLineParser parser = new TruthLineParser(25);

    private TruthSnapshot parse(String line) {
        byte[] b = ("xx" + line + "yy").getBytes(StandardCharsets.UTF_8);
        return parser.parse(b, 2, b.length - 4); // an offset into a larger buffer, as a framed line is
    }

    @Test
    void parse_TheDocumentedForm_ExpectedServerTimeIdsAndXz() {
        TruthSnapshot s = parse("{\"type\":\"monsters\",\"serverTime\":123.5,\"list\":[{\"monster\":\"m-9\","
                + "\"pos\":[9.9,0.0,-4.9],\"state\":\"chase\"},{\"monster\":\"m-10\",\"pos\":[-1,2,3e1],"
                + "\"state\":\"wander\"}],\"playerSeq\":41}");
        assertThat(s).isNotNull();
        assertThat(s.serverTime()).isEqualTo(123.5);
        assertThat(s.size()).isEqualTo(2);
        int m9 = s.indexOf("m-9");
        assertThat(s.x(m9)).isEqualTo(9.9);
        assertThat(s.z(m9)).isEqualTo(-4.9);
        int m10 = s.indexOf("m-10");
        assertThat(s.x(m10)).isEqualTo(-1.0);
        assertThat(s.z(m10)).isEqualTo(30.0);
    }

    @Test
    void parse_FieldsInAnotherOrderAndUnknownOnes_ExpectedReadAll() {
        TruthSnapshot s = parse("{\"list\":[{\"extra\":{\"a\":[1,{\"b\":2}]},\"pos\":[1,0,2],\"monster\":\"w\"}],"
                + "\"later\":[[]],\"serverTime\":7,\"type\":\"monsters\"}");
        assertThat(s).isNotNull();
        assertThat(s.serverTime()).isEqualTo(7.0);
        assertThat(s.id(0)).isEqualTo("w");
        assertThat(s.x(0)).isEqualTo(1.0);
        assertThat(s.z(0)).isEqualTo(2.0);
    }

    @Test
    void parse_EmptyList_ExpectedAnEmptySnapshot() {
        TruthSnapshot s = parse("{\"type\":\"monsters\",\"serverTime\":0.2,\"list\":[]}");
        assertThat(s).isNotNull();
        assertThat(s.size()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":3,\"status\":\"ok\",\"navPath\":[[0,0,0]]}",
        "{\"serverTime\":1,\"list\":[],\"type\":\"monster_state\"}",
        "{\"serverTime\":1,\"list\":[]}",
        "{\"type\":\"monsters\",\"list\":[]}",
        "{\"type\":\"monsters\",\"serverTime\":\"1\",\"list\":[]}",
        "{\"type\":\"monsters\",\"serverTime\":1}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":{}}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\",\"pos\":[1,0]}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\",\"pos\":[1,0,2,3]}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\",\"pos\":[1,\"0\",2]}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":7,\"pos\":[1,0,2]}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"pos\":[1,0,2]}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\"}]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[3]}",
        "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\",\"pos\":[1,0,2]}",
        "[\"type\",\"monsters\"]",
        "not json",
        "",
    })
    void parse_NotAMonstersLineItCanRead_ExpectedNullForTheDecoder(String line) {
        assertThat(parse(line)).isNull();
    }

    @Test
    void parse_SameIdsAgain_ExpectedTheSameStringsAndNoNewOnes() {
        String line = "{\"type\":\"monsters\",\"serverTime\":1,\"list\":[{\"monster\":\"m-1\",\"pos\":[1,0,2]},"
                + "{\"monster\":\"m-2\",\"pos\":[3,0,4]}]}";
        TruthSnapshot first = parse(line);
        TruthSnapshot second = parse(line.replace("\"serverTime\":1", "\"serverTime\":1.2"));
        assertThat(parser.internedCount()).isEqualTo(2);
        assertThat(second.id(second.indexOf("m-2"))).isSameAs(first.id(first.indexOf("m-2")));
        assertThat(second.serverTime()).isEqualTo(1.2);
    }

    @Test
    void intern_ManyIds_ExpectedOneStringEachAfterTheTableGrows() {
        String[] first = new String[10_000];
        for (int i = 0; i < first.length; i++) {
            char[] c = ("m-" + i).toCharArray();
            first[i] = parser.intern(c, 0, c.length);
        }
        for (int i = 0; i < first.length; i++) {
            char[] c = ("..m-" + i).toCharArray();
            assertThat(parser.intern(c, 2, c.length - 2)).isSameAs(first[i]).isEqualTo("m-" + i);
        }
        assertThat(parser.internedCount()).isEqualTo(10_000);
    }
}
