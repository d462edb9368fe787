"""A free TCP port on 127.0.0.1, for a process that must be told its port before it starts (most
servers here take `--port 0` and say which port they got: prefer that)."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port nothing listens on right now (the OS's pick for a socket bound to port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
