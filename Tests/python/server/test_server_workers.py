"""`tagcloud serve --workers 2`: two serving processes on one port under a supervisor.

- A worker killed with SIGKILL is restarted (a new pid, /readyz 200 from it again) and its
  clients resume on reconnect with their session token: their selection and spacing come back.
- SIGTERM drains every worker: /readyz 503 during the grace, every WebSocket closed with 1001,
  exit 0, no worker left behind.
- /metrics says which worker answered (a worker label on every series, tagcloud_worker_info).
- The supervisor's own death stops the workers (PR_SET_PDEATHSIG); a busy port is refused once.
"""

import json
import os
import re
import signal
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from support.server_log import workers_ready
from support.waiting import wait_until
from server_support import (DEMO_IDS, SUBPROTOCOL, http_get, measure_message, open_live,
                            receive_type, tagcloud_binary)

CLIENTS = 24  # over two workers; the chance that all land on one is 2 ** -23


def worker_pids(server, number):
    """Pids worker `number` reported ready under, in order (from the log)."""
    return [worker.pid for worker in workers_ready(server.log) if worker.number == number]


def answers_by_worker(port, path, tries=60):
    """Fresh connections spread over the workers (SO_REUSEPORT hashes the source port):
    {worker: (status, body)} for each worker that answered."""
    seen = {}
    for _ in range(tries):
        status, fields, body = http_get(port, path)
        seen.setdefault(fields.get("x-tagcloud-worker"), (status, body))
        if len(seen) == 2:
            break
    return seen


def wanted_selection(index):
    bits = index + 1
    return [tag for bit, tag in enumerate(DEMO_IDS) if bits >> bit & 1]


class Client:
    """A page: its token, selection and spacing, and a live connection."""

    def __init__(self, server, index):
        self.server = server
        self.selection = wanted_selection(index)
        self.spacing = 4 + index
        self.ws, welcome = open_live(server)
        self.token = welcome["session"]
        current = set(welcome["selection"])
        for tag in DEMO_IDS:
            if (tag in current) != (tag in self.selection):
                self.ws.send(json.dumps({"type": "toggle", "id": tag}))
        self.ws.send(json.dumps({"type": "spacing", "value": self.spacing}))
        self.ws.send(json.dumps(measure_message()))
        self.ws.send(json.dumps({"type": "viewport", "width": 390}))
        self.read_own_layout(self.ws)

    def read_own_layout(self, ws):
        def next_if_own():
            message = json.loads(ws.recv(timeout=10))
            own = message["type"] == "layout" and message["spacing"] == self.spacing and \
                [i["id"] for i in message["items"] if i["selected"]] == self.selection
            return message if own else None

        return wait_until(next_if_own, timeout=10, interval=0,
                          what="a layout with the client's own selection and spacing")

    def still_connected(self):
        try:
            self.ws.send(json.dumps({"type": "hello"}))
            welcome = json.loads(self.ws.recv(timeout=5))
            while welcome["type"] == "layout":  # what the last message asked for
                welcome = json.loads(self.ws.recv(timeout=5))
        except (ConnectionClosed, OSError):
            return False
        assert welcome["type"] == "welcome", welcome
        assert welcome["selection"] == self.selection
        return True

    def resume(self):
        """Reconnects as the page does (hello with its token and copy), within 10 s."""
        ws, _ = wait_until(lambda: open_live(self.server), timeout=10, interval=0.1,
                           what="a connection to the restarted server",
                           ignoring=(OSError, ConnectionClosed, TimeoutError))
        with ws:
            ws.send(json.dumps({"type": "hello", "session": self.token,
                                "selection": self.selection, "spacing": self.spacing}))
            welcome = receive_type(ws, "welcome")
            assert welcome["selection"] == self.selection
            ws.send(json.dumps(measure_message()))
            ws.send(json.dumps({"type": "viewport", "width": 390}))
            layout = self.read_own_layout(ws)
            assert layout["spacing"] == self.spacing

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


