"""The server benchmarks: `tagcloud serve` and the bare libwebsockets echo floor under the same
load from bench/c/loadgen.c. Prints one JSON line per scenario, like every runner of run.py.

    python3 bench/py/server_bench.py TAGCLOUD LOADGEN ECHO_SERVER [--quick] [--only ENGINE]
        [--idle [N ...]] [--fractions F ...] [--runs N] [--event-loop epoll|poll] [--capacity F]

Scenarios, each against a freshly started server on 127.0.0.1 (port chosen by the server):
- idle-1000 and idle-10000: that many sessions connected, measured and laid out once, then
  silent; the server's VmRSS before and after gives the memory per session;
- busy-1000: 1,000 sessions each sending 20 viewports a second (2 s warm-up, 5 s window),
  three runs per server, alternating tagcloud and echo so that both see the same machine:
  frames out per second, server CPU per frame, and the load generator's own CPU. This load
  saturates tagcloud's core: it is the capacity figure (frames a second on one core, 1 s ÷ CPU
  per frame), and its latencies measure the queue, not the server. The summary line of each
  server holds the medians of its runs.
- open-25, open-50, open-75: the latency figures, as wrk2 measures them. An open-loop load
  (bench/c/loadgen.c: every viewport has an intended send time fixed in advance; its latency
  counts from that time, so coordinated omission cannot hide a stall) at 25 %, 50 % and 75 %
  of the capacity measured by busy-1000 in this run, 1,000 sessions, against tagcloud and the
  echo floor alike at the same offered rates, alternating, three runs each. Every latency goes
  into an HdrHistogram (1 µs to 60 s, 3 significant digits): p50, p99, p99.9, max; the
  summary line merges the runs' histograms.
The echo floor answers each viewport with a frame of the size tagcloud's layout frames had,
on the same event loop as tagcloud (`--event-loop`, epoll by default: TAGCLOUD_EVENT_LOOP for
the server, the third argument of the echo), so that the two differ only in the Swift layer.
The load generator runs on epoll (libev) whatever the servers use. Each line carries the
servers' run-queue wait over the window (`server_wait_s`, from /proc/PID/schedstat): the time
other work on the machine held the server back, which the latencies include.
On a machine with two cores or more, each server runs on CPU 0 and the load generator on CPU 1
(sched_setaffinity), so that they do not take turns on one core; other work on the machine
still shares both.
The session cap of `tagcloud serve` (1,000 by default) is raised for the run through
TAGCLOUD_MAX_SESSIONS, where the server supports it; otherwise the refusals are reported.
"""

from __future__ import annotations

import argparse
import array
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# "listening on http://127.0.0.1:PORT (...)" (tagcloud serve) or "listening on PORT" (echo).
PORT_LINE = re.compile(r"listening on (?:http://\S*:)?(\d+)\b")


#: CPU of the servers and of the load generator (when the machine has two or more).
SERVER_CPU, LOADGEN_CPU = 0, 1


def pinned(cpu: int):
    """A preexec function: `boost_priority`, then the child runs on `cpu` only (if there are two
    CPUs or more)."""
    def preexec() -> None:
        boost_priority()
        if len(os.sched_getaffinity(0)) >= 2:
            try:
                os.sched_setaffinity(0, {cpu})
            except OSError:
                pass
    return preexec


def boost_priority() -> None:
    """Runs in the child before exec, in a session of its own (so, under Linux's autogroup
    scheduling, a scheduling group of its own rather than a share of the harness's): nice -10
    for the process and its group where permitted (root), so that other work on a shared
    machine disturbs the wall-clock round trips less. Server, echo floor and load generator
    alike; without the permission they run at normal priority."""
    try:
        os.nice(-10)
    except OSError:
        pass
    try:
        with open("/proc/self/autogroup", "w") as group:
            group.write("-10")
    except OSError:
        pass


class Server:
    """A server process on a free loopback port, stopped by `close` (also on failure)."""

    def __init__(self, command: list[str], env: dict | None = None, stream: str = "stderr"):
        self.process = subprocess.Popen(
            command, cwd=ROOT, env={**os.environ, **(env or {})}, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
            preexec_fn=pinned(SERVER_CPU))
        self.port = None
        self.log: list[str] = []
        found = threading.Event()

        def read(pipe):
            for line in pipe:
                self.log.append(line.rstrip())
                match = PORT_LINE.search(line)
                if match and self.port is None:
                    self.port = int(match.group(1))
                    found.set()

        for pipe in (self.process.stdout, self.process.stderr):
            threading.Thread(target=read, args=(pipe,), daemon=True).start()
        if not found.wait(15):
            self.close()
            raise RuntimeError(f"{command[0]} did not start: {' / '.join(self.log[-3:])}")

    @property
    def pid(self) -> int:
        return self.process.pid

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def raise_file_limit(wanted: int = 65536) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), max(hard, wanted)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def run_loadgen(loadgen: str, server: Server, connections: int, rate: float, warmup: float,
                window: float) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        latencies = os.path.join(scratch, "latencies.f64")
        done = subprocess.run(
            [loadgen, str(server.port), str(server.pid), str(connections), str(rate), str(warmup),
             str(window), latencies],
            capture_output=True, text=True, timeout=180, start_new_session=True,
            preexec_fn=pinned(LOADGEN_CPU))
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if not lines:
            raise RuntimeError(f"loadgen printed nothing (exit {done.returncode}): {done.stderr.strip()[-300:]}")
        result = json.loads(lines[-1])
        result["loadgen_exit"] = done.returncode
        if rate > 0 and os.path.exists(latencies):
            result.update(histogram_figures(read_latencies(latencies)))
    result["pinned"] = len(os.sched_getaffinity(0)) >= 2
    return result


