package dev.navserver.bench;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.NavGrid;
import dev.navserver.nav.scen.Scenario;
import dev.navserver.nav.scen.ScenarioQuery;
import java.util.List;
import java.util.Random;

/**
 * One map's scenario queries as primitive arrays, in a fixed shuffled order, plus a cursor that cycles through
 * them. The shuffle (seed {@value #SEED}) matters for timing: scen files are sorted by difficulty bucket, so a
 * measurement window that covers only part of the list would otherwise see only short or only long queries; in
 * shuffled order every window is a fair sample of the whole list.
 *
 * <p>The arrays are filled once and never changed. The cursor is not thread-safe: one workload per benchmark thread.
 */
public final class Workload {
    static final long SEED = 20120101L;

    public final MovingAiSet set;
    public final GridMap map;
    public final NavGrid grid;
    /** Query {@code i}: start (sx[i], sy[i]) and goal (gx[i], gy[i]) as (column, row). */
    public final int[] sx;
    public final int[] sy;
    public final int[] gx;
    public final int[] gy;
    /** The scen line of query {@code i} (holds its optimal length). */
    public final ScenarioQuery[] query;
    private int cursor;

    private Workload(MovingAiSet set, GridMap map, List<ScenarioQuery> queries) {
        this.set = set;
        this.map = map;
        this.grid = map.navGrid();
        int n = queries.size();
        query = queries.toArray(new ScenarioQuery[0]);
        Random rnd = new Random(SEED);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            ScenarioQuery t = query[i];
            query[i] = query[j];
            query[j] = t;
        }
        sx = new int[n];
        sy = new int[n];
        gx = new int[n];
        gy = new int[n];
        for (int i = 0; i < n; i++) {
            sx[i] = query[i].startX();
            sy[i] = query[i].startY();
            gx[i] = query[i].goalX();
            gy[i] = query[i].goalY();
        }
    }

    /** Loads the map and its scenario. */
    public static Workload load(String mapName) {
        MovingAiSet set = MovingAiSet.byName(mapName);
        GridMap map = set.loadMap();
        Scenario scen = set.loadScenario();
        return new Workload(set, map, scen.queries());
    }

    public int size() {
        return sx.length;
    }

    /** Index of the next query, cycling through all of them. */
    public int next() {
        int i = cursor;
        cursor = i + 1 == sx.length ? 0 : i + 1;
        return i;
    }
}
