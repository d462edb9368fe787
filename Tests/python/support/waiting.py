"""The one wait of the Python suites: poll something on this side (a server's log, a metric, a
socket, a process, a screen) until it holds, or fail the test saying what was awaited and what
was last seen. Every other wait helper (``wait_placed``, ``Engine.wait_for``, the suites'
``wait_for_log``, ``wait_for_status``, ...) is built on it. (A wait for something inside a page
is the browser's own: Playwright's ``page.wait_for_function`` polls in the page.)

    wait_until(lambda: server.metric("tagcloud_sessions") == 0, timeout=5, what="no session left")
    line = wait_until(lambda: find(server.log, "ready"), timeout=10, what="the ready line",
                      seen=lambda: server.log[-5:])
    sock = wait_until(lambda: socket.create_connection(("127.0.0.1", port)), timeout=10,
                      what=f"a listener on {port}", ignoring=(OSError,))

The predicate's first truthy value is returned. Exceptions of the types in `ignoring` mean "not
yet" (the last one is named if the time runs out); any other propagates at once. It is always
called at least once, and once more after the deadline has passed, so a slow machine that
takes the whole timeout for one call still gets its answer looked at."""

from __future__ import annotations

import time
from typing import Any, Callable, TypeVar

T = TypeVar("T")


class WaitTimeout(AssertionError):
    """A wait_until whose condition never held within its timeout."""


def wait_until(predicate: Callable[[], T], *, timeout: float, what: str, interval: float = 0.05,
               ignoring: tuple[type[BaseException], ...] = (),
               seen: Callable[[], Any] | None = None, backoff: float = 1.0,
               max_interval: float = 1.0) -> T:
    """Calls `predicate()` every `interval` s until it returns something truthy (returned), for
    at most `timeout` s; then fails with WaitTimeout: "timed out after T s waiting for WHAT"
    with the last value (or the last ignored exception) and, when given, `seen()` (what to show
    of the state, e.g. a log's last lines). With `backoff` > 1 the interval grows by that
    factor after each try, up to `max_interval` (a client reconnecting as a page does)."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        past = time.monotonic() >= deadline
        try:
            last = predicate()
        except ignoring as error:
            last = error
        else:
            if last:
                return last
        if past:
            detail = f"; last: {last!r}"
            if seen is not None:
                detail += f"; seen: {seen()!r}"
            raise WaitTimeout(f"timed out after {timeout} s waiting for {what}{detail}")
        time.sleep(max(0.0, min(interval, deadline - time.monotonic())))
        interval = min(interval * backoff, max(interval, max_interval))