def test_a_killed_worker_is_restarted_and_its_clients_resume(start_server):
    """Breaking it: not restarting the worker (dropping .spawn from WorkerSupervisor's running
    exit) fails the new-pid wait; a restart that reuses a different port fails /readyz."""
    server = start_server("--workers", "2", "--drain-grace", "0.2")
    first = {1: worker_pids(server, 1), 2: worker_pids(server, 2)}
    assert len(first[1]) == 1 and len(first[2]) == 1, server.log
    clients = [Client(server, index) for index in range(CLIENTS)]
    try:
        os.kill(first[1][0], signal.SIGKILL)
        time.sleep(0.2)
        survivors = [client for client in clients if client.still_connected()]
        dropped = [client for client in clients if client not in survivors]
        assert dropped and survivors, (len(dropped), len(survivors))

        wait_until(lambda: len(worker_pids(server, 1)) == 2, timeout=10, what="worker 1 restarted",
                   seen=lambda: server.log)
        new_pid = worker_pids(server, 1)[1]
        assert new_pid != first[1][0]
        assert int(open(f"/proc/{new_pid}/stat").read().rsplit(")", 1)[1].split()[1]) == \
            server.pid, "the restarted worker is the supervisor's child"
        assert any("worker 1 (pid %d) killed by signal 9 (SIGKILL)" % first[1][0] in line
                   for line in server.log), server.log
        # Both workers are ready again (the new one included).
        wait_until(lambda: answers_by_worker(server.port, "/readyz") ==
                   {"1": (200, b"ready\n"), "2": (200, b"ready\n")}, timeout=10,
                   what="both workers ready", seen=lambda: answers_by_worker(server.port, "/readyz"))

        for client in dropped:
            client.resume()
        for client in survivors:
            assert client.still_connected()
        assert worker_pids(server, 2) == first[2], "the other worker was left alone"
    finally:
        for client in clients:
            client.close()
    status, _ = server.stop()
    assert status == 0


def test_sigterm_drains_every_worker_with_1001_and_exits_0(start_server):
    """Breaking it: a supervisor that SIGKILLs its workers (or exits before they do) fails
    the 1001 checks, the exit status or the no-leftover check."""
    server = start_server("--workers", "2", "--drain-grace", "1")
    pids = worker_pids(server, 1) + worker_pids(server, 2)
    sockets = [open_live(server)[0] for _ in range(CLIENTS)]
    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    # /readyz is 503 on both workers during the grace; /healthz stays 200.
    wait_until(lambda: answers_by_worker(server.port, "/readyz") ==
               {"1": (503, b"draining\n"), "2": (503, b"draining\n")}, timeout=0.8,
               what="both workers draining", seen=lambda: answers_by_worker(server.port, "/readyz"))
    assert {status for status, _ in answers_by_worker(server.port, "/healthz").values()} == {200}
    assert time.monotonic() - started < 1.0
    codes = []
    for ws in sockets:
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=5)
        codes.append(closed.value.rcvd.code if closed.value.rcvd else None)
    assert codes == [1001] * CLIENTS
    assert server.process.wait(5) == 0
    assert 1.0 <= time.monotonic() - started < 4.0
    server._reader.join(2)
    assert any("stopped (SIGTERM): 2 workers drained" in line for line in server.log), server.log
    sent = sum(int(m.group(1)) for line in server.log
               if (m := re.search(r"\[worker \d\]: stopped \(SIGTERM\): (\d+) WebSocket", line)))
    assert sent == CLIENTS
    for pid in pids:
        assert not os.path.exists(f"/proc/{pid}"), f"worker {pid} left behind"


def test_metrics_say_which_worker_answered(start_server):
    server = start_server("--workers", "2")
    pids = {"1": worker_pids(server, 1)[0], "2": worker_pids(server, 2)[0]}
    seen = {}
    for _ in range(60):
        status, fields, body = http_get(server.port, "/metrics")
        assert status == 200
        seen[fields["x-tagcloud-worker"]] = body.decode()
        if len(seen) == 2:
            break
    assert set(seen) == {"1", "2"}
    for worker, text in seen.items():
        samples = [line for line in text.splitlines() if line and not line.startswith("#")]
        assert len(samples) > 20
        for line in samples:
            assert line.count(f'worker="{worker}"') == 1 and "worker=" in line.split(" ")[0], line
        assert f'tagcloud_worker_info{{worker="{worker}",pid="{pids[worker]}"}} 1' in samples


def test_without_workers_metrics_stay_unlabelled(server):
    status, fields, body = http_get(server.port, "/metrics")
    assert status == 200 and "x-tagcloud-worker" not in fields
    assert "worker=" not in body.decode() and "\ntagcloud_sessions 0\n" in body.decode()


def test_the_workers_stop_when_the_supervisor_is_killed(start_server):
    server = start_server("--workers", "2", "--drain-grace", "0")
    pids = worker_pids(server, 1) + worker_pids(server, 2)
    server.kill()
    wait_until(lambda: not any(os.path.exists(f"/proc/{pid}") and
                               open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
                               != "Z" for pid in pids), timeout=5,
               what=f"the workers {pids} gone with their supervisor")
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=1).close()


def test_a_busy_port_is_refused_once_with_workers(site):
    import subprocess
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [str(tagcloud_binary()), "serve", "--port", str(port), "--web", str(site / "web"),
             "--workers", "2"], capture_output=True, text=True, timeout=10)
    assert result.returncode == 1
    assert result.stderr.count("busy") == 1 and str(port) in result.stderr, result.stderr
    assert "worker" not in result.stderr  # refused before any worker was spawned
