package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.navserver.nav.Dijkstra;
import dev.navserver.nav.grid.CellEdit;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.nav.grid.WorldTransform;
import dev.navserver.nav.search.core.BuildProgress;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SubgoalRepairs#publish} against two oracles: after every random rectangular edit (walls added, walls
 * removed, or both), the repaired graph has exactly the subgoals and edges of a fresh build of the edited map, and
 * searches over it (over its hierarchy too, when one is built; after {@link SubgoalRepairs#compact} too) answer with
 * Dijkstra's lengths on the edited map, along paths of standable cells only.
 */
class SubgoalRepairPropertyTest {
    private final PathSearch search = new PathSearch();

    @Property(tries = 200)
    void randomEditSequences_RepairedGraphEqualsAFreshBuildAndAnswersLikeDijkstra(
            @ForAll @IntRange(min = 3, max = 150) int width, @ForAll @IntRange(min = 3, max = 40) int height,
            @ForAll @IntRange(min = 0, max = 2) int kind, @ForAll @IntRange(min = 0, max = 30) int noisePct,
            @ForAll long seed) {
        Random rnd = new Random(seed);
        GridMap current = new GridMap("repair", width, height, WorldTransform.UNIT, blocks(width, height, noisePct,
                rnd));
        SubgoalGraph first = SubgoalGraph.forGrid(current.navGrid());
        assertThat(first).isNotNull();
        int steps = 1 + rnd.nextInt(6);
        for (int s = 0; s < steps; s++) {
            int w = 1 + rnd.nextInt(Math.min(width, 6));
            int h = 1 + rnd.nextInt(Math.min(height, 6));
            int col = rnd.nextInt(width - w + 1);
            int row = rnd.nextInt(height - h + 1);
            boolean wall = kind == 0 || (kind == 2 && rnd.nextBoolean());
            GridMap next = current.edited(List.of(CellEdit.fill(col, row, w, h, wall ? Terrain.WALL : Terrain.OPEN)));
            NavGrid before = current.navGrid();
            NavGrid after = next.navGrid();

            SubgoalGraph repaired = SubgoalRepairs.publish(before, after, Long.MAX_VALUE);

            assertThat(repaired).as("step %d", s).isNotNull();
            assertThat(SubgoalGraph.ready(after)).isSameAs(repaired);
            SubgoalGraph fresh = SubgoalGraph.build(after);
            assertThat(subgoals(after, repaired)).as("subgoals after step %d", s).isEqualTo(subgoals(after, fresh));
            assertThat(edges(after, repaired)).as("edges after step %d", s).isEqualTo(edges(after, fresh));
            if (!wall && repaired.edgeCount() > 0 && changedOpen(before, after)) {
                assertThat(repaired.landmarkCount()).as("landmarks dropped once walls were removed").isZero();
            }
            if (rnd.nextInt(3) == 0) {
                // as the server does once a version settles: plain arrays and fresh landmarks, then the hierarchy
                assertThat(SubgoalRepairs.compact(after, BuildProgress.NONE)).isEqualTo(BuildOutcome.BUILT);
                SubgoalGraph compact = SubgoalGraph.ready(after);
                assertThat(SubgoalRepairs.repaired(compact)).isFalse();
                assertThat(edges(after, compact)).isEqualTo(edges(after, fresh));
                assertThat(compact.landmarkCount()).isEqualTo(fresh.landmarkCount());
                compact.buildHierarchy();
            } else if (rnd.nextInt(3) == 0) {
                repaired.buildHierarchy();
            }
            for (int q = 0; q < 8; q++) {
                checkQuery(after, rnd);
            }
            current = next;
        }
    }

    /** Random blocks of wall (corners for subgoals) and noise. */
    static byte[] blocks(int width, int height, int noisePct, Random rnd) {
        byte[] t = new byte[width * height];
        for (int i = 0; i < t.length; i++) {
            t[i] = rnd.nextInt(100) < noisePct ? Terrain.WALL : Terrain.OPEN;
        }
        int blocks = rnd.nextInt(1 + width * height / 40);
        for (int b = 0; b < blocks; b++) {
            int w = 1 + rnd.nextInt(Math.min(width, 5));
            int h = 1 + rnd.nextInt(Math.min(height, 5));
            int c0 = rnd.nextInt(width - w + 1);
            int r0 = rnd.nextInt(height - h + 1);
            for (int r = r0; r < r0 + h; r++) {
                for (int c = c0; c < c0 + w; c++) {
                    t[r * width + c] = Terrain.WALL;
                }
            }
        }
        return t;
    }

    private static boolean changedOpen(NavGrid before, NavGrid after) {
        for (int c = 0; c < before.width() * before.height(); c++) {
            if (!before.openCell(c) && after.openCell(c)) {
                return true;
            }
        }
        return false;
    }

    private void checkQuery(NavGrid grid, Random rnd) {
        int w = grid.width();
        int from = rnd.nextInt(w * grid.height());
        int to = rnd.nextInt(w * grid.height());
        PathResult r = search.find(grid, from % w, from / w, to % w, to / w,
                SearchOptions.DEFAULT.withAlgorithm(Algorithm.SUBGOAL));
        if (!grid.openCell(from) || !grid.openCell(to)) {
            assertThat(r.status()).isNotEqualTo(SearchStatus.FOUND);
            return;
        }
        double d = Dijkstra.distances(grid, from, true, false)[to];
        if (Double.isInfinite(d)) {
            assertThat(r.status()).isEqualTo(SearchStatus.UNREACHABLE);
            return;
        }
        assertThat(r.status()).isEqualTo(SearchStatus.FOUND);
        assertThat(r.length()).as("from %d to %d", from, to).isCloseTo(d, within(1e-9));
        PathSearchTest.assertValidPath(grid, r, Moves.EIGHT);
    }

    /** The subgoal cells of {@code g} as "col,row" (ids of removed subgoals left out). */
    static Set<String> subgoals(NavGrid grid, SubgoalGraph g) {
        Set<String> out = new TreeSet<>();
        for (int u = 0; u < g.nodeCount(); u++) {
            if (g.node(g.cell(u)) == u) {
                out.add(name(grid, g.cell(u)));
            }
        }
        return out;
    }

    /** The edges of {@code g} as "col,row-col,row", both ways. */
    static Set<String> edges(NavGrid grid, SubgoalGraph g) {
        Set<String> out = new TreeSet<>();
        for (int u = 0; u < g.nodeCount(); u++) {
            int[] t = g.targets(u);
            for (int e = g.firstEdge(u); e < g.endEdge(u); e++) {
                assertThat(g.node(g.cell(u))).as("only live subgoals have edges").isEqualTo(u);
                out.add(name(grid, g.cell(u)) + "-" + name(grid, g.cell(t[e])));
            }
        }
        return out;
    }

    private static String name(NavGrid grid, int padded) {
        int c = grid.unpad(padded);
        return (c % grid.width()) + "," + (c / grid.width());
    }
}
