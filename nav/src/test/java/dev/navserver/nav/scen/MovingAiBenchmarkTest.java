package dev.navserver.nav.scen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.TestData;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.io.MapLoader;
import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.nav.search.SearchStatus;
import dev.navserver.nav.search.SubgoalGraph;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The proof of optimality: every one of the bundled Moving AI subset's 23,358 problems solved with the scenario's
 * optimal length by Jump Point Search, and every 8th problem of each file by A* (the whole set with A* takes
 * minutes; {@code ./navserver scen ... --algo astar} runs all of it); both again with the 16-landmark differential
 * heuristic ({@link SearchOptions#withLandmarks}); every problem again over the subgoal graph, and over its contraction
 * hierarchy.
 *
 * <p>The check is stricter than {@link ScenarioQuery#matches} for whole numbers: a length written without
 * decimals must be that integer exactly, since these files print 6 significant digits ("4" means 4.00000).
 * Otherwise it must agree within one unit of the last written digit plus a relative 1e-9 (the cities file prints
 * single-precision sums with 8 decimals).
 */
class MovingAiBenchmarkTest {

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("bg512", "AR0011SR", 1280),
                Arguments.of("cities", "Berlin_0_256", 930),
                Arguments.of("dao", "arena2", 929),
                Arguments.of("dao", "brc202d", 2519),
                Arguments.of("dao", "den312d", 320),
                Arguments.of("mazes", "maze512-1-0", 11960),
                Arguments.of("random", "random512-10-0", 1670),
                Arguments.of("rooms", "8room_000", 1940),
                Arguments.of("sc1", "Aftershock", 1810));
    }

    static boolean optimal(ScenarioQuery q, double got) {
        return q.matches(got) && (q.decimals() > 0 || Math.abs(got - q.optimalLength()) <= 1e-6);
    }

    /** @param landmarks landmarks of the JPS and A* heuristic; -1: none, and the subgoal graph gets its hierarchy */
    private static List<String> run(String set, String name, Algorithm algorithm, int every, int expectedQueries,
                                    int landmarks) throws IOException {
        GridMap map = MapLoader.load(TestData.movingAiMap(set, name));
        if (landmarks < 0) {
            // the graph this map's searches use, with its hierarchy
            assertThat(SubgoalGraph.forGrid(map.navGrid()).buildHierarchy().edgeCount()).isPositive();
        }
        Scenario all = ScenarioLoader.load(TestData.movingAiScen(set, name));
        assertThat(all.size()).isEqualTo(expectedQueries);
        List<ScenarioQuery> picked = new ArrayList<>();
        for (int i = 0; i < all.size(); i += every) {
            picked.add(all.queries().get(i));
        }
        Scenario scenario = new Scenario(all.source(), all.version(), picked);
        List<String> failures = new ArrayList<>();
        ScenarioRunner.Summary summary = new ScenarioRunner().run(map.navGrid(), scenario,
                SearchOptions.DEFAULT.withAlgorithm(algorithm).withLandmarks(Math.max(0, landmarks)), 0, o -> {
                    if (o.status() != SearchStatus.FOUND || !optimal(o.query(), o.length())) {
                        failures.add(name + " line " + o.query().line() + ": expected " + o.query().optimalLength()
                                + " got " + o.length() + " (" + o.status() + ")");
                    }
                });
        assertThat(summary.queries()).isEqualTo(picked.size());
        return failures;
    }

    /** A way to solve a benchmark file's problems: the algorithm, which problems (every n-th), and landmarks. */
    enum Method {
        JPS("all problems optimal with JPS", Algorithm.JPS, 1, 0),
        JPS_WITH_LANDMARKS("all problems optimal with JPS and 16 landmarks", Algorithm.JPS, 1, 16),
        SUBGOAL_GRAPH("all problems optimal over the subgoal graph", Algorithm.SUBGOAL, 1, 0),
        SUBGOAL_HIERARCHY("all problems optimal over the subgoal graph's contraction hierarchy", Algorithm.SUBGOAL, 1,
                -1),
        ASTAR_SAMPLE("every 8th problem optimal with A*", Algorithm.ASTAR, 8, 0),
        ASTAR_SAMPLE_WITH_LANDMARKS("every 8th problem optimal with A* and 16 landmarks", Algorithm.ASTAR, 8, 16);

        final String claim;
        final Algorithm algorithm;
        final int every;
        /** As {@link #run}'s {@code landmarks}. */
        final int landmarks;

        Method(String claim, Algorithm algorithm, int every, int landmarks) {
            this.claim = claim;
            this.algorithm = algorithm;
            this.every = every;
            this.landmarks = landmarks;
        }

        @Override
        public String toString() {
            return claim;
        }
    }

    /** Every {@link Method} on every file of {@link #scenarios}, method by method. */
    static Stream<Arguments> methodsAndScenarios() {
        return Stream.of(Method.values()).flatMap(m -> scenarios().map(a -> {
            Object[] file = a.get();
            return Arguments.of(m, file[0], file[1], file[2]);
        }));
    }

    @ParameterizedTest(name = "{2}: {0} ({3} problems in the file)")
    @MethodSource("methodsAndScenarios")
    void everyBenchmarkFile_WhenSolvedByEachMethod_EveryLengthIsOptimal(Method method, String set, String name,
                                                                        int queries) throws IOException {
        assertThat(run(set, name, method.algorithm, method.every, queries, method.landmarks)).isEmpty();
    }
}
