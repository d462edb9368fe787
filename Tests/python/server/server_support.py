"""Helpers for the `tagcloud serve` integration tests: the server process (started on a free
loopback port with ``--port 0``; the port is read from its start log line), WebSocket and raw
HTTP clients. A uniquely named module, so that it never clashes with another suite's helpers."""

import json

from websockets.sync.client import connect

from support.harness import (
    DEMO_IDS, SUBPROTOCOL, RawClient, ServeProcess, frame, http_answer, measure_message, raw_http,
    tagcloud_binary)

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
    """`tagcloud serve --port 0 ARGS...` run from `cwd`, for a test that starts and stops a server
    itself (the `start_server` fixture starts the same through the one `serve` fixture)."""

    def __init__(self, args, cwd, env=None, preexec_fn=None):
        super().__init__(["--port", "0", *args], cwd=cwd, env=env, start_timeout=10,
                         preexec_fn=preexec_fn)


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


def send(ws, message):
    ws.send(json.dumps(message))


def http_get(port, path, headers=(), source_port=None):
    """(status, lowercase fields, body) of one GET; from local port `source_port` when given (a
    connection one worker answers, support.workers)."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    request += "".join(f"{h}\r\n" for h in headers) + "\r\n"
    reply = raw_http(port, request.encode("latin-1"), source_port=source_port)
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, body