def read_latencies(path: str) -> list[float]:
    """The load generator's latencies, microseconds (little-endian doubles)."""
    values = array.array("d")
    with open(path, "rb") as handle:
        values.frombytes(handle.read())
    if sys.byteorder != "little":
        values.byteswap()
    return list(values)


def new_histogram():
    from hdrh.histogram import HdrHistogram

    return HdrHistogram(1, 60_000_000, 3)  # 1 µs to 60 s, 3 significant digits


def histogram_figures(latencies_us: list[float], histogram=None) -> dict:
    """p50, p99, p99.9 and max of `latencies_us` through an HdrHistogram, and the histogram
    itself (HdrHistogram's compressed base64 form, for merging runs or replotting)."""
    if histogram is None:
        histogram = new_histogram()
        for value in latencies_us:
            histogram.record_value(max(1, int(round(value))))
    if histogram.get_total_count() == 0:
        return {"hdr_count": 0}
    return {"hdr_count": histogram.get_total_count(),
            "hdr_p50_us": histogram.get_value_at_percentile(50.0),
            "hdr_p99_us": histogram.get_value_at_percentile(99.0),
            "hdr_p999_us": histogram.get_value_at_percentile(99.9),
            "hdr_max_us": histogram.get_max_value(),
            "hdr": histogram.encode().decode()}


def merged_figures(lines: list[dict]) -> dict:
    """The figures of the runs' histograms merged into one."""
    from hdrh.histogram import HdrHistogram

    merged = new_histogram()
    for line in lines:
        if line.get("hdr"):
            merged.decode_and_add(line["hdr"])
    return histogram_figures([], merged)


