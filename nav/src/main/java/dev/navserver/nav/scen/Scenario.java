package dev.navserver.nav.scen;

import java.util.List;
import java.util.Objects;

/**
 * A parsed Moving AI scenario file. Immutable and thread-safe.
 *
 * @param source  the source name given to the loader
 * @param version the version the file declares ({@code "1"} or {@code "1.0"})
 * @param queries the problems in file order; unmodifiable
 */
public record Scenario(String source, String version, List<ScenarioQuery> queries) {
    public Scenario {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(version, "version");
        queries = List.copyOf(queries);
    }

    /** Number of problems. */
    public int size() {
        return queries.size();
    }
}
