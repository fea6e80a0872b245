#!/usr/bin/env bash
# Issue 12's seed-000 comparison: writes the 121 x 81 maze (seed 0) and its 1,000 query pairs with the Java
# generator, times the Python heap A* reconstruction on them, then the Java 4-connected searches with JMH.
# Extra arguments go to JMH. Run when `uptime` shows a load below 1.5.
set -euo pipefail
cd "$(dirname "$0")/../.."
./mvnw -B -q -pl bench -am package -DskipTests
jar=bench/target/benchmarks.jar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
java -cp "$jar" dev.navserver.bench.MazeGenerator 121 81 0 "$tmp/maze.txt" "$tmp/pairs.txt"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/seed000/astar.py "$tmp/maze.txt" "$tmp/pairs.txt"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
java -jar "$jar" "$@" FourConnectedBenchmark
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
