"""Helpers for the reliability suite: the real `tagcloud serve` on a free loopback port, a raw
WebSocket client that can send what well-behaved libraries refuse to (oversize, fragmented,
invalid UTF-8, half handshakes), and the server's resource use read from /proc.

A uniquely named module, so that it never clashes with another suite's helpers."""

import base64
import json
import os
import pathlib
import re
import socket
import struct
import sys
import time

import pytest
from websockets.sync.client import connect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # Tests/python
from tagcloud_harness import (  # noqa: E402
    DEMO_IDS, ROOT, SUBPROTOCOL, ServeProcess, raw_http, tagcloud_binary)

SECRET = "RELIABILITY-SECRET-7d2e-never-served"
# make check-full sets it: the long versions (100,000 churn cycles, the whole Autobahn run).
FULL = os.environ.get("RELIABILITY_FULL") == "1"
# make check-full sets it when the binary is built with AddressSanitizer or ThreadSanitizer:
# their shadow memory and quarantine make RSS figures meaningless, so memory bounds are skipped
# (descriptor counts still hold), and any sanitizer report in the server's log fails the test.
SANITIZER = os.environ.get("RELIABILITY_SANITIZER", "")


class Server(ServeProcess):
    """`tagcloud serve` on 127.0.0.1 serving `web`, on `port` (0: a free one)."""

    def __init__(self, web, args=(), port=0, env=None):
        super().__init__(
            ["--host", "127.0.0.1", "--port", str(port), "--web", str(web), *args], env=env)


def measure_message():
    return {"type": "measure",
            "tags": [{"id": tag, "size": [40 + 7 * len(tag), 40]} for tag in DEMO_IDS]}


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


# -- A raw WebSocket client ------------------------------------------------------------------

OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10


def handshake_request(port, path="/live", protocol=SUBPROTOCOL, key=None) -> bytes:
    key = key or base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if protocol:
        lines.append(f"Sec-WebSocket-Protocol: {protocol}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def frame(opcode, payload=b"", fin=True, mask=True, rsv=0) -> bytes:
    """One client frame, masked as RFC 6455 requires of clients."""
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    length = len(payload)
    bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([bit | length])
    elif length < 1 << 16:
        head += bytes([bit | 126]) + struct.pack(">H", length)
    else:
        head += bytes([bit | 127]) + struct.pack(">Q", length)
    if not mask:
        return head + payload
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if length < 4096 else \
        _mask_fast(payload, key)
    return head + key + masked


def _mask_fast(payload, key):
    repeated = (key * (len(payload) // 4 + 1))[:len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(
        len(payload), "big")


class RawClient:
    """A WebSocket over a plain socket: sends exactly the bytes it is told to."""

    def __init__(self, port, path="/live", protocol=SUBPROTOCOL, rcvbuf=None, timeout=5.0):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        self.buffer = b""
        self.sock.sendall(handshake_request(port, path, protocol))
        head = self._read_until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])

    def _read_until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(marker)
        return head

    def _read_exact(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, data: bytes):
        self.sock.sendall(data)

    def send_text(self, text):
        self.send(frame(OP_TEXT, text.encode() if isinstance(text, str) else text))

    def recv_frame(self):
        """(opcode, payload) of the next server frame; raises ConnectionError at EOF."""
        first, second = self._read_exact(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read_exact(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read_exact(8))[0]
        return first & 0x0F, self._read_exact(length)

    def recv_json(self):
        """The next text message as JSON, skipping pongs; a close frame raises Closed."""
        while True:
            opcode, payload = self.recv_frame()
            if opcode == OP_TEXT:
                return json.loads(payload)
            if opcode == OP_CLOSE:
                raise Closed(close_code(payload))

    def close_code(self, timeout=5.0):
        """Reads until the server's close frame; its status code (None if the socket just ends)."""
        self.sock.settimeout(timeout)
        try:
            while True:
                opcode, payload = self.recv_frame()
                if opcode == OP_CLOSE:
                    return close_code(payload)
        except (ConnectionError, OSError):
            return None

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Closed(Exception):
    def __init__(self, code):
        super().__init__(f"closed with {code}")
        self.code = code


def close_code(payload):
    return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None


def metrics(port) -> dict:
    reply = raw_http(port, b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    body = reply.partition(b"\r\n\r\n")[2].decode()
    return {name: float(value) for name, value in
            re.findall(r"^([a-z_]+) (\S+)$", body, re.MULTILINE)}
