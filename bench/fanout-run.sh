#!/usr/bin/env bash
# Fan-out run for docs/performance.md (issue 26: one nav_path to 100 viewers vs 1): the real server and Python
# clients (bench/fanout_driver.py) on this machine, loopback only, bounded in time.
#
# Every run has the same sessions: one authority and 100 players that only read. The authority spawns 100 wolves,
# each patrolling (pingpong, waitSeconds 0) a 2-point route across a pillar on a generated 250 x 250 open map, so each
# wolf gets a new nav_path about every 2 s. VIEWERS of the players stand near the wolves (all in view), the rest
# 150+ m away (none in view). Each case runs once with the wolves patrolling (MOVING=1) and once standing idle
# (MOVING=0: no nav_path at all, same sessions, same snapshots); the difference is what the moving wolves cost (plans,
# movement, nav_path encoding and delivery). Server CPU is utime + stime of the server process over the window.
#
#   bench/fanout-run.sh                      # cases "1 100", both MOVING, WINDOW 20 s, then a JFR profile (100 moving)
#   ROUNDS=2 WINDOW=30 bench/fanout-run.sh   # repeat the four runs, alternating
#   PROFILE=0 bench/fanout-run.sh
#   SNAPSHOT_HZ=0 bench/fanout-run.sh        # no monsters snapshots: moving positions make every snapshot longer to
#                                            # encode, which the idle baseline does not subtract (see performance.md)
#   SERVER_JAR=/tmp/navserver-before.jar OUT=bench/target/fanout-before bench/fanout-run.sh   # an older build
#
# Shipped config/navserver.yaml except: ports, authorityToken, maps.dir/default, aoi.radiusMeters 100 (every wolf in
# a near player's view) and chase.monstersPerPlayer 0 (players bring no monsters of their own).
# Output: bench/target/fanout/{runs.jsonl, server-*.log, profile.jfr, profile-top.txt}
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CASES="${CASES:-1 100}"
ROUNDS="${ROUNDS:-1}"
WARMUP="${WARMUP:-10}"
WINDOW="${WINDOW:-20}"
PROFILE="${PROFILE:-1}"
SNAPSHOT_HZ="${SNAPSHOT_HZ:-}"   # set (e.g. 0) to override chase.snapshotHz: 0 sends no monsters snapshots
PORT="${PORT:-17460}"
ADMIN_PORT="${ADMIN_PORT:-17461}"
TOKEN="fanout-authority-0123456789"
SERVER_JAVA_OPTS="${SERVER_JAVA_OPTS:--Xmx1g}"
SERVER_JAR="${SERVER_JAR:-$ROOT/server/target/navserver.jar}"   # another build, e.g. for a before/after
OUT="${OUT:-$ROOT/bench/target/fanout}"
mkdir -p "$OUT/maps"
: > "$OUT/runs.jsonl"

[[ -f "$SERVER_JAR" ]] || (cd "$ROOT" && ./mvnw -q -B -o -DskipTests -pl server -am package)

# field.map: Moving AI, 250 x 250 open, a one-cell pillar at the centre of each 6 m square of the wolves' lattice.
python3 - "$OUT/maps/field.map" <<'PY'
import sys
w = h = 250
rows = [["."] * w for _ in range(h)]
for j in range(10):
    for i in range(10):
        rows[13 + 6 * j][13 + 6 * i] = "@"
with open(sys.argv[1], "w") as f:
    f.write(f"type octile\nheight {h}\nwidth {w}\nmap\n")
    f.write("\n".join("".join(r) for r in rows) + "\n")
PY

python3 - "$ROOT/config/navserver.yaml" "$OUT/navserver.yaml" "$PORT" "$ADMIN_PORT" "$TOKEN" "$OUT/maps" \
  "$SNAPSHOT_HZ" <<'PY'
import re, sys
src, dst, port, admin, token, maps, snapshot_hz = sys.argv[1:]
text = open(src).read()
def sub(section, key, value):
    global text
    pat = re.compile(r"(^%s:\n(?:(?:[ #].*)?\n)*?  %s: )[^\n]*" % (section, key), re.M)
    text, n = pat.subn(lambda m: m.group(1) + value, text, count=1)
    if n != 1:
        sys.exit(f"config key {section}.{key} not found")
sub("server", "host", "127.0.0.1")
sub("server", "port", port)
sub("server", "authorityToken", '"%s"' % token)
sub("admin", "port", admin)
sub("chase", "monstersPerPlayer", "0")
if snapshot_hz:
    sub("chase", "snapshotHz", snapshot_hz)
sub("aoi", "radiusMeters", "100")
sub("maps", "dir", '"%s"' % maps)
sub("maps", "default", "field")
open(dst, "w").write(text)
PY

run() { # viewers moving tag [extra JVM flags]
  local viewers="$1" moving="$2" tag="$3"
  shift 3
  # shellcheck disable=SC2086
  java $SERVER_JAVA_OPTS "$@" -Dlogback.configurationFile="$ROOT/config/logback.xml" \
    -jar "$SERVER_JAR" serve --config "$OUT/navserver.yaml" > "$OUT/server-$tag.log" 2>&1 &
  local pid=$!
  local deadline=$((SECONDS + 60))
  until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do
    if (( SECONDS > deadline )) || ! kill -0 "$pid" 2>/dev/null; then
      echo "server did not start; see $OUT/server-$tag.log" >&2
      kill "$pid" 2>/dev/null || true
      return 1
    fi
    sleep 0.2
  done
  local result
  result="$(python3 "$ROOT/bench/fanout_driver.py" "$PORT" "$pid" "$TOKEN" "$viewers" "$moving" 100 100 \
    "$WARMUP" "$WINDOW")" || { kill "$pid"; return 1; }
  # Fair runs only: a reader that fell behind would have its nav_paths coalesced or be cut off.
  local drops
  drops="$(curl -s "http://127.0.0.1:$ADMIN_PORT/metrics" | grep -E '^navserver_messages_(coalesced|dropped)_total' \
    | awk '{s += $2} END {print s + 0}')"
  echo "{\"run\":\"$tag\",\"coalescedOrDropped\":$drops,${result#\{}" | tee -a "$OUT/runs.jsonl"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

for r in $(seq 1 "$ROUNDS"); do
  for v in $CASES; do
    for m in 1 0; do
      uptime | sed "s/^/# v=$v moving=$m round=$r: /" >&2
      run "$v" "$m" "v$v-m$m-r$r"
    done
  done
done

if [[ "$PROFILE" == "1" ]]; then
  # JDK's profile settings with Java samples every 1 ms (not 10/20), recorded over the measured window only.
  python3 - "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/jfr/profile.jfc" "$OUT/fanout.jfc" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'(<event name="jdk\.ExecutionSample">.*?<setting name="period"[^>]*>)[^<]*', r'\g<1>1 ms', text,
              count=1, flags=re.S)
open(sys.argv[2], "w").write(text)
PY
  run 100 1 "profile-v100" \
    "-XX:StartFlightRecording=filename=$OUT/profile.jfr,settings=$OUT/fanout.jfc,delay=$((WARMUP + 5))s,duration=${WINDOW}s"
  sleep 1
  python3 "$ROOT/bench/jfr_top.py" "$OUT/profile.jfr" > "$OUT/profile-top.txt"
  cat "$OUT/profile-top.txt"
fi
