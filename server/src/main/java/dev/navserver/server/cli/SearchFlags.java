package dev.navserver.server.cli;

import dev.navserver.nav.search.Algorithm;
import dev.navserver.nav.search.Moves;
import dev.navserver.nav.search.SearchOptions;
import picocli.CommandLine.Option;

/** {@code --algo astar|jps} and {@code --moves 8|4}, shared by {@code path} and {@code scen}. */
public final class SearchFlags {
    /** Spelling of the algorithms on the command line. */
    public enum AlgoFlag { astar, jps }

    @Option(names = "--algo", paramLabel = "astar|jps", defaultValue = "jps",
            description = "Search algorithm (default: ${DEFAULT-VALUE}). JPS with --moves 4 runs A*.")
    AlgoFlag algo;

    @Option(names = "--moves", paramLabel = "8|4", defaultValue = "8",
            description = "8-connected (costs 1 and sqrt 2, no corner cutting) or 4-connected moves.")
    int moves;

    /** The options these flags select, with no node budget. */
    SearchOptions options() {
        if (moves != 8 && moves != 4) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--moves must be 8 or 4, got " + moves);
        }
        return SearchOptions.DEFAULT
                .withAlgorithm(algo == AlgoFlag.astar ? Algorithm.ASTAR : Algorithm.JPS)
                .withMoves(moves == 8 ? Moves.EIGHT : Moves.FOUR);
    }
}