def scenario(engine: str, name: str, start, loadgen: str, connections: int, rate: float,
             warmup: float, window: float) -> dict:
    line = {"engine": engine, "scenario": name}
    try:
        server = start()
    except (RuntimeError, OSError) as error:
        return {**line, "error": str(error)}
    try:
        result = run_loadgen(loadgen, server, connections, rate, warmup, window)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        return {**line, "error": str(error)}
    finally:
        server.close()
    line.update(result)
    if result.get("ready") and result.get("rss_ready_kb", -1) > 0:
        line["rss_per_session_kb"] = (result["rss_ready_kb"] - result["rss_before_kb"]) / result["ready"]
    if result.get("frames"):
        line["server_cpu_us_per_frame"] = 1e6 * result["server_cpu_s"] / result["frames"]
        line["server_cpu_us_per_message"] = 1e6 * result["server_cpu_s"] / max(1, result["sent"])
        line["loadgen_cpu_share"] = result["loadgen_cpu_s"] / result["window_s"]
        line["server_cpu_share"] = result["server_cpu_s"] / result["window_s"]
    return line


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tagcloud")
    parser.add_argument("loadgen")
    parser.add_argument("echo")
    parser.add_argument("--quick", action="store_true", help="100 idle, 50 busy sessions, 2 s")
    parser.add_argument("--only", choices=["tagcloud", "echo"])
    parser.add_argument("--idle", type=int, nargs="*", help="idle session counts")
    parser.add_argument("--busy", type=int, help="busy session count")
    parser.add_argument("--fractions", type=float, nargs="*", default=[0.25, 0.5, 0.75],
                        help="open-loop offered rates, as fractions of the measured capacity")
    parser.add_argument("--capacity", type=float,
                        help="frames a second to take as the capacity for the open loop, instead of "
                             "the busy run's (to offer two builds the same rates)")
    parser.add_argument("--runs", type=int, help="runs per server and scenario (3; --quick 1)")
    parser.add_argument("--event-loop", choices=["epoll", "poll"], default="epoll",
                        help="the servers' event loop, the same for both (epoll)")
    args = parser.parse_args(argv)
    tagcloud, loadgen, echo = args.tagcloud, args.loadgen, args.echo
    limit = raise_file_limit()
    idle_counts = [100] if args.quick else [1000, 10000]
    busy = (50, 20, 0.5, 2) if args.quick else (1000, 20, 2, 5)
    runs = args.runs or (1 if args.quick else 3)
    if args.idle is not None:
        idle_counts = args.idle
    if args.busy:
        busy = (args.busy, *busy[1:])
    env = {"TAGCLOUD_MAX_SESSIONS": "20000", "TAGCLOUD_EVENT_LOOP": args.event_loop}

    def measure(engine: str, name: str, start, *load) -> dict:
        """One scenario (connections, rate, warmup, window), on this run's event loop: both
        servers run on it."""
        return {**scenario(engine, name, start, loadgen, *load), "event_loop": args.event_loop}

    def start_tagcloud():
        return Server([tagcloud, "serve", "--host", "127.0.0.1", "--port", "0", "--web",
                       os.path.join(ROOT, "web")], env)

    frame_bytes = 1013  # tagcloud's layout frame for the demo's ten tags, if not measured
    for count in idle_counts if args.only != "echo" else []:
        line = measure("tagcloud", f"idle-{count}", start_tagcloud, count, 0, 0, 2)
        line["file_limit"] = limit
        print(json.dumps(line), flush=True)
    def start_echo():
        return Server([echo, "0", str(frame_bytes), args.event_loop], stream="stdout")

    if args.only != "tagcloud":
        for count in idle_counts:
            line = measure("echo", f"idle-{count}", start_echo, count, 0, 0, 2)
            print(json.dumps(line), flush=True)
    name = f"busy-{busy[0]}"
    done: dict[str, list[dict]] = {"tagcloud": [], "echo": []}
    for run in range(runs):
        for engine, start in (("tagcloud", start_tagcloud), ("echo", start_echo)):
            if args.only and engine != args.only:
                continue
            line = measure(engine, name, start, *busy)
            line["run"] = run + 1
            if engine == "tagcloud" and line.get("frame_bytes_mean"):
                frame_bytes = int(round(line["frame_bytes_mean"]))
            if engine == "echo":
                line["frame_bytes"] = frame_bytes
            print(json.dumps(line), flush=True)
            done[engine].append(line)
    summaries = {}
    for engine, lines in done.items():
        if lines:
            summaries[engine] = summarize(engine, name, lines)
            print(json.dumps(summaries[engine]), flush=True)
    capacity = summaries.get("tagcloud", {}).get("server_cpu_us_per_frame")
    if args.capacity:
        capacity = 1e6 / args.capacity
    if not capacity or args.only == "echo":
        return 0
    # Open loop at fixed fractions of tagcloud's capacity on one core (1 s ÷ CPU per frame).
    capacity_per_s = 1e6 / capacity
    connections, _, warmup, window = busy
    for fraction in args.fractions:
        rate = fraction * capacity_per_s / connections
        open_name = f"open-{round(100 * fraction)}"
        opened: dict[str, list[dict]] = {"tagcloud": [], "echo": []}
        for run in range(runs):
            for engine, start in (("tagcloud", start_tagcloud), ("echo", start_echo)):
                if args.only and engine != args.only:
                    continue
                line = measure(engine, open_name, start, connections, rate, warmup, window)
                line.update(run=run + 1, fraction=fraction, capacity_per_s=capacity_per_s)
                print(json.dumps(line), flush=True)
                opened[engine].append(line)
        for engine, lines in opened.items():
            if lines:
                summary = summarize(engine, open_name, lines)
                summary.update(fraction=fraction, capacity_per_s=capacity_per_s,
                               offered_per_s=rate * connections,
                               **merged_figures([l for l in lines if "error" not in l]))
                if "per_run" in summary:
                    summary["per_run"]["hdr_p99_us"] = [line.get("hdr_p99_us") for line in lines]
                print(json.dumps(summary), flush=True)
    return 0


def summarize(engine: str, name: str, lines: list[dict]) -> dict:
    """One line for the report: the median of each figure over the runs that worked."""
    good = [line for line in lines if "error" not in line and line.get("frames")]
    if not good:
        return {"engine": engine, "scenario": name, "error": lines[-1].get("error", "no frames")}

    def median(key):
        values = sorted(line[key] for line in good if key in line)
        return values[len(values) // 2] if values else None

    summary = {"engine": engine, "scenario": name, "runs": len(good),
               "connections": good[0]["connections"], "rate": good[0]["rate"],
               "ready": min(line["ready"] for line in good),
               "sent": sum(line["sent"] for line in good),
               "unanswered": sum(line.get("unanswered", 0) for line in good),
               "dropped": sum(line.get("dropped", 0) for line in good),
               "pinned": all(line.get("pinned") for line in good),
               "late": sum(line.get("late", 0) for line in good),
               "coalesced": sum(line.get("coalesced", 0) for line in good)}
    for key in ("window_s", "sent_per_s", "frames_per_s", "frame_bytes_mean", "rtt_p50_us",
                "rtt_p99_us", "rtt_p999_us", "server_cpu_us_per_frame", "server_cpu_us_per_message",
                "server_cpu_share", "loadgen_cpu_share", "rss_per_session_kb", "server_cpu_s",
                "loadgen_cpu_s", "send_lag_mean_us", "send_lag_max_us", "offered_per_s",
                "server_wait_s", "loadgen_wait_s"):
        value = median(key)
        if value is not None:
            summary[key] = value
    summary["per_run"] = {key: [round(line.get(key, 0), 3) for line in good]
                          for key in ("rtt_p99_us", "server_cpu_us_per_frame", "server_wait_s")}
    summary["event_loop"] = good[0].get("event_loop")
    return summary


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
