"""What one instance that black-holes SYNs costs through nginx (docs/DEPLOY.md, "Timeouts,
health checks, failover"): the shipped upstreams (/live in `tagcloud_live`, max_fails=0; pages
in `tagcloud`, max_fails=2 fail_timeout=5s) against, in the same run, the peer configuration
that keeps failure state for /live too (max_fails=2 fail_timeout=5s on `tagcloud_live`, the
config before issue 13's rolling-restart fix). Never part of make test.

    PYTHONPATH=Tests/python .venv/bin/python bench/py/blackhole.py [--seconds 30] [--runs 2]

Three instances behind nginx (Tests/python/support/cluster.py, deploy/nginx/ as
shipped); the third is killed and its port becomes a black hole: a socket that listens with a
full accept queue and never accepts, so Linux drops every further SYN, as a powered-off machine
or a dropping firewall does (no RST). For SECONDS, a WebSocket handshake and a page load
through nginx, one after the other, with 50 ms between rounds; the time each took to its 101 or
200. One JSON line per configuration, kind and run: how many, how many took longer than 1 s
(the ones that met the hole: proxy_connect_timeout 2s, then the next instance), the median and
the maximum.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import time

from support.cluster import Cluster, http_status
from support.harness import RawClient

PEER = {"tagcloud_live": "max_fails=2 fail_timeout=5s"}


class BlackHole:
    """A port on 127.0.0.1 that drops SYNs: listen(0), its one queue slot filled, never accepts."""

    def __init__(self, port: int):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(0)
        self.fillers = []
        for _ in range(2):
            filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            filler.setblocking(False)
            filler.connect_ex(("127.0.0.1", port))
            self.fillers.append(filler)
        time.sleep(0.2)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except socket.timeout:
            return
        raise AssertionError(f"port {port} still answers SYNs: not a black hole")

    def close(self):
        for filler in self.fillers:
            filler.close()
        self.listener.close()


def handshake_seconds(port: int) -> float:
    started = time.monotonic()
    client = RawClient(port, timeout=15)
    elapsed = time.monotonic() - started
    client.close()
    assert client.status == 101, f"handshake answered {client.status}"
    return elapsed


def page_seconds(url: str) -> float:
    started = time.monotonic()
    status = http_status(url, timeout=15)
    assert status == 200, f"page load answered {status}"
    return time.monotonic() - started


def summary(configuration: str, kind: str, run: int, samples: list[float]) -> dict:
    return {"configuration": configuration, "kind": kind, "run": run, "count": len(samples),
            "over_1s": sum(1 for value in samples if value > 1.0),
            "p50_ms": round(statistics.median(samples) * 1000, 1),
            "max_ms": round(max(samples) * 1000, 1)}


def measure(configuration: str, parameters: dict | None, seconds: float, run: int) -> list[dict]:
    with Cluster(instances=3, upstream_parameters=parameters) as cluster:
        cluster.kill(2)
        hole = BlackHole(cluster.ports[2])
        try:
            live, pages = [], []
            url = f"{cluster.nginx.http}/index.html"
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                live.append(handshake_seconds(cluster.http_port))
                pages.append(page_seconds(url))
                time.sleep(0.05)
        finally:
            hole.close()
    return [summary(configuration, "live", run, live), summary(configuration, "page", run, pages)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--runs", type=int, default=2)
    options = parser.parse_args()
    for run in range(1, options.runs + 1):
        for configuration, parameters in (("shipped", None), ("peer: live max_fails=2", PEER)):
            for line in measure(configuration, parameters, options.seconds, run):
                print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
