"""A running `tagcloud serve` (``ServeProcess``), every suite's server, and the binary it runs
(``tagcloud_binary``). support.harness re-exports both; the one server fixture that starts them
for a test is support.server_fixtures.serve."""

import os
import pathlib
import re
import signal
import subprocess
import threading
import time
import urllib.request

from support.paths import TAGCLOUD_DEBUG
from support.requirements import require
from support.waiting import WaitTimeout, wait_until


def tagcloud_binary() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("TAGCLOUD_BIN", TAGCLOUD_DEBUG))
    require("native", path.exists(), f"{path} is missing: run `swift build` (make test does)")
    return path


#: The log's word that the first stop signal was handled and the drain began (one process; the
#: supervisor of `--workers`).
DRAIN_STARTED = ("draining (", "stopping (")


def serve_flags(web=None, *extra, host="127.0.0.1", port=0) -> list[str]:
    """`--host HOST --port PORT [--web WEB] EXTRA...`: a loopback server on a free port (0: the
    server picks one and says which)."""
    return ["--host", host, "--port", str(port), *(["--web", str(web)] if web is not None else []), *map(str, extra)]


class ServeProcess:
    """A running `tagcloud serve ARGS...`: its port (read from the start log line, so ``--port 0``
    works), its log (stderr lines; also appended to `log_path` when given), its /proc figures,
    and how to stop it, and start it again on the same port (a restart under open pages).

        server = ServeProcess(["--host", "127.0.0.1", "--port", "0", "--web", "web"])
        try:
            ...  # server.http, server.ws
        finally:
            server.stop()

    Every suite's servers are this class, started by the one server fixture (``serve``,
    support/server_fixtures.py) or directly; `serve_flags(web, ...)` builds the usual flags.
    """

    def __init__(self, args, *, cwd=None, env=None, start_timeout=15.0, preexec_fn=None, binary=None,
                 log_path=None):
        self.args = [str(binary or tagcloud_binary()), "serve", *args]
        self.cwd, self.env, self.preexec_fn = cwd, env, preexec_fn
        self.start_timeout = start_timeout
        self.log_path = pathlib.Path(log_path) if log_path else None
        self.lines: list[str] = []
        self.port = None
        self.process = None
        self.start()

    @property
    def log(self):
        """The server's log lines so far (every start's, in order)."""
        return self.lines

    def start(self) -> None:
        """Starts the process (again, after `stop()`: on the port it had, so that clients find it
        where they left it) and waits for its start line."""
        assert self.process is None or not self.alive, "already running"
        args = list(self.args)
        if self.port is not None and "--port" in args:
            args[args.index("--port") + 1] = str(self.port)
        self.process = subprocess.Popen(
            args, cwd=self.cwd, env={**os.environ, **(self.env or {})},
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True, preexec_fn=self.preexec_fn)
        started = threading.Event()
        listening = []
        process, log_file = self.process, None
        if self.log_path:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            log_file = open(self.log_path, "a")

        def read_log():
            try:
                for line in process.stderr:
                    self.lines.append(line.rstrip("\n"))
                    if log_file:
                        log_file.write(line)
                        log_file.flush()
                    match = re.search(r"listening on http://[^ ]+:(\d+) ", line)
                    if match and not listening:
                        listening.append(int(match.group(1)))
                        started.set()
            finally:
                if log_file:
                    log_file.close()
                started.set()

        self._reader = threading.Thread(target=read_log, daemon=True)
        self._reader.start()
        if not started.wait(self.start_timeout) or not listening:
            self.kill()
            raise AssertionError(f"server did not start; log: {self.lines[-20:]}")
        self.port = listening[0]

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

    @property
    def url(self):
        """The server's root, as pages are opened: `http://127.0.0.1:PORT/`."""
        return f"{self.http}/"

    def metric(self, name: str) -> float:
        """The value of the series `name` in the server's /metrics (its first sample, labelled or not)."""
        text = urllib.request.urlopen(self.url + "metrics", timeout=5).read().decode()
        for line in text.splitlines():
            if line.startswith(name + " ") or line.startswith(name + "{"):
                return float(line.rsplit(" ", 1)[1])
        raise AssertionError(f"no {name} in /metrics:\n{text}")

    def stop(self, sig=signal.SIGTERM, timeout=5.0, *, skip_drain=False):
        """Sends `sig` and waits; returns (exit status, seconds it took). Kills as a last resort.
        `skip_drain`: once the server has begun its drain, `sig` again, which closes its
        WebSockets at once (the server's "a second signal closes them now") instead of after
        --drain-grace (1 s by default): a test's end, not a test of the drain."""
        if not self.alive:
            return self.process.returncode, 0.0
        started = time.monotonic()
        seen = len(self.lines)
        self.process.send_signal(sig)
        if skip_drain and sig in (signal.SIGTERM, signal.SIGINT):
            drain_began = lambda: any(marker in line for line in self.lines[seen:] for marker in DRAIN_STARTED)  # noqa: E731
            try:
                wait_until(lambda: not self.alive or drain_began(), timeout=1.0, interval=0.01,
                           what="the server to begin its drain")
            except WaitTimeout:
                pass  # the second signal stops it all the same
            if self.alive:
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
        return [line for line in self.lines
                if "Sanitizer" in line or "runtime error:" in line or "WARNING: ThreadSan" in line]
