#!/usr/bin/env python3
"""Summarises bench/fanout-run.sh's runs.jsonl: per round and viewer count, the server CPU the moving wolves add
over the idle run (same sessions, same snapshots), per nav_path event, and the ratio 100 viewers / 1 viewer.

usage: fanout_summary.py RUNS.jsonl
"""
import json
import statistics
import sys


def main():
    runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    by = {}
    for r in runs:
        if r["run"].startswith("profile"):
            continue
        rnd = r["run"].rsplit("-r", 1)[1]
        by[(r["viewers"], r["moving"], rnd)] = r
    rounds = sorted({k[2] for k in by})
    viewers = sorted({k[0] for k in by})
    print("round viewers  moving_cpu_s idle_cpu_s  (user/sys moving)  nav_path_events  extra_cpu_per_event_ms")
    per = {v: [] for v in viewers}
    for rnd in rounds:
        for v in viewers:
            m, i = by.get((v, True, rnd)), by.get((v, False, rnd))
            if not m or not i:
                continue
            extra = (m["serverCpuSeconds"] - i["serverCpuSeconds"]) / m["navPathEvents"] * 1000
            per[v].append(extra)
            us = f'{m.get("serverUserSeconds", "?")}/{m.get("serverSystemSeconds", "?")}'
            print(f"{rnd:>5} {v:>7}  {m['serverCpuSeconds']:>12} {i['serverCpuSeconds']:>10}  {us:>17}  "
                  f"{m['navPathEvents']:>15}  {extra:>22.3f}")
    print()
    for v in viewers:
        if per[v]:
            print(f"viewers {v}: extra CPU per nav_path event, mean of {len(per[v])} rounds: "
                  f"{statistics.mean(per[v]):.3f} ms")
    if len(viewers) >= 2 and all(per[v] for v in viewers):
        lo, hi = viewers[0], viewers[-1]
        a, b = statistics.mean(per[lo]), statistics.mean(per[hi])
        print(f"{hi} viewers minus {lo}: {b - a:.3f} ms per nav_path event, "
              f"{(b - a) / (hi - lo) * 1000:.1f} us per added viewer")
        if a > 0:
            print(f"ratio {hi} / {lo} viewers: {b / a:.2f} (target <= 1.10)")
        else:
            print(f"ratio {hi} / {lo} viewers: undefined ({lo}-viewer extra is within the noise of the idle baseline)")


if __name__ == "__main__":
    main()
