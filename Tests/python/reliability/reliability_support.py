"""Helpers for the reliability suite: the real `tagcloud serve` on a free loopback port, a raw
WebSocket client that can send what well-behaved libraries refuse to (oversize, fragmented,
invalid UTF-8, half handshakes), and the server's resource use read from /proc.

A uniquely named module, so that it never clashes with another suite's helpers."""

import json
import os
import re
import time

from websockets.sync.client import connect

from support.harness import (
    DEMO_IDS, OP_BINARY, OP_CLOSE, OP_CONT, OP_PING, OP_PONG, OP_TEXT, SUBPROTOCOL,  # re-exported
    CloseOutcome, Closed, ClosedWithoutCode, NoAnswer, RawClient, ServeProcess, close_code, frame, handshake_request, http_answer, measure_message, raw_http,
    tagcloud_binary)

SECRET = "RELIABILITY-SECRET-7d2e-never-served"
# make check-full sets it: the long versions (100,000 churn cycles, the whole Autobahn run).
FULL = os.environ.get("RELIABILITY_FULL") == "1"
# make check-full sets it when the binary is built with AddressSanitizer or ThreadSanitizer:
# their shadow memory and quarantine make RSS figures meaningless, so memory bounds are skipped
# (descriptor counts still hold), and any sanitizer report in the server's log fails the test.
SANITIZER = os.environ.get("RELIABILITY_SANITIZER", "")


class Server(ServeProcess):
    """`tagcloud serve` on 127.0.0.1 serving `web`, on `port` (0: a free one), for a server a test
    or a module fixture starts itself (`start_server` starts the same through `serve`)."""

    def __init__(self, web, args=(), port=0, env=None):
        super().__init__(
            ["--host", "127.0.0.1", "--port", str(port), "--web", str(web), *args], env=env)


class Witness:
    """A well-behaved session kept open beside the attacks: each round trip sends a new width
    and waits for the layout that carries it, returning the seconds it took."""

    def __init__(self, server):
        self.ws = connect(f"ws://127.0.0.1:{server.port}/live", subprotocols=[SUBPROTOCOL],
                          open_timeout=5, close_timeout=2)
        assert json.loads(self.ws.recv(timeout=5))["type"] == "welcome"
        self.ws.send(json.dumps(measure_message()))
        self.width = 300
        self.round_trip()

    def round_trip(self, timeout=5.0) -> float:
        self.width += 1
        started = time.monotonic()
        self.ws.send(json.dumps({"type": "viewport", "width": self.width}))
        while True:
            message = json.loads(self.ws.recv(timeout=timeout))
            if message["type"] == "layout" and message["width"] == self.width:
                return time.monotonic() - started

    def close(self):
        self.ws.close()


def metrics(port) -> dict:
    reply = raw_http(port, b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    body = reply.partition(b"\r\n\r\n")[2].decode()
    return {name: float(value) for name, value in
            re.findall(r"^([a-z_]+) (\S+)$", body, re.MULTILINE)}
