"""The one server fixture of every suite, a pytest plugin (Tests/python/conftest.py loads it):
``serve`` starts `tagcloud serve` processes (support.harness.ServeProcess) for one test and
stops every one of them when the test ends, pass or fail; a sanitizer report in any server's log
fails the test (make check-full runs the suites on an ASan/TSan build; a server stopped with
SIGKILL, as the server suite's are, writes none).

    def test_x(serve):
        server = serve("--workers", "2", web=site / "web")       # 127.0.0.1, a free port
        server = serve("--echo", flags=["--port", "0"], cwd=site)  # exactly these flags first

The suites' own fixture names are thin aliases over it, kept for the tests that use them:
``live_server`` and ``live_server_factory`` (browser, element: web/, the log in a file),
the engine suite's ``live_server`` (its guarded copy of web/), the server suite's
``start_server`` / ``server`` (a temporary site; killed at the end), the reliability suite's
``start_server`` / ``server`` (a temporary site; SIGTERM at the end, for LeakSanitizer).

A server that a whole module shares (the attacks of test_static_traversal.py, the start-up
matrix) is a module-scoped fixture that starts a ServeProcess itself: nothing a test does there
changes what the next one sees."""

from __future__ import annotations

import signal

import pytest

from support.harness import ServeProcess, serve_flags


class ServerSet:
    """Starts servers and, at `close()`, stops them all (with `stop_signal`, twice: the test is
    over, its servers' drain grace is not waited out; SIGKILL skips the drain) and returns the
    sanitizer reports of their logs."""

    def __init__(self) -> None:
        self.servers: list[ServeProcess] = []

    def start(self, *extra, web=None, flags=None, cwd=None, env=None, port=0, start_timeout=15.0,
              preexec_fn=None, log_path=None, stop_signal=signal.SIGTERM, server_class=ServeProcess):
        """`tagcloud serve FLAGS EXTRA...`; FLAGS default to serve_flags(web, port=port)."""
        arguments = [*(serve_flags(web, port=port) if flags is None else flags), *map(str, extra)]
        server = server_class(arguments, cwd=cwd, env=env, start_timeout=start_timeout,
                              preexec_fn=preexec_fn, log_path=log_path)
        server.stop_signal = stop_signal
        self.servers.append(server)
        return server

    __call__ = start

    def close(self) -> list[str]:
        """Stops every server; the sanitizer reports of those that exited on their own signal
        (a killed one writes none)."""
        reports = []
        for server in self.servers:
            if server.stop_signal == signal.SIGKILL:
                server.kill()
            else:
                server.stop(server.stop_signal, skip_drain=True)
                reports += server.sanitizer_reports()
        return reports


@pytest.fixture
def serve():
    """start(*extra, web=None, flags=None, cwd=None, env=None, port=0, ...) -> ServeProcess; every
    server started is stopped at the end of the test (module docstring)."""
    servers = ServerSet()
    try:
        yield servers
    finally:
        reports = servers.close()
    assert not reports, "\n".join(reports[:40])
