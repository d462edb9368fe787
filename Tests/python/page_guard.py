"""One page-error guard for every browser test (Tests/python/browser and Tests/python/element):
an uncaught exception (`pageerror`), a `console.error`, a failed request (`requestfailed`) or an
HTTP answer with status >= 400 on ANY page of ANY context a test opens fails that test, unless
the test declared that it expects it.

How the suites use it (their conftests do this; tests need nothing):

- the function-scoped ``browser`` fixture is a ``GuardedBrowser`` around the session's chromium:
  every ``browser.new_context(...)`` / ``browser.new_page(...)`` a test calls is watched, and
  closed at the end of the test;
- the ``page_guard`` fixture holds the test's ``PageGuard``; at teardown it fails the test with
  every unexpected problem, one per line.

How a test declares what it expects (a regular expression, searched in the problem's one-line
description, e.g. ``response 404 GET http://127.0.0.1:41234/tagcloud.wasm``):

    @pytest.mark.page_errors(r"requestfailed .*/tagcloud\\.wasm", r"console\\.error .*wasm")
    def test_without_wasm(page): ...

or at run time, ``page_guard.expect(r"...")``. An expectation must be met at least once, or the
test fails too ("expected but never seen"): a stale expectation cannot hide anything.

A fixture whose nature implies a problem tolerates it for the tests that use it: the offline
``static_server`` has no WebSocket, so chromium's console.error for the page's refused
``ws://…/live`` on that server's port is tolerated (``.tolerate(pattern)``: may occur, need not).

Mutation check (a scratch copy of web/ served with TAGCLOUD_WEB_DIR=/tmp/mutweb): appending
`console.error(...)` to glass-tag-cloud.js failed every test that loads it, including
test_element_reduce_motion_lands_spacing_at_once, which opens its own context; a
`<link href=/missing.css>` in index.html failed the demo tests with "response 404",
"requestfailed" and "console.error"; a `throw` in a timer of app.js with "pageerror". Before
this guard only the last one failed, and not in a context a test opened itself.

Stable API: ``PageGuard(expected=())`` with ``.expect(*patterns) .tolerate(*patterns) .watch_context(ctx)
.watch_page(page) .problems .unexpected() .check()``, ``GuardedBrowser(browser, guard)``,
``FAVICON_OF_TEST_PAGES``, marker ``page_errors``.
"""

from __future__ import annotations

import re
import threading

# The demo and the example pages link an icon (web/favicon.svg) and test_web_load.py checks them
# strictly (no 404 at all). Pages that tests build themselves (fixtures, page.route pages) link
# none, so chromium asks for /favicon.ico and gets a 404; and a navigation may abort the icon's
# request. Neither says anything about the page under test.
FAVICON_OF_TEST_PAGES = (r"^((response 404 GET|console\.error) .*/favicon\.ico\b"
                       r"|requestfailed GET \S*/favicon\.(ico|svg): net::ERR_ABORTED$)")


class PageGuard:
    """Collects every problem on the pages it watches; ``check()`` raises on the unexpected ones
    (and on expectations never met).

        guard = PageGuard(expected=[r"response 404 GET .*/missing\\.js"])
        guard.watch_context(context)
        ...
        guard.check()
    """

    def __init__(self, expected=(), *, allow_missing_favicon=True):
        self._lock = threading.Lock()
        self.problems: list[str] = []
        self._expected: list[re.Pattern] = []
        self._tolerated: list[re.Pattern] = []  # may happen, need not
        if allow_missing_favicon:
            self._tolerated.append(re.compile(FAVICON_OF_TEST_PAGES))
        self.expect(*expected)

    def expect(self, *patterns: str) -> None:
        """Problems matching any of `patterns` are expected (each must occur at least once)."""
        self._expected.extend(re.compile(pattern) for pattern in patterns)

    def tolerate(self, *patterns: str) -> None:
        """Problems matching `patterns` may occur and need not (a fixture's known consequence,
        e.g. the offline static server refusing the page's WebSocket)."""
        self._tolerated.extend(re.compile(pattern) for pattern in patterns)

    def _record(self, description: str) -> None:
        with self._lock:
            self.problems.append(description)

    def watch_context(self, context) -> None:
        """Every page of `context`, now and later (popups, pages opened by scripts)."""
        for page in context.pages:
            self.watch_page(page)
        context.on("page", self.watch_page)

    def watch_page(self, page) -> None:
        page.on("pageerror", lambda error: self._record(f"pageerror {error}"))
        page.on("console", lambda message: message.type == "error" and self._record(
            f"console.error {message.text} at {message.location.get('url', '?')}"))
        page.on("requestfailed", lambda request: self._record(
            f"requestfailed {request.method} {request.url}: {request.failure}"))
        page.on("response", lambda response: response.status >= 400 and self._record(
            f"response {response.status} {response.request.method} {response.url}"))

    def unexpected(self) -> list[str]:
        with self._lock:
            problems = list(self.problems)
        return [problem for problem in problems
                if not any(pattern.search(problem) for pattern in self._expected + self._tolerated)]

    def unmet(self) -> list[str]:
        with self._lock:
            problems = list(self.problems)
        return [pattern.pattern for pattern in self._expected
                if not any(pattern.search(problem) for problem in problems)]

    def check(self) -> None:
        unexpected, unmet = self.unexpected(), self.unmet()
        lines = []
        if unexpected:
            lines.append("problems in the page (declare expected ones with "
                         "@pytest.mark.page_errors(regex, ...)):")
            lines += [f"  {problem}" for problem in unexpected]
        if unmet:
            lines.append("declared with page_errors but never seen:")
            lines += [f"  {pattern}" for pattern in unmet]
        if lines:
            raise AssertionError("\n".join(lines))


class GuardedBrowser:
    """The session's chromium seen through one test: contexts and pages it opens are watched by
    the test's guard and closed when the test ends. Everything else is the real Browser's."""

    def __init__(self, browser, guard: PageGuard):
        self._browser = browser
        self._guard = guard
        self._contexts = []

    def new_context(self, *args, **kwargs):
        context = self._browser.new_context(*args, **kwargs)
        self._guard.watch_context(context)
        self._contexts.append(context)
        return context

    def new_page(self, *args, **kwargs):
        """Like Browser.new_page: a page in a context of its own (watched, closed at the end)."""
        return self.new_context(*args, **kwargs).new_page()

    def close_all(self) -> None:
        for context in self._contexts:
            try:
                context.close()
            except Exception:  # already closed by the test
                pass

    def __getattr__(self, name):
        return getattr(self._browser, name)
