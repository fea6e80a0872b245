package dev.navserver.server.config;

/** The grid search used by the planner pool; spelled in config as {@link #configName()}. */
public enum SearchAlgorithm {
    /** Plain A* over the 8-connected grid. */
    ASTAR("astar"),
    /** Jump Point Search: same optimal paths as A*, far fewer expansions on open maps. */
    JPS("jps");

    private final String configName;

    SearchAlgorithm(String configName) {
        this.configName = configName;
    }

    /** The lower-case spelling used in {@code search.algorithm}. */
    public String configName() {
        return configName;
    }

    /** The algorithm spelled {@code name} in config, or {@code null} if none is. Case-sensitive. */
    public static SearchAlgorithm fromConfigName(String name) {
        for (SearchAlgorithm a : values()) {
            if (a.configName.equals(name)) {
                return a;
            }
        }
        return null;
    }
}
