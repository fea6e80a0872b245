#!/usr/bin/env python3
"""Reconstruction of "seed 000's Python heap A*" for issue 12's 4-connected target.

The seed's own code is not in this repository. Issue 12 describes it as a heap A* on 4-connected moves that cost 10
per step with a Manhattan heuristic (x 10); this file rebuilds that in the plainest idiomatic form: heapq entries
(f, g, cell) with cell = (x, y) tuples, a dict of g values, a dict of parents, a closed set, four neighbours,
stale heap entries skipped. It times the same maze the Java benchmark uses (MazeGenerator 121 81 0), read from a
text file: "W H" on the first line, then rows of '.' (open) and '#' (wall).

usage: astar.py MAZE_FILE PAIRS_FILE [--repeat N]
Both files come from the Java generator (bench/seed000/run.sh):
  java -cp bench/target/benchmarks.jar dev.navserver.bench.MazeGenerator 121 81 0 maze.txt pairs.txt
Prints mean microseconds per query for the corner query (1,1)->(W-2,H-2) and for the 1,000 random pairs that
FourConnectedBenchmark times (one "sx sy gx gy" per line), after a warm-up pass, best of N passes, wall time with
time.perf_counter and thread CPU time with time.thread_time.
"""
import heapq
import sys
import time


def load(path):
    with open(path) as f:
        w, h = map(int, f.readline().split())
        rows = [f.readline().rstrip("\n") for _ in range(h)]
    return w, h, [[c == "." for c in row] for row in rows]


def astar(grid, w, h, start, goal):
    """Length of the shortest 4-connected path in cells (cost / 10), or None; the path itself is rebuilt."""
    gx, gy = goal
    def heur(x, y):
        return 10 * (abs(x - gx) + abs(y - gy))
    open_heap = [(heur(*start), 0, start)]
    g_score = {start: 0}
    parent = {start: None}
    closed = set()
    while open_heap:
        f, g, cur = heapq.heappop(open_heap)
        if cur in closed:
            continue
        if cur == goal:
            path = []
            while cur is not None:
                path.append(cur)
                cur = parent[cur]
            path.reverse()
            return g // 10, path
        closed.add(cur)
        x, y = cur
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and grid[ny][nx]:
                nb = (nx, ny)
                if nb in closed:
                    continue
                ng = g + 10
                if ng < g_score.get(nb, 1 << 60):
                    g_score[nb] = ng
                    parent[nb] = cur
                    heapq.heappush(open_heap, (ng + heur(nx, ny), ng, nb))
    return None, None


def load_pairs(path):
    pairs = []
    with open(path) as f:
        for line in f:
            sx, sy, gx, gy = map(int, line.split())
            pairs.append(((sx, sy), (gx, gy)))
    return pairs


def time_queries(grid, w, h, pairs, repeat):
    for s, g in pairs:  # warm-up pass
        astar(grid, w, h, s, g)
    best = None
    best_cpu = None
    total_len = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        c0 = time.thread_time()
        for s, g in pairs:
            n, _ = astar(grid, w, h, s, g)
            total_len += n
        dt = (time.perf_counter() - t0) / len(pairs)
        dc = (time.thread_time() - c0) / len(pairs)
        best = dt if best is None else min(best, dt)
        best_cpu = dc if best_cpu is None else min(best_cpu, dc)
    return best * 1e6, best_cpu * 1e6, total_len // repeat


def main():
    path = sys.argv[1]
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    w, h, grid = load(path)
    corner = [((1, 1), (w - 2, h - 2))]
    us, cpu, length = time_queries(grid, w, h, corner * 20, repeat)
    print(f"corner: {us:.1f} us/query wall, {cpu:.1f} us CPU (best of {repeat} x 20 queries), length {length // 20}")
    pairs = load_pairs(sys.argv[2])
    us, cpu, total = time_queries(grid, w, h, pairs, repeat)
    print(f"random: {us:.1f} us/query wall, {cpu:.1f} us CPU (best of {repeat} x {len(pairs)} pairs), "
          f"total length {total}")


if __name__ == "__main__":
    main()
