package dev.navserver.nav.search.subgoal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link SubgoalEdges}: lists replaced by repairs in pages of {@link SubgoalEdges#PAGE} ids read back as replaced,
 * the others as the full build's, ids added past the full build's count, the edge count kept, and the version a
 * repair started from left as it was.
 */
class SubgoalEdgesTest {
    /** A chain 0 - 1 - 2 - ... - (n - 1) as compressed sparse rows. */
    private static SubgoalEdges chain(int n) {
        int[] off = new int[n + 1];
        int[] t = new int[2 * (n - 1)];
        int k = 0;
        for (int u = 0; u < n; u++) {
            if (u > 0) {
                t[k++] = u - 1;
            }
            if (u + 1 < n) {
                t[k++] = u + 1;
            }
            off[u + 1] = k;
        }
        return new SubgoalEdges(off, t);
    }

    private static int[] list(SubgoalEdges e, int u) {
        return Arrays.copyOfRange(e.array(u), e.first(u), e.end(u));
    }

    @Test
    void with_ListsInThreePagesAndTwoNewIds_ReadBackReplacedAndTheRestUnchanged() {
        int n = 3 * SubgoalEdges.PAGE;
        SubgoalEdges base = chain(n);
        int a = 5;
        int b = SubgoalEdges.PAGE + 7;
        int c = 2 * SubgoalEdges.PAGE + 1;
        // a loses its edge to a + 1 and gains new id n; new id n + 1 joins b; c keeps one neighbour
        int[] ids = {a, b, c, n, n + 1};
        int[][] lists = {{a - 1, n}, {b - 1, b + 1, n + 1}, {c - 1}, {a}, {b}};

        SubgoalEdges next = base.with(n + 2, ids, lists, ids.length);

        assertThat(next.count()).isEqualTo(n + 2);
        assertThat(list(next, a)).containsExactly(a - 1, n);
        assertThat(list(next, b)).containsExactly(b - 1, b + 1, n + 1);
        assertThat(list(next, c)).containsExactly(c - 1);
        assertThat(list(next, n)).containsExactly(a);
        assertThat(list(next, n + 1)).containsExactly(b);
        assertThat(list(next, a + 1)).as("not replaced: the full build's list").containsExactly(a, a + 2);
        assertThat(list(next, b + 1)).containsExactly(b, b + 2);
        assertThat(next.edgeCount()).as("a: 2 -> 2, b: 2 -> 3, c: 2 -> 1, two new ids with 1 each")
                .isEqualTo(base.edgeCount() + 2);
        assertThat(base.count()).as("the version repaired from is untouched").isEqualTo(n);
        assertThat(list(base, a)).containsExactly(a - 1, a + 1);
        assertThat(next.repaired()).isTrue();
        assertThat(base.repaired()).isFalse();
    }

    @Test
    void flat_AfterTwoRepairsInARow_IsTheCsrOfEveryCurrentList() {
        SubgoalEdges base = chain(2 * SubgoalEdges.PAGE + 3);
        int n = base.count();
        SubgoalEdges once = base.with(n + 1, new int[] {0, n}, new int[][] {{1, n}, {0}}, 2);
        SubgoalEdges twice = once.with(n + 1, new int[] {n, 1}, new int[][] {{}, {2}}, 2);

        int[][] csr = twice.flat();

        assertThat(csr[0]).hasSize(n + 2);
        for (int u = 0; u <= n; u++) {
            assertThat(Arrays.copyOfRange(csr[1], csr[0][u], csr[0][u + 1])).as("list of %d", u)
                    .containsExactly(list(twice, u));
        }
        assertThat(list(twice, 0)).containsExactly(1, n);
        assertThat(list(twice, n)).isEmpty();
        assertThat(list(once, n)).as("the first repair's version keeps its lists").containsExactly(0);
        assertThat(csr[1]).hasSize(twice.edgeCount());
    }
}
