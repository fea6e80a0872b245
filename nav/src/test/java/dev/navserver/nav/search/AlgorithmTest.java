package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AlgorithmTest {
    @Test
    void spelling_IsTheLowerCaseName() {
        assertThat(Algorithm.ASTAR.spelling()).isEqualTo("astar");
        assertThat(Algorithm.JPS.spelling()).isEqualTo("jps");
        assertThat(Algorithm.spellings("|")).isEqualTo("astar|jps|subgoal");
        assertThat(Algorithm.spellings(", ")).isEqualTo("astar, jps, subgoal");
    }

    @Test
    void fromSpelling_AcceptsExactlyTheSpellings_CaseSensitive() {
        for (Algorithm a : Algorithm.values()) {
            assertThat(Algorithm.fromSpelling(a.spelling())).contains(a);
        }
        assertThat(Algorithm.fromSpelling("JPS")).isEmpty();
        assertThat(Algorithm.fromSpelling(" jps")).isEmpty();
        assertThat(Algorithm.fromSpelling("")).isEmpty();
        assertThat(Algorithm.fromSpelling(null)).isEmpty();
    }
}
