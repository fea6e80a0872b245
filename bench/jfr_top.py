#!/usr/bin/env python3
"""Summarises a JFR recording's jdk.ExecutionSample events for the fan-out run (bench/fanout-run.sh): top frames by
self samples, top project frames by inclusive samples, and where JSON encoding (MessageWriter / Jackson) happens
under nav_path delivery: once per event (SharedLine.bytes on the first I/O thread that writes it) or per viewer
(Session.writeNavPath, MessageEncoder).

usage: jfr_top.py RECORDING.jfr [TOP]
"""
import collections
import json
import subprocess
import sys


def frames(event):
    out = []
    for f in event["values"]["stackTrace"]["frames"]:
        m = f["method"]
        out.append(m["type"]["name"].replace("/", ".").rsplit(".", 1)[-1] + "." + m["name"])
    return out  # top (innermost) first


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    raw = subprocess.run(["jfr", "print", "--json", "--stack-depth", "96", "--events", "jdk.ExecutionSample", path],
                         check=True, capture_output=True, text=True).stdout
    events = json.loads(raw)["recording"]["events"]
    self_count = collections.Counter()
    incl = collections.Counter()
    json_under_delivery = collections.Counter()
    delivery = 0
    io_kinds = collections.Counter()
    io_encode = collections.Counter()
    io_total = 0
    for e in events:
        fs = frames(e)
        if not fs:
            continue
        self_count[fs[0]] += 1
        for f in set(fs):
            incl[f] += 1
        if "SingleThreadIoEventLoop.run" in fs:
            if "SharedLine.bytes" in fs and any(f.startswith("MessageWriter.") for f in fs):
                kind = "encoding a shared line once (SharedLine.bytes)"
            elif "OutboundLineEncoder.encode" in fs:
                kind = "copying prepared bytes (OutboundLineEncoder: shared lines, snapshot entries)"
            elif "MessageEncoder.encode" in fs:
                kind = "encoding a message object (MessageEncoder.encode)"
            elif any(f.endswith((".doWrite", ".writev", ".writevAddresses", ".flush0", ".forceFlush")) for f in fs):
                kind = "socket writes (flush0/doWrite/writev)"
            elif "AbstractChannelHandlerContext$WriteTask.run" in fs:
                kind = "other work of write tasks (ByteBuf lines pass through)"
            elif any("epoll" in f.lower() or "select" in f.lower() for f in fs[:6]):
                kind = "waiting for / polling events"
            elif any(f.endswith(".read") or "fireChannelRead" in f for f in fs):
                kind = "reading"
            else:
                kind = "other: " + fs[0]
            io_kinds[kind] += 1
        if "MessageEncoder.encode" in fs:
            io_total += 1
            below = fs[:fs.index("MessageEncoder.encode")]
            serializers = [f for f in below if "$Serializer" in f or f.startswith(("NavPath", "Monsters",
                                                                                  "MonsterSnapshot"))]
            io_encode[serializers[-1] if serializers else "(generic bean serializer)"] += 1
        if "WorldDelivery.navPath" in fs:
            delivery += 1
            i = fs.index("WorldDelivery.navPath")
            below = fs[:i]  # callees of navPath on this stack
            if any(f.startswith("MessageWriter.") or "jackson" in f.lower() or f.startswith("JsonGenerator")
                   or f.startswith("UTF8JsonGenerator") for f in below):
                caller = next((f for f in reversed(below) if f.startswith("Session.")), "?")
                json_under_delivery[caller] += 1
    n = len(events)
    print(f"# {path}: {n} execution samples")
    print(f"\n## top {top} frames by self samples")
    for f, c in self_count.most_common(top):
        print(f"{c:6d} {100.0 * c / n:5.1f}%  {f}")
    print(f"\n## top {top} frames by inclusive samples")
    for f, c in sorted(incl.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{c:6d} {100.0 * c / n:5.1f}%  {f}")
    print(f"\n## WorldDelivery.navPath on the stack: {delivery} samples ({100.0 * delivery / max(n, 1):.1f}%)")
    print("JSON encoding (MessageWriter/Jackson frames) below WorldDelivery.navPath, by the Session method above it:")
    if not json_under_delivery:
        print("  none")
    for f, c in json_under_delivery.most_common():
        print(f"{c:6d}  {f}")
    print(f"\n## I/O thread samples ({sum(io_kinds.values())}) by kind")
    for f, c in io_kinds.most_common(12):
        print(f"{c:6d}  {f}")
    print(f"\n## MessageEncoder.encode (a message object encoded for one channel): {io_total} samples "
          f"({100.0 * io_total / max(n, 1):.1f}%), by the outermost message serializer below it")
    for f, c in io_encode.most_common():
        print(f"{c:6d}  {f}")


if __name__ == "__main__":
    main()
