/**
 * Path search on a {@link dev.navserver.nav.grid.NavGrid}: A* and Jump Point Search with the Moving AI movement
 * rules (8-connected, no corner cutting), results as values ({@link dev.navserver.nav.search.PathResult} with a
 * {@link dev.navserver.nav.search.SearchStatus}). {@link dev.navserver.nav.search.PathSearch} is a per-thread
 * context; grids, options and results are immutable and may be shared.
 */
package dev.navserver.nav.search;
