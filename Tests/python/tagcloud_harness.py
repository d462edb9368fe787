"""What every Python suite that runs the real `tagcloud` binary shares: where the binary is,
the live protocol's name, the demo's tag ids, a running `tagcloud serve` (``ServeProcess``), and
a raw HTTP exchange that sends bytes exactly as given (no client-side path normalisation, for
the traversal tests)."""

import os
import pathlib
import re
import signal
import socket
import subprocess
import threading
import time

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


class ServeProcess:
    """A running `tagcloud serve ARGS...`: its port (read from the start log line, so ``--port 0``
    works), its log (stderr lines), its /proc figures, and how to stop it.

        server = ServeProcess(["--host", "127.0.0.1", "--port", "0", "--web", "web"])
        try:
            ...  # server.http, server.ws
        finally:
            server.stop()
    """

    def __init__(self, args, *, cwd=None, env=None, start_timeout=15.0):
        self.args = [str(tagcloud_binary()), "serve", *args]
        self.process = subprocess.Popen(
            self.args, cwd=cwd, env={**os.environ, **(env or {})},
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        self.log = []
        self.port = None
        started = threading.Event()

        def read_log():
            for line in self.process.stderr:
                self.log.append(line.rstrip("\n"))
                match = re.search(r"listening on http://[^ ]+:(\d+) ", line)
                if match:
                    self.port = int(match.group(1))
                    started.set()
            started.set()

        self._reader = threading.Thread(target=read_log, daemon=True)
        self._reader.start()
        if not started.wait(start_timeout) or self.port is None:
            self.kill()
            raise AssertionError(f"server did not start; log: {self.log}")

    @property
    def pid(self):
        return self.process.pid

    @property
    def alive(self):
        return self.process.poll() is None

    @property
    def http(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self):
        return f"ws://127.0.0.1:{self.port}/live"

    def stop(self, sig=signal.SIGTERM, timeout=5.0):
        """Sends `sig` and waits; returns (exit status, seconds it took). Kills as a last resort."""
        if not self.alive:
            return self.process.returncode, 0.0
        started = time.monotonic()
        self.process.send_signal(sig)
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            status = self.kill()
        elapsed = time.monotonic() - started
        self._reader.join(2)  # the log's last lines
        return status, elapsed

    def kill(self):
        """SIGKILL: no close frames, no goodbye. Returns the exit status."""
        if self.alive:
            self.process.kill()
        return self.process.wait()

    def rss_kib(self) -> int:
        status = pathlib.Path(f"/proc/{self.pid}/status").read_text()
        return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE).group(1))

    def fd_count(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def sanitizer_reports(self):
        """Lines of sanitizer reports the server wrote (after it exited)."""
        self._reader.join(5)
        return [line for line in self.log
                if "Sanitizer" in line or "runtime error:" in line or "WARNING: ThreadSan" in line]
