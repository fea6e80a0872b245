#!/usr/bin/env python3
"""One player's downstream bytes by message type (docs/performance.md, "Downstream"): scripted players walk small
circles around the first spawn groups of a world file on a running server and count the bytes of each message type
they receive, after a 5 s settle. Loopback only, bounded in time.

usage: downstream_by_type.py WORLD_YAML [PORT] [PLAYERS] [SECONDS]
  WORLD_YAML  the world file the server has beside its map (spawn group centres are read from it)
  PORT        the server's game port on 127.0.0.1 (default 7400)
  PLAYERS     scripted players, one per spawn group (default 3)
  SECONDS     run length including the settle (default 30)

e.g. with the load run's world:  bench/downstream_by_type.py bench/worlds/rooms512.world.yaml 18500
"""
import json
import math
import re
import socket
import sys
import time
from collections import Counter

SETTLE_SECONDS = 5.0


def centres(path, n):
    out = []
    for line in open(path):
        m = re.search(r"center:\s*\[\s*([-0-9.]+)\s*,\s*[-0-9.]+\s*,\s*([-0-9.]+)\s*\]", line)
        if m:
            out.append((float(m.group(1)), float(m.group(2))))
        if len(out) == n:
            break
    return out


def main():
    world = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 7400
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 30.0
    bots = []
    for i, (cx, cz) in enumerate(centres(world, players)):
        s = socket.create_connection(("127.0.0.1", port))
        s.setblocking(False)
        s.sendall((json.dumps({"type": "hello", "protocol": 1, "player": "bytes-%d" % i}) + "\n").encode())
        bots.append({"sock": s, "cx": cx, "cz": cz, "rest": b""})
    if not bots:
        sys.exit("no spawn group centres in " + world)
    size, count = Counter(), Counter()
    start = time.time()
    last_pos = 0.0
    seq = 0
    while time.time() - start < seconds:
        now = time.time()
        if now - last_pos >= 0.1:  # 10 positions a second, walking a 6 m circle
            last_pos = now
            seq += 1
            for b in bots:
                phase = (now - start) * 0.4
                pos = [b["cx"] + 6 * math.sin(phase), 0.0, b["cz"] + 6 * math.cos(phase * 0.7)]
                try:
                    b["sock"].sendall((json.dumps({"type": "player_pos", "seq": seq, "pos": pos}) + "\n").encode())
                except BlockingIOError:
                    pass
        for b in bots:
            try:
                data = b["sock"].recv(1 << 20)
            except BlockingIOError:
                continue
            lines = (b["rest"] + data).split(b"\n")
            b["rest"] = lines[-1]
            if now - start < SETTLE_SECONDS:
                continue
            for line in lines[:-1]:
                try:
                    kind = json.loads(line)["type"]
                except (ValueError, KeyError):
                    kind = "?"
                size[kind] += len(line) + 1
                count[kind] += 1
        time.sleep(0.005)
    player_seconds = (seconds - SETTLE_SECONDS) * len(bots)
    for kind, n in size.most_common():
        print("%-14s %7.2f kB/s per player  %6.1f messages/s  mean %5.0f B"
              % (kind, n / player_seconds / 1000, count[kind] / player_seconds, n / count[kind]))
    print("total          %7.2f kB/s per player" % (sum(size.values()) / player_seconds / 1000))


if __name__ == "__main__":
    main()
