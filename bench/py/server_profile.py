"""Where a live frame's CPU goes: `perf record` of a server (tagcloud serve, or the bare echo
floor) under the busy-1000 load of bench/py/server_bench.py, its samples sorted into cost
centres (kernel send, receive and epoll; the layout; the layout frame's JSON; the client
message's decoding; the hub's per-session work; the adapter; libwebsockets; libev).

    python3 bench/py/server_profile.py tagcloud .build/release/tagcloud .build/bench/loadgen
    python3 bench/py/server_profile.py echo .build/bench/echo_server .build/bench/loadgen
        [--window S] [--perf-data FILE]

Pinned as in server_bench.py (server on CPU 0, load generator on CPU 1), 1,000 sessions each
sending 20 viewports a second; perf samples the server at 4,999 Hz (cpu-clock, frame-pointer
call graphs) for the window after a 6 s start (connections, warm-up). Prints the server's CPU
per frame from /proc (user and system apart) over the same seconds, then each cost centre's
share of the samples and that share of the CPU per frame. A sample goes to the first centre
whose test its call stack passes, in the order of CENTRES: a frame of the layout inside the
frame's JSON counts as the layout. Needs `perf` and the permission to attach to the server
(root, or perf_event_paranoid <= 1); fails loudly without them. Not part of `make bench`:
profiles perturb what they measure, so the bench's figures come from server_bench.py alone.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import server_bench  # noqa: E402  (same folder)

ROOT = server_bench.ROOT
START_S = 6.0  # sessions connected and warmed up by then (2 s warm-up in the load generator)


def in_stack(stack, *needles):
    return any(all(needle in symbol for needle in needles) for symbol, _ in stack)


def kernel_under(stack, *calls):
    return stack[0][1] == "kernel" and any(call in symbol for symbol, _ in stack for call in calls)


#: (name, test of a sample's stack, leaf first: [(symbol, "kernel" or the object's path)]).
CENTRES = [
    ("kernel: send", lambda s: kernel_under(s, "sys_sendto", "sys_sendmsg", "sys_write")),
    ("kernel: receive", lambda s: kernel_under(s, "sys_recvfrom", "sys_recvmsg", "sys_read")),
    ("kernel: epoll_wait", lambda s: kernel_under(s, "epoll_wait")),
    ("kernel: epoll_ctl", lambda s: kernel_under(s, "epoll_ctl")),
    ("kernel: other", lambda s: s[0][1] == "kernel"),
    ("layout (LayoutEngine.layout)", lambda s: in_stack(s, "LayoutEngine", "layout")),
    ("layout frame JSON (ServerMessage.layout but the layout)",
     lambda s: in_stack(s, "ServerMessage", "layout_9animation")),
    # The parse and the message's reading, wherever the optimiser inlined `decode` itself.
    ("message decoding (JSONDocument.parse, ClientMessage)",
     lambda s: in_stack(s, "ClientMessage") or in_stack(s, "JSONDocument") or in_stack(s, "JSONReader")),
    ("hub: receive (rate limit, apply, schedule)", lambda s: in_stack(s, "HubV7receive")),
    ("hub: takeFrame but the frame", lambda s: in_stack(s, "HubV9takeFrame")),
    ("adapter: receive (tables, reassembly)", lambda s: in_stack(s, "LiveC0C7receive")),
    ("adapter: writable (tables, send buffer)", lambda s: in_stack(s, "LiveC0C8writable")),
    ("adapter: other Swift (callback, wake-ups)", lambda s: in_stack(s, "TagCloud")),
    ("libwebsockets", lambda s: "libwebsockets" in s[0][1]),
    ("libev", lambda s: "libev" in s[0][1]),
    ("libc, Swift runtime, other", lambda s: True),
]


def stacks(script_text: str):
    """The samples of `perf script -F ip,sym,dso`: one stack each, leaf first."""
    stack = []
    for line in script_text.splitlines():
        if not line.strip():
            if stack:
                yield stack
            stack = []
            continue
        if not line[:1].isspace():
            continue
        parts = line.strip().split(" ", 2)
        if len(parts) == 3:
            stack.append((parts[1], "kernel" if "kernel" in parts[2] else parts[2]))
    if stack:
        yield stack


def classify(script_text: str) -> tuple[collections.Counter, int]:
    counts: collections.Counter = collections.Counter()
    total = 0
    for stack in stacks(script_text):
        total += 1
        for name, test in CENTRES:
            if test(stack):
                counts[name] += 1
                break
    return counts, total


def cpu_seconds(pid: int) -> tuple[float, float]:
    """utime and stime of `pid`, seconds."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", choices=["tagcloud", "echo"])
    parser.add_argument("server", help="tagcloud, or bench/c/echo_server's binary")
    parser.add_argument("loadgen")
    parser.add_argument("--window", type=float, default=6.0, help="seconds sampled (6)")
    parser.add_argument("--perf-data", help="keep perf's data here")
    parser.add_argument("--frame-bytes", type=int, default=1013, help="the echo's frame size")
    args = parser.parse_args(argv)
    if not shutil.which("perf"):
        raise SystemExit("server_profile: perf is not installed (apt-get install linux-perf)")
    server_bench.raise_file_limit()
    if args.engine == "tagcloud":
        server = server_bench.Server(
            [args.server, "serve", "--host", "127.0.0.1", "--port", "0", "--web", os.path.join(ROOT, "web")],
            {"TAGCLOUD_MAX_SESSIONS": "20000", "TAGCLOUD_EVENT_LOOP": "epoll"})
    else:
        server = server_bench.Server([args.server, "0", str(args.frame_bytes), "epoll"], stream="stdout")
    scratch = tempfile.mkdtemp()
    data = args.perf_data or os.path.join(scratch, "perf.data")
    try:
        load = subprocess.Popen(
            [args.loadgen, str(server.port), str(server.pid), "1000", "20", "2", str(START_S + args.window)],
            stdout=subprocess.PIPE, text=True, preexec_fn=server_bench.pinned(server_bench.LOADGEN_CPU))
        time.sleep(START_S)
        before, started = cpu_seconds(server.pid), time.monotonic()
        recorded = subprocess.run(
            ["perf", "record", "-F", "4999", "-g", "-o", data, "-p", str(server.pid), "--",
             "sleep", str(args.window)], capture_output=True, text=True)
        after, elapsed = cpu_seconds(server.pid), time.monotonic() - started
        output = load.communicate(timeout=120)[0]
    finally:
        server.close()
    if recorded.returncode != 0:
        raise SystemExit(f"server_profile: perf record failed: {recorded.stderr.strip()[-300:]}")
    lines = [line for line in output.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit("server_profile: the load generator printed nothing")
    load_result = json.loads(lines[-1])
    frames_per_s = load_result["frames"] / load_result["window_s"]
    user_us = 1e6 * (after[0] - before[0]) / (frames_per_s * elapsed)
    system_us = 1e6 * (after[1] - before[1]) / (frames_per_s * elapsed)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "ip,sym,dso"], capture_output=True,
                            text=True, check=True).stdout
    counts, total = classify(script)
    if total == 0:
        raise SystemExit("server_profile: perf recorded no samples")
    per_frame = user_us + system_us
    print(f"{args.engine}: {frames_per_s:,.0f} frames/s, CPU per frame {per_frame:.1f} µs "
          f"(user {user_us:.1f}, system {system_us:.1f}; /proc over the {elapsed:.1f} s sampled), "
          f"{total} samples ({total / (4999 * elapsed * frames_per_s) * 1e6:.1f} µs per frame at 4,999 Hz)")
    for name, _ in CENTRES:
        if counts[name]:
            share = counts[name] / total
            print(f"{100 * share:5.1f} %  {share * per_frame:5.2f} µs  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
