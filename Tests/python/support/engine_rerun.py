"""A pytest plugin (Tests/python/conftest.py loads it for the whole run, so that its summary is
the run's also when pytest-xdist runs the tests in worker processes): a test whose browser
engine was lost while it ran (the browser process
crashed, or a command stuck until the client killed it) runs once more, in a new engine, and the
terminal summary lists it with the reason and both outcomes.

The first run's failure is what counts: a crash or a hang may be caused by the page under test,
so a second run that passes must not hide it. Unless TAGCLOUD_ALLOW_RERUN is set (to anything
but 0), in which case the second run's outcome counts and the first failure is kept in the
report all the same (the summary line, and a "first run, engine lost" section on the test's
reports). Either way later tests get a working engine (the pool starts a new one).

Only such a test: the fixture that hands out the engine stashes `ENGINE_LOST` on the test when
the engine is gone at the test's end (`Engine.lost()`), and only a failed test with that stash
runs again. A failing assertion in a live engine never does. A test that passed but whose engine
is gone by its end fails too ("engine lost by the end of a passing test"), and runs again like
the others: the page under test may have crashed the browser once it was done with it, which
before was only logged (the pool's restart list) and never failed anything.

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

import os

import pytest
from _pytest.runner import runtestprotocol

ALLOW_RERUN = "TAGCLOUD_ALLOW_RERUN"
ENGINE_LOST = pytest.StashKey[str]()  # on a test: why its engine was gone by the end of it
# The summary's line for a test run again travels on the test's reports (user_properties), from the process that ran it (an
# xdist worker) to the one that prints the summary.
PROPERTY = "engine lost, run again"


def rerun_counts() -> bool:
    """Whether the second run's outcome counts (TAGCLOUD_ALLOW_RERUN), not the first failure."""
    return os.environ.get(ALLOW_RERUN, "0") not in ("", "0")


def _last_line(report) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash:
        return crash.message.splitlines()[0]
    return (report.longreprtext.strip().splitlines() or ["?"])[-1]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Runs a test that uses `engine`; if it failed with its engine lost, runs it once more."""
    if not {"engine", "engine_pool"} & set(getattr(item, "fixturenames", ())):
        return None
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    reason = item.stash.get(ENGINE_LOST, None)
    failed = [report for report in reports if report.failed]
    if reason is not None and not failed:
        failed = [fail_for_a_lost_engine(reports, reason)]
    if reason is not None and failed:
        del item.stash[ENGINE_LOST]
        first = f"{reason}; the first run failed in {failed[0].when}: {_last_line(failed[0])}"
        again = runtestprotocol(item, nextitem=nextitem, log=False)
        outcome = "failed again" if any(report.failed for report in again) else "passed"
        if rerun_counts():
            for report in again:
                report.sections.append(("first run, engine lost", f"{first}\n\n{failed[0].longreprtext}"))
            reports, counted = again, f"the second run counts ({ALLOW_RERUN})"
        else:
            for report in failed:
                report.sections.append(("run again in a new engine", outcome))
            counted = f"the first failure counts (set {ALLOW_RERUN}=1 to count the second run)"
        line = f"{item.nodeid}: {first}; run again: {outcome}; {counted}"
        for report in reports:
            report.user_properties.append((PROPERTY, line))
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def fail_for_a_lost_engine(reports, reason: str):
    """Turns the passing call of `reports` into a failure: its engine was lost by its end."""
    call = next((report for report in reports if report.when == "call"), reports[-1])
    call.outcome = "failed"
    call.longrepr = f"engine lost by the end of a passing test: {reason}"
    return call


def pytest_terminal_summary(terminalreporter):
    lines = []  # from every report the run logged (in this process or an xdist worker)
    for reports in terminalreporter.stats.values():
        for report in reports:
            for name, line in getattr(report, "user_properties", ()):
                if name == PROPERTY and line not in lines:
                    lines.append(line)
    if lines:
        terminalreporter.section("engine tests run again after their engine was lost", sep="=", yellow=True, bold=True)
        for line in lines:
            terminalreporter.line(line)
