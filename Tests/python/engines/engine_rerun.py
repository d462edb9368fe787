"""A pytest plugin: a test whose browser engine was lost while it ran (the browser process
crashed, or a command stuck until the client killed it) runs once more, in a new engine, and the
terminal summary lists it with the reason, whatever the second run's outcome.

Only such a test: the fixture that hands out the engine stashes `ENGINE_LOST` on the test when
the engine is gone at the test's end (`Engine.lost()`), and only a failed test with that stash
runs again. A failing assertion in a live engine never does. Without this, one lost engine
fails every later test of that engine on its dead session; with it, it costs one test a second
run, in the open.

    @pytest.fixture
    def engine(request, engine_pool):
        instance = engine_pool.get(request.param)
        try:
            yield instance
        finally:
            if (reason := instance.lost()) is not None:
                request.node.stash[ENGINE_LOST] = reason
"""

from __future__ import annotations

import pytest
from _pytest.runner import runtestprotocol

ENGINE_LOST = pytest.StashKey[str]()  # on a test: why its engine was gone by the end of it
RUN_AGAIN = pytest.StashKey[list]()  # on the run's config: the summary's lines, each test run again and why


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Runs a test that uses `engine`; if it failed with its engine lost, runs it once more."""
    if "engine" not in getattr(item, "fixturenames", ()):
        return None
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    reason = item.stash.get(ENGINE_LOST, None)
    failed = [report for report in reports if report.failed]
    if reason is not None and failed:
        del item.stash[ENGINE_LOST]
        crash = getattr(failed[0].longrepr, "reprcrash", None)
        last_line = crash.message.splitlines()[0] if crash else (failed[0].longreprtext.strip().splitlines() or ["?"])[-1]
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        outcome = "failed again" if any(report.failed for report in reports) else "passed"
        item.config.stash.setdefault(RUN_AGAIN, []).append(f"{item.nodeid}: {reason}; the first run failed in {failed[0].when}: {last_line}; run again: {outcome}")
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_terminal_summary(terminalreporter):
    lines = terminalreporter.config.stash.get(RUN_AGAIN, [])
    if lines:
        terminalreporter.section("engine tests run again after their engine was lost", sep="=", yellow=True, bold=True)
        for line in lines:
            terminalreporter.line(line)
