"""Fixtures of the engine suites: the three engines (each started once per run, on first use, and
quit at the end, also when a test fails or the run is interrupted), a static file server for
web/ and `tagcloud serve`, both on 127.0.0.1 and free ports, always stopped.

An engine that cannot start fails every test that needs it (pytest.fail, never a skip): `make
test` installs the three (scripts/install-deps.sh), so a missing one is a broken machine.

An engine lost during a test (its browser process crashed, or a command stuck until the client
killed it: seen once in CI on a loaded machine, Firefox, after Marionette's socket timeout) is
started again, and that one test runs once more in the new engine; the terminal summary lists
every such run with the reason and both outcomes, and the first failure counts unless
TAGCLOUD_ALLOW_RERUN is set (support/engine_rerun.py). A failing assertion is never
run again: only a test whose engine is gone by its end, since what it tested never finished. A
passing test whose engine is gone by its end fails ("engine lost by the end of a passing
test") and runs again the same way: nothing the page did may kill the browser unseen.
One lost engine thus costs a test one more run, not every later test of that engine (they would
all fail on a dead session)."""

from __future__ import annotations

import re

import pytest

from engine_driver import ENGINES, EngineMissing, EnginePool
from support.engine_rerun import ENGINE_LOST  # the plugin itself is the run's (Tests/python/conftest.py)
from support.page_guard import PageGuard, guarded_copy
from support.paths import REPO, WEB
from support.static_files import StaticServer  # the browser suite's: the same MIME types and no-store headers

ARTIFACTS = REPO / ".build" / "engines"


@pytest.fixture(scope="session")
def engine_pool():
    pool = EnginePool(artifacts=ARTIFACTS)
    try:
        yield pool
    finally:
        pool.close()


@pytest.fixture(params=ENGINES)
def engine(request, engine_pool):
    """The engine named by the test's parameter, at a 1280 × 720 viewport, with no focus."""
    try:
        instance = engine_pool.get(request.param)
    except EngineMissing as missing:
        pytest.fail(f"{request.param}: {missing}", pytrace=False)
    try:
        instance.set_viewport(1280, 720)
        yield instance
    finally:
        reason = instance.lost()
        if reason is not None:
            request.node.stash[ENGINE_LOST] = reason


@pytest.fixture(autouse=True)
def page_guard(request, engine_pool):
    """The test's PageGuard (Tests/python/support/page_guard.py), the browser suite's in every engine:
    an uncaught error, an unhandled rejection, a console.error or a failed request on a page
    fails the test at teardown, unless declared (@pytest.mark.page_errors(regex, ...))."""
    expected = [pattern for marker in request.node.iter_markers("page_errors") for pattern in marker.args]
    guard = PageGuard(expected)
    if "static_server" in request.fixturenames:
        # A plain static host has no /live: the page's WebSocket to it fails, by design.
        origin = re.escape(request.getfixturevalue("static_server").url.removeprefix("http://"))
        guard.tolerate(rf"^console\.error WebSocket connection to 'ws://{origin}live' failed: ")
    engine_pool.watch(guard)
    try:
        yield guard
    finally:
        lost = engine_pool.finish_test()
        if lost and ENGINE_LOST not in request.node.stash:  # an engine the test got from the pool itself
            request.node.stash[ENGINE_LOST] = "; ".join(lost)
    guard.check()


@pytest.fixture(scope="session")
def guarded_web(tmp_path_factory):
    """A copy of web/ whose pages carry the in-page guard (WebKit and Firefox report through it)."""
    return guarded_copy(WEB, tmp_path_factory.mktemp("guarded") / "web")


@pytest.fixture(scope="session")
def static_server(guarded_web):
    """web/ over plain HTTP: no WebSocket, so the page lays out with its Wasm core."""
    with StaticServer(directory=guarded_web) as server:
        yield server


@pytest.fixture()
def live_server(guarded_web, serve):
    """`tagcloud serve --web web` on 127.0.0.1 and a free port (TAGCLOUD_BIN or the debug build),
    serving the guarded copy; stopped at the end of the test (the one `serve` fixture)."""
    return serve(web=guarded_web)


@pytest.fixture()
def screenshots():
    """Where a test saves what an engine drew: .build/engines/ (for a person to look at)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
