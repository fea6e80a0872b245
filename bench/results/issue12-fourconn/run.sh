#!/usr/bin/env bash
# How the numbers in this folder were made (issue 12, 4-connected dead-end fast path). Run from the worktree root
# after `./mvnw -B -q -o verify -pl nav,bench -am`; takes the shared benchmark lock; logs the load around each step.
set -euo pipefail
out=bench/results/issue12-fourconn
jar=bench/target/benchmarks.jar
tag=${1:-run}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
java -cp "$jar" dev.navserver.bench.MazeGenerator 121 81 0 "$tmp/maze.txt" "$tmp/pairs.txt"
flock /tmp/jmh.lock bash -c "
  echo \"$tag python start: \$(cut -d' ' -f1-3 /proc/loadavg) \$(date -u +%H:%M:%S)\" >> $out/load.txt
  python3 bench/seed000/astar.py $tmp/maze.txt $tmp/pairs.txt > $out/python-$tag.txt
  echo \"$tag python end / jmh start: \$(cut -d' ' -f1-3 /proc/loadavg) \$(date -u +%H:%M:%S)\" >> $out/load.txt
  java -jar $jar FourConnectedBenchmark -p map=maze121x81 -rf json -rff $out/jmh-$tag.json > $out/jmh-$tag.txt
  echo \"$tag jmh end: \$(cut -d' ' -f1-3 /proc/loadavg) \$(date -u +%H:%M:%S)\" >> $out/load.txt
"
