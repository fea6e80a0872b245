#!/usr/bin/env bash
# Server load test for docs/performance.md: the real server and the bots on this machine, loopback only.
# For each player count: start the server on rooms512 (512x512), run the bots with 5 monsters per player for a RAMP
# of seconds (connects spread over it) then DURATION measured seconds, with the server's pos_to_path and tick p99
# over that steady window (--admin-port) and an HTML report, then read /admin/status (tick and plan latency
# quantiles, pushes) and /metrics (CPU, heap), and stop.
#
#   bench/server-load.sh                 # 100, 1000 and 2000 players, 60 s each
#   PLAYERS="100" DURATION=20 RAMP=5 bench/server-load.sh
#   PLAYERS=100 SPAWN=100 SPEED=0.05 VIEWERS=1 bench/server-load.sh   # 10,000 monsters, one live viewer attached
#   PLAYERS=1000 EDITS=20 bench/server-load.sh   # plus an authority bot toggling doors and boxes, 20 edits/s
#   PLAYERS=500 SPAWN=10 bench/server-load.sh    # 5,000 monsters, bodies checked in every snapshot
#   PLAYERS=1000 SPAWN=0 WORLD_FILE=1 COMMANDS=20 AOI=30 bench/server-load.sh
#                                                # issue 26's target run: bench/worlds/rooms512.world.yaml (5,000
#                                                # wandering and patrolling prowlers) beside a copy of rooms512
#   PLAYERS=1000 SPAWN=0 WORLD_SPAWN=5000 COMMANDS=20 AOI=30 RAMP=170 bench/server-load.sh
#                                                # the shared world (issue 26): an authority bot spawns 5,000 roamers
#                                                # (wander/patrol, aggro 8 m, leash 25 m) at 30/s during the ramp and
#                                                # issues 20 commands/s; every bot checks its view (view_errors)
#   IO_THREADS=4 PLAYERS=1000 bench/server-load.sh  # server.ioThreads (default 0 = Netty's two per processor)
#   AVOIDANCE=false ...                          # crowd.avoidance off
#   LANDMARKS=0 ...                              # search.landmarks (default 16, the shipped value; 0: octile only)
#   LANDMARK_MIN=0 ...                           # search.landmarksMinDistanceCells (default 64)
#
# Output: bench/target/server-load/{bots-N.json, bots-N.html, bots-N.txt, status-N.json, metrics-N.txt, server-N.log}
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PLAYERS="${PLAYERS:-100 1000 2000}"
DURATION="${DURATION:-60}"
RAMP="${RAMP:-10}"
SPAWN="${SPAWN:-5}"
SPEED="${SPEED:-3.0}"
VIEWERS="${VIEWERS:-0}"
EDITS="${EDITS:-0}"
CROWD="${CROWD:-0}"
AVOIDANCE="${AVOIDANCE:-true}"
LANDMARKS="${LANDMARKS:-16}"
LANDMARK_MIN="${LANDMARK_MIN:-64}"
IO_THREADS="${IO_THREADS:-0}"
WORLD_SPAWN="${WORLD_SPAWN:-0}"
WORLD_FILE="${WORLD_FILE:-0}"
COMMANDS="${COMMANDS:-0}"
AOI="${AOI:-40}"
AUTHORITY="load-test-authority-0123456789"
PORT="${PORT:-17400}"
ADMIN_PORT="${ADMIN_PORT:-17401}"
TOKEN="load-test-token-0123456789"
SERVER_JAVA_OPTS="${SERVER_JAVA_OPTS:--Xmx1g -XX:+UseG1GC}"
BOTS_JAVA_OPTS="${BOTS_JAVA_OPTS:--Xmx1g}"
OUT="$ROOT/bench/target/server-load"
mkdir -p "$OUT"

(cd "$ROOT" && ./mvnw -q -B -DskipTests -pl server,bots -am package)

MAPS_DIR="$ROOT/maps"
if [ "$WORLD_FILE" != "0" ]; then
  MAPS_DIR="$OUT/maps-world"
  mkdir -p "$MAPS_DIR"
  cp "$ROOT/maps/rooms512.map" "$ROOT/bench/worlds/rooms512.world.yaml" "$MAPS_DIR/"
fi

for n in $PLAYERS; do
  cfg="$OUT/navserver-$n.yaml"
  cat > "$cfg" <<YAML
