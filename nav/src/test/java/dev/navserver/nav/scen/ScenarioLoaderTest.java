package dev.navserver.nav.scen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.navserver.nav.TestData;
import dev.navserver.nav.search.SearchMode;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioLoaderTest {
    private static final String SOURCE = "t.map.scen";

    private static Scenario parse(String text) throws IOException {
        return ScenarioLoader.parse(SOURCE, new StringReader(text));
    }

    private static ScenarioQuery query(String length) throws IOException {
        return parse("version 1\n0\tm.map\t10\t10\t0\t0\t1\t1\t" + length + "\n").queries().get(0);
    }

    @Test
    void parse_WhenVersion1TabSeparated_ReadsEveryColumn() throws IOException {
        Scenario s = parse("version 1\n"
                + "3\tmaps/dao/arena2.map\t281\t209\t100\t41\t98\t44\t3.82843\n"
                + "0\tmaps/my map.map\t281\t209\t1\t2\t3\t4\t7\n");
        assertThat(s.version()).isEqualTo("1");
        assertThat(s.size()).isEqualTo(2);
        ScenarioQuery q = s.queries().get(0);
        assertThat(q).isEqualTo(new ScenarioQuery(2, 3, "maps/dao/arena2.map", 281, 209, 100, 41, 98, 44, 3.82843, 5));
        assertThat(s.queries().get(1).mapPath()).isEqualTo("maps/my map.map");
        assertThat(s.queries().get(1).decimals()).isZero();
    }

    @Test
    void parse_WhenVersion10SpaceSeparatedWithCrlf_ReadsEveryColumnAndTwoDecimals() throws IOException {
        Scenario s = parse("version 1.0\r\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n"
                + "\r\n111 maps/bgmaps/AR0011SR.map 512 512 128 181 430 364 446.00\r\n\r\n");
        assertThat(s.version()).isEqualTo("1.0");
        assertThat(s.queries()).containsExactly(
                new ScenarioQuery(2, 61, "maps/bgmaps/AR0011SR.map", 512, 512, 210, 395, 87, 201, 244.95, 2),
                new ScenarioQuery(4, 111, "maps/bgmaps/AR0011SR.map", 512, 512, 128, 181, 430, 364, 446.0, 2));
    }

    @Test
    void parse_WhenOnlyVersionLine_HasNoQueries() throws IOException {
        assertThat(parse("\uFEFFversion 1\n\n").queries()).isEmpty();
    }

    @Test
    void matches_WhenFiveDecimals_AcceptsWithinOneUnitOfTheLastDigitOnly() throws IOException {
        ScenarioQuery q = query("2.82843");
        assertThat(q.decimals()).isEqualTo(5);
        assertThat(q.matches(2 * Math.sqrt(2))).isTrue(); // 2.8284271...
        assertThat(q.matches(2.82843)).isTrue();
        assertThat(q.matches(2.82844)).isTrue();
        assertThat(q.matches(2.82842)).isTrue();
        assertThat(q.matches(2.828441)).isFalse();
        assertThat(q.matches(2.828419)).isFalse();
        assertThat(q.matches(3.0)).isFalse();
    }

    @Test
    void accepts_InApproximateMode_FromTheOptimumToTheWeightTimesItAndNothingShorter() throws IOException {
        ScenarioQuery q = query("100.00");
        assertThat(q.accepts(100.0, SearchMode.APPROXIMATE)).isTrue();
        assertThat(q.accepts(101.5, SearchMode.APPROXIMATE)).isTrue();
        assertThat(q.accepts(102.01, SearchMode.APPROXIMATE)).isTrue(); // one unit of the last digit
        assertThat(q.accepts(102.05, SearchMode.APPROXIMATE)).isFalse();
        assertThat(q.accepts(99.98, SearchMode.APPROXIMATE)).isFalse();
        assertThat(q.accepts(Double.NaN, SearchMode.APPROXIMATE)).isFalse();
        assertThat(q.accepts(100.5, SearchMode.OPTIMAL)).isFalse();
        assertThat(q.accepts(100.01, SearchMode.OPTIMAL)).isTrue();
    }

    @Test
    void matches_WhenTwoDecimals_AcceptsWithinOneHundredth() throws IOException {
        ScenarioQuery q = query("244.95");
        assertThat(q.matches(244.96)).isTrue();
        assertThat(q.matches(244.94)).isTrue();
        assertThat(q.matches(244.9501)).isTrue();
        assertThat(q.matches(244.9611)).isFalse();
        assertThat(q.matches(244.9389)).isFalse();
    }

    @Test
    void matches_WhenWrittenWithoutDecimals_AcceptsWithinOne() throws IOException {
        ScenarioQuery q = query("4");
        assertThat(q.decimals()).isZero();
        assertThat(q.tolerance()).isEqualTo(1.0);
        assertThat(q.matches(4)).isTrue();
        assertThat(q.matches(5)).isTrue();
        assertThat(q.matches(3)).isTrue();
        assertThat(q.matches(5.0001)).isFalse();
    }

    @Test
    void matches_WhenEightDecimalsOrNotFinite_StaysStrict() throws IOException {
        ScenarioQuery q = query("2.00000000");
        assertThat(q.decimals()).isEqualTo(8);
        assertThat(q.matches(2.00000001)).isTrue();
        assertThat(q.matches(2.0000001)).isFalse();
        assertThat(q.matches(Double.NaN)).isFalse();
        assertThat(q.matches(Double.POSITIVE_INFINITY)).isFalse();
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            \\n                                                           | 1 | empty file, expected 'version 1'
            version 2\\n                                                  | 1 | expected 'version 1' or 'version 1.0', got 'version 2'
            0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t2\\n                    | 1 | expected 'version 1' or 'version 1.0', got '0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t2'
            version 1\\n0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\n            | 2 | expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), got 8
            version 1\\n\\n0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t2\\t9\\n | 3 | expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), got 10
            version 1\\nx\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t2\\n        | 2 | bucket 'x' is not a non-negative integer
            version 1\\n0\\tm.map\\tten\\t10\\t0\\t0\\t1\\t1\\t2\\n       | 2 | map width 'ten' is not a non-negative integer
            version 1\\n0\\tm.map\\t10\\t0\\t0\\t0\\t1\\t1\\t2\\n         | 2 | map size must be at least 1 x 1, got 10 x 0
            version 1\\n0\\tm.map\\t10\\t10\\t-1\\t0\\t1\\t1\\t2\\n       | 2 | start x '-1' is not a non-negative integer
            version 1\\n0\\tm.map\\t10\\t10\\t10\\t0\\t1\\t1\\t2\\n       | 2 | start (10, 0) outside the 10 x 10 map
            version 1\\n0\\tm.map\\t10\\t20\\t0\\t0\\t1\\t20\\t2\\n       | 2 | goal (1, 20) outside the 10 x 20 map
            version 1\\n0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\tabc\\n      | 2 | optimal length 'abc' is not a non-negative decimal number
            version 1\\n0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t-2.5\\n     | 2 | optimal length '-2.5' is not a non-negative decimal number
            version 1\\n0\\tm.map\\t10\\t10\\t0\\t0\\t1\\t1\\t1e3\\n      | 2 | optimal length '1e3' is not a non-negative decimal number
            version 1\\n0\\t\\t10\\t10\\t0\\t0\\t1\\t1\\t2\\n             | 2 | empty map field
            version 1.0\\n0 m.map 10 10 0 0 1 1\\n                        | 2 | expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), got 8
            """)
    void parse_WhenMalformed_FailsNamingFileAndLine(String text, int line, String problem) {
        ScenFormatException e = catchThrowableOfType(ScenFormatException.class,
                () -> parse(text.strip().replace("\\n", "\n").replace("\\t", "\t")));
        assertThat(e).isNotNull();
        assertThat(e).hasMessage(SOURCE + ":" + line + ": " + problem.replace("\\t", "\t"));
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.file()).isEqualTo(SOURCE);
    }

    @ParameterizedTest(name = "{0}/{1}: {2} queries, version {3}, {4} decimals first")
    @CsvSource({
            "bg512, AR0011SR, 1280, 1.0, 2",
            "cities, Berlin_0_256, 930, 1, 8",
            "dao, arena2, 929, 1, 5",
            "dao, brc202d, 2519, 1, 5",
            "dao, den312d, 320, 1, 5",
            "mazes, maze512-1-0, 11960, 1, 0",
            "random, random512-10-0, 1670, 1, 5",
            "rooms, 8room_000, 1940, 1, 0",
            "sc1, Aftershock, 1810, 1, 5"})
    void load_WhenBundledMovingAiScenario_ParsesEveryQuery(String set, String name, int count, String version,
            int firstDecimals) throws IOException {
        Scenario s = ScenarioLoader.load(TestData.movingAiScen(set, name));
        assertThat(s.size()).isEqualTo(count);
        assertThat(s.version()).isEqualTo(version);
        assertThat(s.queries().get(0).decimals()).isEqualTo(firstDecimals);
        assertThat(s.queries().get(0).line()).isEqualTo(2);
        assertThat(s.queries()).allSatisfy(q -> assertThat(q.mapPath()).endsWith(name + ".map"));
    }

    @Test
    void load_WhenAllNineBundledScenarios_Total23358Queries() throws IOException {
        String[][] files = {{"bg512", "AR0011SR"}, {"cities", "Berlin_0_256"}, {"dao", "arena2"}, {"dao", "brc202d"},
                {"dao", "den312d"}, {"mazes", "maze512-1-0"}, {"random", "random512-10-0"}, {"rooms", "8room_000"},
                {"sc1", "Aftershock"}};
        int total = 0;
        for (String[] f : files) {
            total += ScenarioLoader.load(TestData.movingAiScen(f[0], f[1])).size();
        }
        assertThat(total).isEqualTo(23_358);
    }

    @Test
    void load_WhenBg512LegacyScenario_KeepsItsMapColumnAndFirstQuery() throws IOException {
        Scenario s = ScenarioLoader.load(TestData.movingAiScen("bg512", "AR0011SR"));
        assertThat(s.queries().get(0))
                .isEqualTo(new ScenarioQuery(2, 61, "maps/bgmaps/AR0011SR.map", 512, 512, 210, 395, 87, 201, 244.95, 2));
    }
}
