package dev.navserver.server.cli;

import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.LandmarkTable;
import dev.navserver.nav.search.Moves;
import dev.navserver.nav.search.SearchMode;
import dev.navserver.nav.search.SearchOptions;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --algo astar|jps|subgoal}, {@code --moves 8|4}, {@code --landmarks K} and {@code --mode optimal|approximate}, shared
 * by {@code path} and {@code scen}.
 */
public final class SearchFlags {
    @Option(names = "--algo", paramLabel = "astar|jps|subgoal", defaultValue = "jps",
            converter = AlgorithmConverter.class, completionCandidates = AlgorithmSpellings.class,
            description = "Search algorithm (default: ${DEFAULT-VALUE}). JPS with --moves 4 runs the 4-connected two-stack A*.")
    Algorithm algo;

    @Option(names = "--moves", paramLabel = "8|4", defaultValue = "8",
            description = "8-connected (costs 1 and sqrt 2, no corner cutting) or 4-connected moves.")
    int moves;

    @Option(names = "--landmarks", paramLabel = "K", defaultValue = "0",
            description = "Landmarks of the differential heuristic, 0-" + LandmarkTable.MAX_LANDMARKS
                    + " (default: ${DEFAULT-VALUE} = octile only); the table is built before the first search.")
    int landmarks;

    @Option(names = "--mode", paramLabel = "optimal|approximate", defaultValue = "optimal",
            converter = ModeConverter.class,
            description = "optimal (shortest paths, the default) or approximate (weighted A*/JPS: paths at most "
                    + SearchMode.APPROXIMATE_WEIGHT + " times the shortest, as search.mode in the server).")
    SearchMode mode;

    /** The options these flags select, with no node budget. */
    SearchOptions options() {
        if (moves != 8 && moves != 4) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--moves must be 8 or 4, got " + moves);
        }
        if (landmarks < 0 || landmarks > LandmarkTable.MAX_LANDMARKS) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--landmarks must be in [0, " + LandmarkTable.MAX_LANDMARKS + "], got " + landmarks);
        }
        return SearchOptions.DEFAULT
                .withAlgorithm(algo)
                .withMoves(moves == 8 ? Moves.EIGHT : Moves.FOUR)
                .withLandmarks(landmarks)
                .withMode(mode);
    }


    /**
     * Reads an enum constant from its spelling, case-sensitive, with the message picocli gives for an enum:
     * {@code Invalid value for option '--algo': expected one of [astar, jps, subgoal] (case-sensitive) but was 'x'}.
     */
    private abstract static class SpellingConverter<E> implements ITypeConverter<E> {
        private final Function<String, Optional<E>> fromSpelling;
        /** The spellings joined by {@code ", "}, for the message. */
        private final String spellings;

        SpellingConverter(Function<String, Optional<E>> fromSpelling, String spellings) {
            this.fromSpelling = fromSpelling;
            this.spellings = spellings;
        }

        @Override
        public E convert(String value) {
            return fromSpelling.apply(value).orElseThrow(() -> new TypeConversionException(
                    "expected one of [" + spellings + "] (case-sensitive) but was '" + value + "'"));
        }
    }

    /** Reads an {@link Algorithm#spelling()}. */
    static final class AlgorithmConverter extends SpellingConverter<Algorithm> {
        AlgorithmConverter() {
            super(Algorithm::fromSpelling, Algorithm.spellings(", "));
        }
    }

    /** Reads a {@link SearchMode#spelling()}. */
    static final class ModeConverter extends SpellingConverter<SearchMode> {
        ModeConverter() {
            super(SearchMode::fromSpelling, SearchMode.spellings(", "));
        }
    }

    /** The spellings offered by shell completion and {@code ${COMPLETION-CANDIDATES}}. */
    static final class AlgorithmSpellings implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Algorithm.values()).map(Algorithm::spelling).iterator();
        }
    }
}
