"""What every Python suite that runs the real `tagcloud` binary shares: where the binary is,
the live protocol's name, the demo's tag ids, and a raw HTTP exchange that sends bytes exactly
as given (no client-side path normalisation, for the traversal tests)."""

import os
import pathlib
import socket

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SUBPROTOCOL = "tagcloud.v1"
DEMO_IDS = [
    "SwiftUI", "Animation", "Layout", "Glass", "Gestures",
    "Symbols", "Charts", "Navigation", "Metal", "Widgets",
]


def tagcloud_binary() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("TAGCLOUD_BIN", ROOT / ".build" / "debug" / "tagcloud"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run 'swift build' (make test does) first")
    return path


def raw_http(port, request: bytes, timeout=5.0) -> bytes:
    """Sends the bytes exactly as given and reads the whole reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
