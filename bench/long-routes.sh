#!/usr/bin/env bash
# Issue 28: long path_query routes on a held-out map with the shipped config (docs/performance.md, "Big maps with
# the defaults"). Usage: bench/long-routes.sh KIND SIZE SEED WORKDIR [XMX]
#   generates the map with the second generator (./navserver genmap-holdout), copies config/navserver.yaml with only
#   maps.dir (and, on a shared machine, the two ports) changed, draws 40 long pairs (octile >= 2000) and their
#   shortest grid lengths BEFORE the server starts, then launches the server (JAVA_OPTS=-XmxXMX, default 1g) and the
#   probe at once: first answer after launch, answers during the background build, 5 timed rounds after it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KIND="$1"; SIZE="$2"; SEED="$3"; WORK="$4"; XMX="${5:-1g}"
PORT="${PORT:-7528}"; ADMIN_PORT="${ADMIN_PORT:-7529}"
NAME="holdout-$KIND$SIZE"
mkdir -p "$WORK/maps" "$WORK/config"
[[ -f "$WORK/maps/$NAME.map" ]] || "$ROOT/navserver" genmap-holdout --kind "$KIND" --size "$SIZE" --seed "$SEED" \
  --out "$WORK/maps/$NAME.map"
cp "$ROOT/maps/arena.txt" "$WORK/maps/"   # maps.default (arena) must be in maps.dir
sed -e "s#^  dir: maps\$#  dir: $WORK/maps#" -e "s#^  port: 7400\$#  port: $PORT#" \
  -e "s#^  port: 7401\$#  port: $ADMIN_PORT#" "$ROOT/config/navserver.yaml" > "$WORK/config/navserver.yaml"
diff "$ROOT/config/navserver.yaml" "$WORK/config/navserver.yaml" || true
BENCH_JAR="$ROOT/bench/target/benchmarks.jar"
[[ -f "$WORK/$NAME.pairs" ]] || java -Xmx3g -cp "$BENCH_JAR" dev.navserver.bench.LongRouteProbe prepare \
  "$WORK/maps/$NAME.map" "$WORK/$NAME.pairs" --pairs 40 --min-cells 2000 --seed "$SEED"
STARTED=$(date +%s%3N)
# what ./navserver serve runs, without its check for a stale build
java "-Xmx$XMX" -Dlogback.configurationFile="$ROOT/config/logback.xml" -Dnavserver.home="$ROOT" \
  -jar "$ROOT/server/target/navserver.jar" serve --config "$WORK/config/navserver.yaml" > "$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
java -cp "$BENCH_JAR" dev.navserver.bench.LongRouteProbe run "$WORK/$NAME.pairs" --map "$NAME" --port "$PORT" \
  --admin-port "$ADMIN_PORT" --rounds "${ROUNDS:-5}" --max-during "${MAX_DURING:-100000}" --started-ms "$STARTED"
grep -E "LongRouteBuilds|map .* loaded" "$WORK/server.log" | sed -e 's/^.*INFO [^ ]* -- //' -e 's/^.*WARN [^ ]* -- /WARN /'
