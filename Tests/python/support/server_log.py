"""What `tagcloud serve` says in its log, read in one place: under `--workers` each worker logs
`[worker N]: ready on http://HOST:PORT (LOOP, pid P)` when it serves (LOOP: epoll or poll,
docs/SERVER.md "Event loop: epoll"), again after a restart. Used by the server and cluster
tests and by bench/py/workers_bench.py.

    for worker in workers_ready(server.log):
        print(worker.number, worker.event_loop, worker.pid)
"""

from __future__ import annotations

import re
from typing import Iterable, NamedTuple

WORKER_READY = re.compile(r"\[worker (\d+)\]: ready on \S+ \((\w+), pid (\d+)\)")


class WorkerReady(NamedTuple):
    number: int
    event_loop: str
    pid: int


def workers_ready(log: Iterable[str]) -> list[WorkerReady]:
    """Every worker's ready line in `log`, in order (a restarted worker appears again)."""
    return [WorkerReady(int(m.group(1)), m.group(2), int(m.group(3)))
            for line in list(log) if (m := WORKER_READY.search(line))]
