"""Connections that a chosen worker of `tagcloud serve --workers N` answers, so that a check runs
once on every worker instead of on whichever one the kernel picks.

The workers share one port with SO_REUSEPORT: the kernel hands each new connection to one of
them by a hash of its four addresses (source and destination address and port). So a
connection from the same local port always reaches the same worker while the workers stay
the same. `worker_routes` finds one local port per worker by asking `/healthz`, whose answer
names the worker (`x-tagcloud-worker: N`, docs/SERVER.md); `on_every_worker` runs a check once
through each worker's port, and asks `/healthz` again from that port before and after it, so
that the worker of every checked response is named (a route that moved fails the check
instead of silently testing another worker).

Sockets from a pinned port close with a reset (SO_LINGER 0): neither end keeps the pair of
addresses in TIME_WAIT, and the port can be used again at once.

    for worker, source_port in on_every_worker(server.port, {"1", "2"}):
        status, fields, body = http_get(server.port, "/", source_port=source_port)
        ws, welcome = open_live(server, sock=connect_from(server.port, source_port))

Without --workers (one process, no header) `on_every_worker(port, {None})` runs the check once,
from a port of the system's choosing (source_port None).
"""

from __future__ import annotations

import re
import socket
import struct
from typing import Iterator

from support.waiting import wait_until

_RESET_ON_CLOSE = struct.pack("ii", 1, 0)


def connect_from(port: int, source_port: int | None, timeout: float = 5.0) -> socket.socket:
    """A TCP connection to 127.0.0.1:`port` from local port `source_port` (None: any), which
    resets when closed."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET_ON_CLOSE)
        sock.settimeout(timeout)
        sock.bind(("127.0.0.1", source_port or 0))
        sock.connect(("127.0.0.1", port))
    except BaseException:
        sock.close()
        raise
    return sock


def worker_answering(port: int, source_port: int | None) -> tuple[str | None, int]:
    """(the worker named by /healthz over a connection from `source_port`, the local port used)."""
    with connect_from(port, source_port) as sock:
        used = sock.getsockname()[1]
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 200"), reply[:200]
    named = re.search(rb"(?im)^x-tagcloud-worker: *(\d+)\r$", reply)
    return (named.group(1).decode() if named else None), used


def worker_routes(port: int, workers: set, timeout: float = 10.0) -> dict:
    """{worker: a local port whose connections it answers} for every one of `workers` (found by
    fresh connections from ports of the system's choosing; fails naming the workers never met)."""
    routes: dict = {}

    def every_worker_met() -> bool:
        worker, used = worker_answering(port, None)
        routes.setdefault(worker, used)
        assert worker in workers, f"/healthz named worker {worker!r}, not one of {sorted(map(str, workers))}"
        return set(routes) == set(workers)

    wait_until(every_worker_met, timeout=timeout, interval=0, what=f"a connection to each worker of {sorted(map(str, workers))}",
               seen=lambda: sorted(map(str, routes)), ignoring=(ConnectionError,))
    return routes


def on_every_worker(port: int, workers: set) -> Iterator[tuple[str | None, int | None]]:
    """(worker, source_port) for each of `workers`, in order; the route is checked before the
    caller's check runs (it resumes the generator) and after it, so that the check's answers are
    the named worker's. With workers == {None} (no --workers): (None, None) once."""
    if workers == {None}:
        yield None, None
        assert worker_answering(port, None)[0] is None, "a worker answered a server without --workers"
        return
    for worker, source_port in sorted(worker_routes(port, workers).items()):
        assert worker_answering(port, source_port)[0] == worker, f"the route to worker {worker} moved"
        yield worker, source_port
        after = worker_answering(port, source_port)[0]
        assert after == worker, f"the check meant for worker {worker} may have reached worker {after}"
