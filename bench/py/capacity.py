"""The capacity table of docs/DEPLOY.md, measured on this machine (`make capacity`; never part of
make test). One JSON line per run, then the table in Markdown.

    python3 bench/py/capacity.py TAGCLOUD LOADGEN [--runs 3] [--sessions 10000]

- Sessions per worker and RSS per session: SESSIONS idle WebSockets (bench/c/loadgen.c, each
  measured and laid out once) against one `tagcloud serve --max-sessions SESSIONS`: how many
  were accepted, and the server's RSS growth divided by them.
- Frames per second per core: 1,000 sessions each sending 200 viewports a second (saturation:
  latest-wins coalescing drops what one core cannot lay out); frames sent per second, divided
  by the CPU share the server used (it is single-threaded: at most one core).
- Round trips through nginx against direct: 200 sessions at 10 viewports a second each (2,000
  messages a second, far from saturation), from the viewport leaving the client to its layout
  arriving; once straight to an instance, once through nginx (deploy/nginx/ as shipped, via
  Tests/python/support/cluster.py) in front of the same instance, alternating, RUNS each.
  Server, nginx and load generator alike run at nice -10 in their own scheduling groups
  (server_bench.boost_priority), so that other work on a shared machine disturbs them less.

The load generator shares the machine's cores with the server and nginx: figures are for this
2-core machine, and ratios (nginx against direct) are the portable part.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys

from server_bench import Server, boost_priority, raise_file_limit, run_loadgen
from support.paths import WEB


def start(tagcloud: str, sessions: int) -> Server:
    return Server([tagcloud, "serve", "--host", "127.0.0.1", "--port", "0", "--web",
                   str(WEB), "--max-sessions", str(sessions), "--drain-grace", "0"])


def idle(tagcloud: str, loadgen: str, sessions: int) -> dict:
    server = start(tagcloud, sessions)
    try:
        result = run_loadgen(loadgen, server, sessions, 0, 0, 2)
    finally:
        server.close()
    ready = result.get("ready", 0)
    growth = result.get("rss_ready_kb", 0) - result.get("rss_before_kb", 0)
    return {"scenario": "idle", "sessions": sessions, "ready": ready,
            "failed": result.get("failed"), "rss_before_kb": result.get("rss_before_kb"),
            "rss_ready_kb": result.get("rss_ready_kb"),
            "rss_per_session_kib": round(growth / ready, 2) if ready else None}


def saturation(tagcloud: str, loadgen: str) -> dict:
    server = start(tagcloud, 1100)
    try:
        result = run_loadgen(loadgen, server, 1000, 200, 2, 5)
    finally:
        server.close()
    share = result["server_cpu_s"] / result["window_s"]
    return {"scenario": "saturation", "frames_per_s": result["frames_per_s"],
            "server_cpu_share": round(share, 3),
            "frames_per_core_s": round(result["frames_per_s"] / share, 1) if share else None,
            "coalesced": result.get("coalesced"), "sent_per_s": result.get("sent_per_s"),
            "loadgen_cpu_share": round(result["loadgen_cpu_s"] / result["window_s"], 3)}


def round_trips(tagcloud: str, loadgen: str, through_nginx: bool) -> dict:
    server = start(tagcloud, 1100)
    try:
        target = server
        cluster = None
        if through_nginx:
            from support.cluster import Nginx, render_config
            from support.ports import free_port
            import tempfile
            prefix = pathlib.Path(tempfile.mkdtemp(prefix="tagcloud-capacity-"))
            port = free_port()
            cluster = Nginx(prefix, render_config(prefix, WEB, [server.port], port),
                            port, preexec_fn=boost_priority)
            target = _Port(port, server.pid)
        try:
            result = run_loadgen(loadgen, target, 200, 10, 2, 5)
        finally:
            if cluster is not None:
                cluster.stop()
    finally:
        server.close()
    return {"scenario": "nginx" if through_nginx else "direct", "ready": result.get("ready"),
            "rtt_p50_us": result.get("rtt_p50_us"), "rtt_p99_us": result.get("rtt_p99_us"),
            "rtt_p999_us": result.get("rtt_p999_us"), "frames_per_s": result.get("frames_per_s"),
            "rtt_samples": result.get("rtt_samples")}


class _Port:
    """What run_loadgen needs: where to connect (nginx) and whose /proc to read (the instance)."""

    def __init__(self, port: int, pid: int):
        self.port, self.pid = port, pid


def median(lines: list[dict], key: str) -> float:
    return statistics.median(line[key] for line in lines if line.get(key) is not None)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tagcloud")
    parser.add_argument("loadgen")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sessions", type=int, default=10000)
    args = parser.parse_args(argv)
    os.environ["TAGCLOUD_BIN"] = str(pathlib.Path(args.tagcloud).resolve())
    raise_file_limit(2 * args.sessions + 1024)
    lines: dict[str, list[dict]] = {"idle": [], "saturation": [], "direct": [], "nginx": []}
    for run in range(args.runs):
        for line in (idle(args.tagcloud, args.loadgen, args.sessions),
                     saturation(args.tagcloud, args.loadgen),
                     round_trips(args.tagcloud, args.loadgen, through_nginx=False),
                     round_trips(args.tagcloud, args.loadgen, through_nginx=True)):
            line["run"] = run + 1
            print(json.dumps(line), flush=True)
            lines[line["scenario"]].append(line)
    direct, nginx = lines["direct"], lines["nginx"]
    print(f"""
| figure (median of {args.runs} runs) | value |
| --- | --- |
| sessions per worker (accepted of {args.sessions} idle, cap {args.sessions}) | {median(lines['idle'], 'ready'):.0f} |
| RSS per idle session | {median(lines['idle'], 'rss_per_session_kib'):.2f} KiB |
| frames per second, one worker at saturation | {median(lines['saturation'], 'frames_per_s'):.0f} (server CPU {median(lines['saturation'], 'server_cpu_share'):.2f} of a core) |
| frames per second per core | {median(lines['saturation'], 'frames_per_core_s'):.0f} |
| round trip p50, direct / through nginx | {median(direct, 'rtt_p50_us'):.0f} µs / {median(nginx, 'rtt_p50_us'):.0f} µs ({median(nginx, 'rtt_p50_us') / median(direct, 'rtt_p50_us'):.2f}×) |
| round trip p99, direct / through nginx | {median(direct, 'rtt_p99_us'):.0f} µs / {median(nginx, 'rtt_p99_us'):.0f} µs ({median(nginx, 'rtt_p99_us') / median(direct, 'rtt_p99_us'):.2f}×) |
| round trip p99.9, direct / through nginx | {median(direct, 'rtt_p999_us'):.0f} µs / {median(nginx, 'rtt_p999_us'):.0f} µs |
""")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
