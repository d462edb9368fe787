"""Shared by every Python suite: no test skips itself green. A skip that
``support.requirements.require`` did not allow (TAGCLOUD_ALLOW_SKIP) is reported as a failure,
and the terminal summary says how many tests were skipped and why.

Mutation checks: a scratch test file with a bare `pytest.skip(...)` and a `skipif` mark (the
old way of skipping without chromium) was reported as a failure and an error, "skipped without
TAGCLOUD_ALLOW_SKIP"; a module that skips itself at collection time
(`pytest.skip(..., allow_module_level=True)`, a module-level `importorskip`) was reported as
"1 skipped" and the run passed, and is now a collection error; a passing `@pytest.mark.xfail`
test passed as XPASS and now fails (`xfail_strict`, pytest.ini); TAGCLOUD_CHROMIUM=/nonexistent failed every browser test with "missing
dependency chromium: ..." and, with TAGCLOUD_ALLOW_SKIP=chromium, skipped them and printed
"11 test(s) SKIPPED ... 11 x missing chromium (...)"."""

from __future__ import annotations

import collections

import pytest

from support.requirements import ALLOW_VARIABLE, ALLOWED_SKIP_PREFIX, allowed_skips

# The one server fixture (serve) and the browser fixtures (browser, context, page, static_server,
# live_server, ...), for every suite; the engine suite's rerun of a test whose engine was lost
# (a plugin of the run, so that its summary is printed where the run's is).
pytest_plugins = ("support.server_fixtures", "support.browser_fixtures", "support.engine_rerun")

_skips: collections.Counter = collections.Counter()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "page_errors(*patterns): problems the page guard expects in this browser "
        "test (regular expressions; each must occur), see Tests/python/support/page_guard.py")
    config.addinivalue_line(
        "markers", "frame_paced: a test that counts the frames an engine draws during a motion; "
        "`make test` runs these last, alone on the machine (scripts/run-tests.sh), since a loaded "
        "machine starves WebKit and Firefox of frames for seconds at a time, and Chromium too "
        "beside three busy workers (a 0.5 s shrink seen in 2 frames)")


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _fail_unallowed_skip(report, what: str) -> None:
    """Turns a skip of `report` that TAGCLOUD_ALLOW_SKIP did not allow into a failure that says
    why (`what`: where it skipped). Runs where the test ran (an xdist worker, maybe)."""
    reason = _skip_reason(report)
    if reason.startswith(ALLOWED_SKIP_PREFIX):
        return
    report.outcome = "failed"
    report.longrepr = (
        f"{what} without {ALLOW_VARIABLE}: {reason}\n"
        "A test or module that skips itself is a failure here: require the dependency in a "
        "fixture or test with support.requirements.require(name, ...), which names it and "
        f"honours {ALLOW_VARIABLE}=name.")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        _fail_unallowed_skip(report, "skipped")


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """A module (or class) that skips itself while it is collected fails like a test that skips
    itself: its tests would otherwise vanish from the run behind one "skipped"."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        _fail_unallowed_skip(report, f"{collector.nodeid}: skipped at collection time")


def _count_allowed_skip(report) -> None:
    """Counts a skip TAGCLOUD_ALLOW_SKIP allowed, where the summary is printed (the reports of
    xdist's workers reach the controlling process through these hooks)."""
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = _skip_reason(report)
        if reason.startswith(ALLOWED_SKIP_PREFIX):
            _skips[reason.removeprefix("allowed skip: ")] += 1


def pytest_runtest_logreport(report):
    _count_allowed_skip(report)


def pytest_collectreport(report):
    _count_allowed_skip(report)


def work_unit(nodeid: str) -> str:
    """What pytest-xdist hands one worker whole (scripts/run-pytest.sh runs two): the engine
    suite (its WebKit, Firefox and Chromium then start once in the run), or one test file (its
    module fixtures, e.g. a server the module shares, start once)."""
    path = nodeid.split("::", 1)[0]
    return "engines" if path.startswith("engines/") else path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scope scheduling with `work_unit` as the scope: units go to whichever worker
    is free, the ones with most tests first (the engine suite early, so that it never runs
    alone at the end)."""
    from xdist.scheduler import LoadScopeScheduling

    class BySuiteAndFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return BySuiteAndFile(config, log)


def pytest_terminal_summary(terminalreporter):
    allowed = ",".join(sorted(allowed_skips())) or "(none)"
    if not _skips:
        terminalreporter.write_line(f"tagcloud: 0 tests skipped ({ALLOW_VARIABLE}={allowed})")
        return
    total = sum(_skips.values())
    terminalreporter.write_sep("=", f"tagcloud: {total} test(s) SKIPPED, as {ALLOW_VARIABLE}="
                                    f"{allowed} allows", yellow=True, bold=True)
    for reason, count in _skips.most_common():
        terminalreporter.write_line(f"  {count:4d} x {reason}")
