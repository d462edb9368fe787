"""Frames per second at saturation: `tagcloud serve --workers 1` against `--workers 2` under the
same load from bench/c/loadgen.c, alternating, on this machine. Prints one JSON line per run and
a summary line per worker count (medians), then the ratio.

    python3 bench/py/workers_bench.py TAGCLOUD LOADGEN [--sessions 1000] [--rate 200] [--runs 3]

Saturation: SESSIONS sessions each send RATE viewports a second (a new width each time), far
more than one worker lays out, so the frames it sends per second are its capacity; latest-wins
coalescing drops the rest (counted). Server CPU is summed over the worker processes from /proc
over the whole run (the supervisor itself serves nothing). The load generator runs on the same
cores: on a 2-core machine it takes CPU from the workers, which is why its own CPU share is
printed next to the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_bench import ROOT, Server, raise_file_limit, run_loadgen  # noqa: E402

WORKER_LINE = re.compile(r"\[worker (\d+)\]: ready on \S+ \(pid (\d+)\)")


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serving_pids(server: Server) -> list[int]:
    pids = [int(m.group(2)) for line in server.log if (m := WORKER_LINE.search(line))]
    return pids or [server.pid]


def run(tagcloud: str, loadgen: str, workers: int, sessions: int, rate: float, warmup: float,
        window: float) -> dict:
    server = Server([tagcloud, "serve", "--host", "127.0.0.1", "--port", "0", "--web",
                     os.path.join(ROOT, "web"), "--workers", str(workers), "--max-sessions",
                     str(sessions + 100), "--drain-grace", "0"])
    try:
        pids = serving_pids(server)
        before = sum(cpu_seconds(pid) for pid in pids)
        result = run_loadgen(loadgen, server if workers == 1 else _FirstWorker(server, pids[0]),
                             sessions, rate, warmup, window)
        after = sum(cpu_seconds(pid) for pid in pids)
    finally:
        server.close()
    return {"workers": workers, "sessions": sessions, "rate": rate,
            "frames_per_s": result.get("frames_per_s"), "sent_per_s": result.get("sent_per_s"),
            "coalesced": result.get("coalesced"), "ready": result.get("ready"),
            "failed": result.get("failed"), "rtt_p50_us": result.get("rtt_p50_us"),
            "rtt_p99_us": result.get("rtt_p99_us"),
            "server_cpu_s_whole_run": round(after - before, 3),
            "loadgen_cpu_share": round(result.get("loadgen_cpu_s", 0) / result.get("window_s", 1), 3)}


class _FirstWorker:
    """What run_loadgen needs of a server: its port, and a pid for /proc (one worker's)."""

    def __init__(self, server: Server, pid: int):
        self.port = server.port
        self.pid = pid


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tagcloud")
    parser.add_argument("loadgen")
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--window", type=float, default=5)
    args = parser.parse_args(argv)
    raise_file_limit()
    lines: dict[int, list[dict]] = {1: [], 2: []}
    for _ in range(args.runs):
        for workers in (1, 2):
            line = run(args.tagcloud, args.loadgen, workers, args.sessions, args.rate,
                       args.warmup, args.window)
            print(json.dumps(line), flush=True)
            lines[workers].append(line)
    medians = {}
    for workers, runs in lines.items():
        fps = statistics.median(r["frames_per_s"] for r in runs)
        medians[workers] = fps
        print(json.dumps({"summary": True, "workers": workers, "frames_per_s_median": fps,
                          "frames_per_s_runs": [r["frames_per_s"] for r in runs],
                          "cores": os.cpu_count()}), flush=True)
    print(json.dumps({"ratio_2_to_1": round(medians[2] / medians[1], 2)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