configVersion: 1
server:
  host: 127.0.0.1
  port: $PORT
  ioThreads: $IO_THREADS
  maxConnections: $((n + 100))
  maxMessagesPerSecond: 100
  # the world authority bot reads every monster's nav_path (5,000 monsters): room for it to fall behind for a while
  outboundLimitBytes: 16777216
  idleTimeoutSeconds: 60
  authorityToken: "$AUTHORITY"
admin:
  host: 127.0.0.1
  port: $ADMIN_PORT
  token: "$TOKEN"
tick:
  hz: 20
chase:
  monstersPerPlayer: 0
  allowClientSpawn: true
monsters:
  kinds:
    roamer: {speedMetersPerSecond: 2.0, radiusMeters: 0.4, aggroRadiusMeters: 8, leashRadiusMeters: 25, leashSeconds: 4}
    prowler: {speedMetersPerSecond: 2.0, radiusMeters: 0.4, aggroRadiusMeters: 8, leashRadiusMeters: 25, leashSeconds: 4}
aoi:
  radiusMeters: $AOI
  hysteresisMeters: 5
crowd:
  avoidance: $AVOIDANCE
search:
  algorithm: jps
  landmarks: $LANDMARKS
  landmarksMinDistanceCells: $LANDMARK_MIN
  maxExpandedNodes: 8000
  plannerThreads: 2
maps:
  dir: "$MAPS_DIR"
  default: rooms512
YAML
  # shellcheck disable=SC2086
  java $SERVER_JAVA_OPTS -Dlogback.configurationFile="$ROOT/config/logback.xml" \
    -jar "$ROOT/server/target/navserver.jar" serve --config "$cfg" > "$OUT/server-$n.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$ADMIN_PORT/health" > /dev/null 2>&1 && break
    sleep 0.2
  done
  echo "== $n players x $SPAWN (+$CROWD crowding) monsters, $EDITS edits/s, avoidance $AVOIDANCE, landmarks $LANDMARKS from $LANDMARK_MIN cells," \
    "${RAMP}s ramp + ${DURATION}s (server pid $server_pid)"
  extra=()
  if [ "$EDITS" != "0" ]; then
    extra+=(--edits-per-second "$EDITS" --authority-token "$AUTHORITY")
  fi
  if [ "$CROWD" != "0" ]; then
    extra+=(--crowd "$CROWD")
  fi
  if [ "$WORLD_SPAWN" != "0" ] || [ "$COMMANDS" != "0" ] || [ "$WORLD_FILE" != "0" ]; then
    extra+=(--world --world-spawn "$WORLD_SPAWN" --world-kinds roamer --authority-commands "$COMMANDS"
      --aoi-radius "$AOI" --aoi-hysteresis 5 --authority-token "$AUTHORITY")
  fi
  set +e
  # shellcheck disable=SC2086
  java $BOTS_JAVA_OPTS -jar "$ROOT/bots/target/navserver-bots.jar" --host 127.0.0.1 --port "$PORT" \
    --players "$n" --spawn "$SPAWN" --ramp-up "$RAMP" --duration "$DURATION" --map "$ROOT/maps/rooms512.map" \
    --speed "$SPEED" --viewers "$VIEWERS" --admin-token "$TOKEN" \
    --admin-port "$ADMIN_PORT" "${extra[@]}" --report "$OUT/bots-$n.json" --report-html "$OUT/bots-$n.html" | tee "$OUT/bots-$n.txt" | grep -E '^(bots|viewers):'
  bots_status=${PIPESTATUS[0]}
  set -e
  curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$ADMIN_PORT/admin/status" > "$OUT/status-$n.json"
  curl -fsS "http://127.0.0.1:$ADMIN_PORT/metrics" > "$OUT/metrics-$n.txt"
  echo "   bots exit $bots_status; server: $(grep -E '^(process_cpu_seconds_total|jvm_heap_peak_bytes|navserver_nav_path_pushes_total|navserver_monster_overlaps_total|navserver_slot_reassignments_total|navserver_map_edits_total.*) ' "$OUT/metrics-$n.txt" | tr '\n' ' ')"
  echo "   status: $(tr -d '\n' < "$OUT/status-$n.json" | grep -oE '"(tickDurationMs|planLatencyMs|planQueueUrgentMs|posToPathMs)":\{[^}]*\}' | tr '\n' ' ')"
  kill -TERM "$server_pid"
  wait "$server_pid" || true
done
