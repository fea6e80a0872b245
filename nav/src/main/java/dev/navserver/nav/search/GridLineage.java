package dev.navserver.nav.search;

import dev.navserver.nav.grid.MoveLayer;
import dev.navserver.nav.grid.NavGrid;

/**
 * The versions of one grid: grids of one map (by name), layer and agent size, with the same padded stride and row
 * count. Derived data built for one version ({@link JumpTable} lines, a {@link LandmarkTable}) can only be shared
 * with, or stay valid for, another version of the same lineage; grids of other maps, layers or agent sizes have
 * other bit rows. Immutable.
 */
record GridLineage(String map, MoveLayer layer, int agentSize, int stride, int rows) {

    /** The lineage {@code grid} belongs to. */
    static GridLineage of(NavGrid grid) {
        return new GridLineage(grid.map().name(), grid.layer(), grid.agentSize(), grid.stride(),
                grid.openRows().length);
    }
}
