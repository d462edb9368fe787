"""The browser fixtures, a pytest plugin (Tests/python/conftest.py loads it: `pytest_plugins`) that
the browser and element suites share: one headless Debian chromium per session, a fresh context
per test, a static file server for web/ (the offline case, any static host), and the live server
`tagcloud serve` when it has been built. Every server binds 127.0.0.1 on a free port and is
always stopped, also when a test fails. (The engine suite has fixtures of its own names.)"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from support.chromium import CHROMIUM, shared_chromium
from support.page_guard import GuardedBrowser, PageGuard
from support.paths import ARTIFACTS, REPO, TAGCLOUD_DEBUG as TAGCLOUD, WEB
from support.harness import ServeProcess
from support.requirements import require
from support.static_files import CONTENT_SECURITY_POLICY, StaticHandler, StaticServer


class CSPStaticHandler(StaticHandler):
    """web/ as a deployment serves it: every response carries the Content-Security-Policy."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        super().end_headers()


def require_wasm() -> None:
    """The page cannot place anything without the core's Wasm build."""
    module = WEB / "tagcloud.wasm"
    require("wasm", module.exists(), f"{module} is missing: run `make wasm` (make test does)")


@pytest.fixture(scope="session")
def static_server():
    """A plain static file server: no WebSocket, the offline case."""
    require_wasm()
    with StaticServer() as server:
        yield server


@pytest.fixture(scope="session")
def csp_static_server():
    """The static server with the deployment's Content-Security-Policy on every response."""
    with StaticServer(CSPStaticHandler) as server:
        yield server


class LiveServer(ServeProcess):
    """`tagcloud serve --web web` for a page: `.url`, and `.log`, the path of its log file under
    Tests/artifacts/browser/ (`.lines` has the lines). Stopped and started again, it comes back
    on the same port (the reconnect tests restart it under an open page)."""

    @property
    def log(self) -> Path:
        return self.log_path


def serve_available() -> str | None:
    """Why `tagcloud serve` cannot run here, or None when it can."""
    if not TAGCLOUD.exists():
        return f"{TAGCLOUD.relative_to(REPO)} is not built"
    usage = subprocess.run([str(TAGCLOUD), "serve", "--help"], capture_output=True, text=True, timeout=10)
    text = (usage.stdout + usage.stderr).lower()
    if "--web" not in text:
        return "this tagcloud has no `serve --web` yet"
    return None


@pytest.fixture()
def live_server_factory(serve, browser):
    """Starts `tagcloud serve --web web [extra args]` on free ports (the one `serve` fixture);
    every one is stopped at the end of the test, after the test's pages are closed: a page
    still open when its server stops reconnects, and the refused connection is a console error
    its guard would report (seen under load in `test_the_page_loads_with_no_console_error_live`).
    A missing build fails the test (support.requirements.require)."""
    reason = serve_available()
    require("native", not reason, f"{reason}: run `swift build` (make test does)")
    require_wasm()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def start(*extra_args: str) -> LiveServer:
        log = ARTIFACTS / f"serve-{time.monotonic_ns()}.log"
        server = serve(*extra_args, web=WEB, cwd=REPO, log_path=log, server_class=LiveServer)
        renamed = log.with_name(f"serve-{server.port}.log")  # named by its port, as the page sees it
        log.rename(renamed)
        server.log_path = renamed
        return server

    yield start
    browser.close_all()  # before `serve`, which this fixture depends on, stops the servers


@pytest.fixture()
def live_server(live_server_factory):
    """`tagcloud serve --web web` on a free port, always stopped; fails when not built."""
    return live_server_factory()


@pytest.fixture(scope="session")
def chromium_browser():
    """The process's headless chromium (tests use `browser`, which watches what they open)."""
    require("chromium", shutil.which(CHROMIUM) or Path(CHROMIUM).exists(),
            f"no chromium at {CHROMIUM}: apt-get install chromium (make test runs "
            "scripts/install-deps.sh), or point TAGCLOUD_CHROMIUM at one")
    # Shared with the element suite: one Playwright instance per process (sync API).
    with shared_chromium(CHROMIUM) as instance:
        yield instance


@pytest.fixture()
def page_guard(request):
    """The test's PageGuard (Tests/python/support/page_guard.py): any page error, console.error, failed
    request or HTTP status >= 400 on any page the test opens fails it at teardown, unless the
    test declared it: @pytest.mark.page_errors(regex, ...) or page_guard.expect(regex)."""
    expected = [pattern for marker in request.node.iter_markers("page_errors")
                for pattern in marker.args]
    guard = PageGuard(expected)
    for name in ("static_server", "csp_static_server"):
        if name in request.fixturenames:
            # The offline case by design: a plain static host has no /live, and chromium reports
            # the failed WebSocket (a 404 handshake; or, for a page served from page.route,
            # blocked by Local Network Access) as a console error. Only for that server's origin.
            origin = re.escape(request.getfixturevalue(name).url.removeprefix("http://"))
            guard.tolerate(rf"^console\.error WebSocket connection to 'ws://{origin}live' failed: ")
    yield guard
    guard.check()


@pytest.fixture()
def browser(chromium_browser, page_guard):
    """The chromium, through this test's guard: contexts and pages opened with
    `browser.new_context()` / `browser.new_page()` are watched and closed at the end."""
    guarded = GuardedBrowser(chromium_browser, page_guard)
    try:
        yield guarded
    finally:
        guarded.close_all()


@pytest.fixture()
def context(browser):
    """A fresh context per test: its own localStorage, viewport 1280 × 800, motion allowed."""
    return browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)


@pytest.fixture()
def page(context, page_guard):
    pg = context.new_page()
    pg.page_errors = page_guard.problems  # type: ignore[attr-defined]  # everything seen so far
    return pg
