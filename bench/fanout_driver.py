#!/usr/bin/env python3
"""Clients for bench/fanout-run.sh (loopback only): one authority that lays out MONSTERS patrol routes and spawns a
wolf on each, and PLAYERS player sessions that say hello, report one position and then only read. VIEWERS of them
stand near the monsters (all in view with aoi.radiusMeters 100), the rest far away (out of view). After WARMUP
seconds it samples the server process's CPU (utime + stime from /proc/PID/stat) and the nav_path lines every session
received over WINDOW seconds, and prints one JSON object.

usage: fanout_driver.py PORT PID TOKEN VIEWERS MOVING(0|1) [PLAYERS] [MONSTERS] [WARMUP] [WINDOW]
"""
import asyncio
import json
import os
import sys
import time

HOST = "127.0.0.1"
MAP = "field"
GRID = 10            # monsters on a GRID x GRID lattice of 6 m squares, x 10..70, z -10..-70 (a pillar in each)
SQUARE = 6
LEG = 2.0            # route points at the square's centre +-(LEG, LEG): the diagonal crosses the pillar, so the path bends


def square_centre(i):
    return 13 + SQUARE * (i % GRID), -(13 + SQUARE * (i // GRID))


def line(obj):
    return (json.dumps(obj, separators=(",", ":")) + "\n").encode()


class Conn:
    def __init__(self, name):
        self.name = name
        self.counts = {}
        self.lines = {}
        self.reader = None
        self.writer = None

    async def open(self, port, hello):
        self.reader, self.writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
        self.writer.write(line(hello))
        await self.writer.drain()

    async def expect(self, type_, timeout=10.0):
        """Reads until a message of type_ arrives; returns it. Counts every message read."""
        deadline = time.monotonic() + timeout
        while True:
            raw = await asyncio.wait_for(self.reader.readline(), max(0.01, deadline - time.monotonic()))
            if not raw:
                raise RuntimeError(f"{self.name}: connection closed waiting for {type_}")
            msg = json.loads(raw)
            t = msg.get("type")
            self.counts[t] = self.counts.get(t, 0) + 1
            if t == "error" or t == "bye":
                raise RuntimeError(f"{self.name}: {raw!r}")
            if t == type_:
                return msg

    async def read_forever(self):
        """Counts whole lines by type, reading in large chunks and matching the type prefix only (no JSON parsing),
        so 100 readers keep up with the server on a loaded machine."""
        rest = b""
        while True:
            chunk = await self.reader.read(1 << 16)
            if not chunk:
                return
            data = rest + chunk
            cut = data.rfind(b"\n") + 1
            whole, rest = data[:cut], data[cut:]
            for t in ("nav_path", "monsters", "bye", "error"):
                k = whole.count(b'{"type":"%s"' % t.encode())
                if k:
                    self.counts[t] = self.counts.get(t, 0) + k
            if b'{"type":"bye"' in whole or b'{"type":"error"' in whole:
                print(f"{self.name}: {whole[-300:]!r}", file=sys.stderr)


def cpu_ticks(pid):
    """(utime, stime) of the process in clock ticks (fields 14 and 15 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]), int(fields[12])


async def main():
    port, pid, token = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    viewers, moving = int(sys.argv[4]), sys.argv[5] == "1"
    players = int(sys.argv[6]) if len(sys.argv) > 6 else 100
    monsters = int(sys.argv[7]) if len(sys.argv) > 7 else 100
    warmup = float(sys.argv[8]) if len(sys.argv) > 8 else 10
    window = float(sys.argv[9]) if len(sys.argv) > 9 else 20

    auth = Conn("authority")
    await auth.open(port, {"type": "hello", "protocol": 1, "player": "gm", "map": MAP, "token": token})
    await auth.expect("welcome")
    for i in range(monsters):
        cx, cz = square_centre(i)
        a, b = [cx - LEG, 0.0, cz - LEG], [cx + LEG, 0.0, cz + LEG]
        if moving:
            auth.writer.write(line({"type": "route", "id": f"r{i}", "map": MAP, "name": f"r{i}", "points": [a, b],
                                    "mode": "pingpong", "waitSeconds": 0.0}))
            await auth.expect("route_ok")
            behaviour = {"type": "patrol", "route": f"r{i}"}
        else:
            behaviour = {"type": "idle"}
        auth.writer.write(line({"type": "monster_spawn", "id": f"s{i}", "map": MAP, "pos": a, "kind": "wolf",
                                "behaviour": behaviour}))
        await auth.expect("spawned")
        await asyncio.sleep(0.025)  # two messages per 25 ms: under server.maxMessagesPerSecond (100)
    auth_task = asyncio.create_task(auth.read_forever())

    conns = []
    for p in range(players):
        c = Conn(f"p{p}")
        await c.open(port, {"type": "hello", "protocol": 1, "player": f"p{p}", "map": MAP})
        await c.expect("welcome")
        near = p < viewers
        # Near: a 10 x 10 m patch 12 m east of the lattice (beyond aggro 8 m); far: 150+ m away.
        x = 82 + (p % 10) if near else 230 + (p % 10)
        z = -35 - (p // 10) if near else -230 - (p // 10)
        c.writer.write(line({"type": "player_pos", "seq": 1, "pos": [float(x), 0.0, float(z)]}))
        conns.append(c)
    tasks = [asyncio.create_task(c.read_forever()) for c in conns]

    await asyncio.sleep(warmup)
    before = [c.counts.get("nav_path", 0) for c in conns]
    snaps_before = sum(c.counts.get("monsters", 0) for c in conns)
    t0, cpu0 = time.monotonic(), cpu_ticks(pid)
    await asyncio.sleep(window)
    t1, cpu1 = time.monotonic(), cpu_ticks(pid)
    after = [c.counts.get("nav_path", 0) for c in conns]
    snaps_after = sum(c.counts.get("monsters", 0) for c in conns)

    hz = os.sysconf("SC_CLK_TCK")
    user, system = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
    delivered = [a - b for a, b in zip(after, before)]
    events = delivered[0]  # player 0 stands near in every run: it sees every nav_path event once
    result = {
        "viewers": viewers, "moving": moving, "players": players, "monsters": monsters,
        "windowSeconds": round(t1 - t0, 3),
        "serverCpuSeconds": round((user + system) / hz, 3),
        "serverUserSeconds": round(user / hz, 3),
        "serverSystemSeconds": round(system / hz, 3),
        "serverCpuCores": round((user + system) / hz / (t1 - t0), 4),
        "navPathEvents": events,
        "navPathLinesDelivered": sum(delivered),
        "navPathEventsPerSecond": round(events / (t1 - t0), 1),
        "snapshotsDelivered": snaps_after - snaps_before,
        "loadavg": open("/proc/loadavg").read().split()[:3],
    }
    print(json.dumps(result))
    for t in tasks + [auth_task]:
        t.cancel()
    for c in conns + [auth]:
        c.writer.close()


if __name__ == "__main__":
    asyncio.run(main())
