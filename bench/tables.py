#!/usr/bin/env python3
"""Turns bench/results/jmh.json and scenario-report.md into the Markdown tables of docs/performance.md.

Usage: python3 bench/tables.py JMH_JSON SCENARIO_REPORT_MD
Wall = JMH's score (mean wall-clock µs per query, ± its 99.9% error). CPU = thread CPU µs per query from the
CpuClock counters (sum of cpuNanos / sum of queries over all measured iterations of all forks).
"""
import json
import sys

MAPS = ["arena2", "AR0011SR", "Aftershock", "8room_000", "maze512-1-0", "random512-10-0", "brc202d", "den312d",
        "Berlin_0_256"]


def flat(raw):
    return [v for fork in raw for v in fork]


def load(path):
    runs = {}
    for r in json.load(open(path)):
        bench = r["benchmark"].rsplit(".", 2)[-2]
        p = r["params"]
        key = (bench, p["map"], p.get("algorithm", "GDX"))
        sec = r["secondaryMetrics"]
        queries = flat(sec["queries"]["rawData"])
        cpu = sum(flat(sec["cpuNanos"]["rawData"])) / sum(queries)
        window_exp = None
        if "expansions" in sec:
            # per iteration, wall us/query divided by wall us/expansion = expansions/query; weighted by queries
            walls = flat(r["primaryMetric"]["rawData"])
            exps = flat(sec["expansions"]["rawData"])
            window_exp = sum(q * w / e for q, w, e in zip(queries, walls, exps)) / sum(queries)
        runs[key] = {
            "wall": r["primaryMetric"]["score"],
            "err": r["primaryMetric"]["scoreError"],
            "unit": r["primaryMetric"]["scoreUnit"],
            "cpu_ns": cpu,
            "exp_us": sec["expansions"]["score"] if "expansions" in sec else None,
            "window_exp": window_exp,
            "queries": sum(queries),
            "alloc": sec["gc.alloc.rate.norm"]["score"] if "gc.alloc.rate.norm" in sec else None,
        }
    return runs


def report(path):
    rows = {}
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0] in MAPS:
            rows[cells[0]] = cells
    return rows


def num(x, digits=1):
    return "–" if x is None else f"{x:,.{digits}f}"


def main():
    runs = load(sys.argv[1])
    rep = report(sys.argv[2])
    print("### Per map: mean per query (wall ± 99.9% error / thread CPU), µs\n")
    print("| map | queries | A* wall | A* CPU | A* exp/query | JPS wall | JPS CPU | JPS exp/query "
          "| JPS speed-up over A* (wall / CPU) | gdx-ai wall | gdx-ai CPU | gdx-ai non-optimal "
          "| JPS speed-up over gdx-ai (wall / CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for m in MAPS:
        a = runs.get(("EngineBenchmark", m, "ASTAR"))
        j = runs.get(("EngineBenchmark", m, "JPS"))
        g = runs.get(("GdxAiBenchmark", m, "GDX"))
        r = rep.get(m)
        if not (a and j and g and r):
            continue
        print(f"| {m} | {r[1]} | {num(a['wall'])} ± {num(a['err'])} | {num(a['cpu_ns'] / 1e3)} | {r[3]} "
              f"| {num(j['wall'])} ± {num(j['err'])} | {num(j['cpu_ns'] / 1e3)} | {r[5]} "
              f"| {a['wall'] / j['wall']:.0f}× / {a['cpu_ns'] / j['cpu_ns']:.0f}× "
              f"| {num(g['wall'])} ± {num(g['err'])} | {num(g['cpu_ns'] / 1e3)} | {r[6]} of {r[1]} "
              f"| {g['wall'] / j['wall']:.0f}× / {g['cpu_ns'] / j['cpu_ns']:.0f}× |")

    print("\n### A* expansion rate, million expansions per second\n")
    print("| map | queries timed | expansions/query, timed sample | expansions/query, whole scen "
          "| wall (JMH expansions counter) | CPU (sample expansions/query ÷ CPU µs/query) |")
    print("|---|---:|---:|---:|---:|---:|")
    for m in MAPS:
        a = runs.get(("EngineBenchmark", m, "ASTAR"))
        r = rep.get(m)
        if not (a and r):
            continue
        print(f"| {m} | {a['queries']:,.0f} | {num(a['window_exp'])} | {r[3]} | {1 / a['exp_us']:.2f} "
              f"| {a['window_exp'] / (a['cpu_ns'] / 1e3):.2f} |")

    print("\n### Allocation per query (-prof gc, gc.alloc.rate.norm), bytes\n")
    print("| map | A* | JPS | gdx-ai | size of the returned PathResult + cells (mean) |")
    print("|---|---:|---:|---:|---:|")
    for m in MAPS:
        a = runs.get(("EngineBenchmark", m, "ASTAR"))
        j = runs.get(("EngineBenchmark", m, "JPS"))
        g = runs.get(("GdxAiBenchmark", m, "GDX"))
        r = rep.get(m)
        if not (a and j and g and r):
            continue
        print(f"| {m} | {num(a['alloc'])} | {num(j['alloc'])} | {num(g['alloc'])} | {r[9]} |")

    print("\n### Unreachable query (goal on another island), ns\n")
    print("| map | algorithm | wall ± 99.9% error | CPU | allocation, bytes |")
    print("|---|---|---:|---:|---:|")
    for (b, m, alg), v in sorted(runs.items()):
        if b == "UnreachableBenchmark":
            print(f"| {m} | {alg} | {num(v['wall'])} ± {num(v['err'])} | {num(v['cpu_ns'])} | {num(v['alloc'])} |")


if __name__ == "__main__":
    main()
