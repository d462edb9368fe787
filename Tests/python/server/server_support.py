"""Helpers for the `tagcloud serve` integration tests: the server process (started on a free
loopback port with ``--port 0``; the port is read from its start log line), WebSocket and raw
HTTP clients. A uniquely named module, so that it never clashes with another suite's helpers."""

import json
import os
import pathlib
import socket
import sys
import time

import pytest
from websockets.sync.client import connect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # Tests/python
from tagcloud_harness import (  # noqa: E402
    DEMO_IDS, ROOT, SUBPROTOCOL, ServeProcess, raw_http, tagcloud_binary)

SECRET = "TOP-SECRET-do-not-serve-4f1c"

# One file per MIME type the server must get right; the bytes do not matter.
WEB_FILES = {
    "index.html": ("<!doctype html><title>tagcloud test</title>", "text/html"),
    "app.js": ("export const x = 1;", "text/javascript"),
    "core.mjs": ("export default 1;", "text/javascript"),
    "style.css": ("body { color: red }", "text/css"),
    "data.json": ('{"a": 1}', "application/json"),
    "icon.svg": ('<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"),
    "pixel.png": ("\x89PNG\r\n\x1a\n", "image/png"),
    "tagcloud.wasm": ("\x00asm\x01\x00\x00\x00", "application/wasm"),
}


class Server(ServeProcess):
    """`tagcloud serve --port 0 ARGS...` run from `cwd`."""

    def __init__(self, args, cwd, env=None):
        super().__init__(["--port", "0", *args], cwd=cwd, env=env, start_timeout=10)


def open_live(server, origin=None, subprotocols=(SUBPROTOCOL,), **kwargs):
    """A WebSocket to /live; the welcome is read and returned with it."""
    socket_ = connect(server.ws, subprotocols=list(subprotocols) if subprotocols else None,
                      origin=origin, open_timeout=5, close_timeout=2, **kwargs)
    welcome = json.loads(socket_.recv(timeout=5))
    assert welcome["type"] == "welcome", welcome
    return socket_, welcome


def receive(ws, timeout=5.0):
    return json.loads(ws.recv(timeout=timeout))


def receive_type(ws, kind, timeout=5.0):
    """The next message of type `kind`, failing on anything else."""
    message = receive(ws, timeout)
    assert message["type"] == kind, message
    return message


def measure_message(sizes=None):
    """A measure message for the demo tags: explicit capsule sizes, as a page would measure."""
    sizes = sizes or {tag: [40 + 7 * len(tag), 40] for tag in DEMO_IDS}
    return {"type": "measure", "tags": [{"id": tag, "size": sizes[tag]} for tag in DEMO_IDS]}


def send(ws, message):
    ws.send(json.dumps(message))


def http_get(port, path, headers=()):
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    request += "".join(f"{h}\r\n" for h in headers) + "\r\n"
    reply = raw_http(port, request.encode("latin-1"))
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, body


def metric(server, name):
    """The value of one sample line of /metrics."""
    status, _, body = http_get(server.port, "/metrics")
    assert status == 200
    for line in body.decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not in /metrics")


class RawWebSocket:
    """A bare client over a socket, for frames a library will not send: invalid UTF-8,
    interleaved control frames, protocol errors."""

    def __init__(self, port, subprotocol=SUBPROTOCOL, timeout=5.0):
        import base64
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Sec-WebSocket-Protocol: {subprotocol}\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise AssertionError(f"handshake failed: {reply!r}")
            reply += chunk
        head, _, self.buffer = reply.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head

    def send_frame(self, opcode, payload=b"", fin=True):
        mask = os.urandom(4)
        header = bytes([(0x80 if fin else 0) | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + length.to_bytes(2, "big")
        else:
            header += bytes([0x80 | 127]) + length.to_bytes(8, "big")
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def read_frame(self, timeout=5.0):
        """(opcode, payload), or None when the socket closed."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buffer) >= 2:
                length = self.buffer[1] & 0x7F
                offset = 2
                if length == 126 and len(self.buffer) >= 4:
                    length, offset = int.from_bytes(self.buffer[2:4], "big"), 4
                elif length == 127 and len(self.buffer) >= 10:
                    length, offset = int.from_bytes(self.buffer[2:10], "big"), 10
                if length < 126 or offset > 2:
                    if len(self.buffer) >= offset + length:
                        opcode = self.buffer[0] & 0x0F
                        payload = self.buffer[offset:offset + length]
                        self.buffer = self.buffer[offset + length:]
                        return opcode, payload
            if time.monotonic() > deadline:
                raise TimeoutError("no frame")
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            self.buffer += chunk

    def read_until(self, opcode, timeout=5.0):
        """Frames up to and including the first of `opcode` (None if the socket closed first)."""
        while True:
            frame = self.read_frame(timeout)
            if frame is None or frame[0] == opcode:
                return frame

    def close(self):
        self.sock.close()
