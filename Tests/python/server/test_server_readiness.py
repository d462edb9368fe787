"""/healthz (liveness) and /readyz (readiness) around a stop: at the first SIGTERM /readyz turns
503 while the open WebSockets are still served for the drain grace; then they close with 1001
and the process exits 0. A second signal skips the rest of the grace."""

import json
import signal
import time

import pytest
from websockets.exceptions import ConnectionClosed

from server_support import http_get, open_live, receive_type
from support.waiting import wait_until


def wait_for_status(port, path, wanted, timeout=3.0):
    """(status, body) of `path` once it answers `wanted`."""
    def answered():
        status, _, body = http_get(port, path)
        return (status, body) if status == wanted else None

    return wait_until(answered, timeout=timeout, interval=0.02, what=f"{path} answering {wanted}",
                      seen=lambda: http_get(port, path)[::2])


def test_readyz_and_healthz_answer_200_while_serving(server):
    assert http_get(server.port, "/readyz")[0] == 200
    status, fields, body = http_get(server.port, "/healthz")
    assert (status, body) == (200, b"ok\n")
    assert fields["cache-control"] == "no-store"


def test_readyz_turns_503_for_the_grace_while_websockets_are_still_served(start_server):
    """Breaking it: answering /readyz 200 until the sockets close (or closing at the signal)
    fails the 503 check or the toggle inside the grace."""
    server = start_server("--drain-grace", "1.5")
    ws, _ = open_live(server)
    with ws:
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        status, body = wait_for_status(server.port, "/readyz", 503)
        assert (status, body) == (503, b"draining\n")
        assert http_get(server.port, "/healthz")[0] == 200  # still alive
        # The connection still works inside the grace.
        ws.send(json.dumps({"type": "toggle", "id": "Glass"}))
        ws.send(json.dumps({"type": "hello"}))
        assert receive_type(ws, "welcome")["selection"] == ["SwiftUI", "Glass"]
        assert time.monotonic() - started < 1.4
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=3)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        closed_after = time.monotonic() - started
    assert server.process.wait(3) == 0
    assert 1.4 <= closed_after < 3.0, closed_after
    assert any("draining (SIGTERM)" in line for line in server.log), server.log


def test_a_second_signal_closes_at_once(start_server):
    server = start_server("--drain-grace", "30")
    ws, _ = open_live(server)
    with ws:
        server.process.send_signal(signal.SIGTERM)
        assert wait_for_status(server.port, "/readyz", 503)[0] == 503
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=3)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
    assert server.process.wait(3) == 0
    assert time.monotonic() - started < 1.5
