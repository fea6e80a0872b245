#!/usr/bin/env bash
# Regenerates the engine numbers of docs/performance.md. Run from anywhere; takes 30-45 minutes on 2 cores.
# Writes bench/results/: scenario-report.md (optimality, expansions), jmh.json and jmh.txt (timings),
# load.txt (load average every 30 s during the run) and engine-tables.md (the tables for the docs).
# Extra arguments go to JMH, e.g. `bench/run.sh -p map=arena2` for one map.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/results
mkdir -p "$out"

./mvnw -B -q -pl bench -am package -DskipTests
jar=bench/target/benchmarks.jar

# 1. untimed: every scen query once per algorithm; exits 1 if our A* or JPS is not optimal somewhere
java -Xmx2g -cp "$jar" dev.navserver.bench.ScenarioReport | tee "$out/scenario-report.md"

# 2. timed: 9 maps x (A*, JPS, gdx-ai) + unreachable, 2 forks, 4 x 2 s warm-up, 5 x 2 s measured, with -prof gc
(while true; do echo "$(date -u +%FT%TZ) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) > "$out/load.txt" &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true' EXIT
java -jar "$jar" -f 2 -wi 4 -w 2s -i 5 -r 2s -prof gc -rf json -rff "$out/jmh.json" "$@" \
    'EngineBenchmark|GdxAiBenchmark|UnreachableBenchmark' | tee "$out/jmh.txt"

# 3. tables for docs/performance.md
python3 bench/tables.py "$out/jmh.json" "$out/scenario-report.md" | tee "$out/engine-tables.md"
