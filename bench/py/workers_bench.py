"""Frames per second at saturation: `tagcloud serve --workers 1` against `--workers 2` under the
same load from bench/c/loadgen.c, alternating, on this machine. Prints one JSON line per run and
a summary line per worker count (medians), then the ratio.

    PYTHONPATH=Tests/python python3 bench/py/workers_bench.py TAGCLOUD LOADGEN [--sessions 1000] [--rate 200] [--runs 3]

Saturation: SESSIONS sessions each send RATE viewports a second (a new width each time), far
more than one worker lays out, so the frames it sends per second are its capacity; latest-wins
coalescing drops the rest (counted). Server CPU is summed over the worker processes (the
supervisor serves nothing) from /proc, sampled every 50 ms, over the load generator's
measuring window: `server_cores` is how many cores the workers got during it, and
`frames_per_server_cpu_s` the work per CPU second (equal for 1 and 2 workers if sharing the
port costs nothing). The load generator runs on the same cores and takes CPU from the workers,
so its own share is printed too, with the machine's load average (other work on a shared
machine takes cores too: the figures say what the workers got).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time

# Run as a script (bench/py on the path) with PYTHONPATH=Tests/python, as every bench script that
# uses the test-support package.
from server_bench import ROOT, Server, raise_file_limit, run_loadgen  # noqa: E402
from support.server_log import workers_ready  # noqa: E402


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serving_pids(server: Server) -> list[int]:
    return [worker.pid for worker in workers_ready(server.log)] or [server.pid]


def run(tagcloud: str, loadgen: str, workers: int, sessions: int, rate: float, warmup: float,
        window: float) -> dict:
    server = Server([tagcloud, "serve", "--host", "127.0.0.1", "--port", "0", "--web",
                     os.path.join(ROOT, "web"), "--workers", str(workers), "--max-sessions",
                     str(sessions + 100), "--drain-grace", "0"])
    samples: list[tuple[float, float]] = []
    stop = threading.Event()
    try:
        pids = serving_pids(server)
        if workers > 1:
            give_workers_the_servers_priority(pids)

        def sample():
            while not stop.wait(0.05):
                samples.append((time.monotonic(), sum(cpu_seconds(pid) for pid in pids)))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        started = time.monotonic()
        result = run_loadgen(loadgen, server if workers == 1 else _FirstWorker(server, pids[0]),
                             sessions, rate, warmup, window)
        stop.set()
        sampler.join()
    finally:
        stop.set()
        server.close()
    begin = started + result.get("connect_s", 0) + warmup
    end = begin + result.get("window_s", window)
    cpu_at = lambda moment: min(samples, key=lambda s: abs(s[0] - moment))[1]  # noqa: E731
    window_cpu = cpu_at(end) - cpu_at(begin)
    frames = (result.get("frames_per_s") or 0) * result.get("window_s", window)
    return {"workers": workers, "sessions": sessions, "rate": rate,
            "server_cores": round(window_cpu / result.get("window_s", window), 2),
            "frames_per_server_cpu_s": round(frames / window_cpu) if window_cpu > 0 else None,
            "load_average_1m": os.getloadavg()[0],
            "frames_per_s": result.get("frames_per_s"), "sent_per_s": result.get("sent_per_s"),
            "coalesced": result.get("coalesced"), "ready": result.get("ready"),
            "failed": result.get("failed"), "rtt_p50_us": result.get("rtt_p50_us"),
            "rtt_p99_us": result.get("rtt_p99_us"),
            "loadgen_cpu_share": round(result.get("loadgen_cpu_s", 0) / result.get("window_s", 1), 3)}


def give_workers_the_servers_priority(pids: list[int]) -> None:
    """server_bench starts every server at nice -10 in an autogroup at -10 (where permitted).
    Workers run in sessions of their own, so each has an autogroup of its own at 0: give them
    the same -10 as the single server's, or the comparison would starve the workers."""
    for pid in pids:
        try:
            with open(f"/proc/{pid}/autogroup", "w") as group:
                group.write("-10")
        except OSError:
            pass


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
        print(json.dumps({
            "summary": True, "workers": workers, "frames_per_s_median": fps,
            "frames_per_s_runs": [r["frames_per_s"] for r in runs],
            "server_cores_median": statistics.median(r["server_cores"] for r in runs),
            "frames_per_server_cpu_s_median": statistics.median(
                r["frames_per_server_cpu_s"] or 0 for r in runs),
            "loadgen_cpu_share_median": statistics.median(r["loadgen_cpu_share"] for r in runs),
            "cores": os.cpu_count()}), flush=True)
    print(json.dumps({"ratio_2_to_1": round(medians[2] / medians[1], 2)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
