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

WebKit and Firefox (the engine suite, Tests/python/engines) have no Playwright events; their
pages carry the guard in the page instead: the engine suite serves a copy of web/ whose every
HTML page loads ``IN_PAGE_GUARD`` (``guarded_copy``) as its first script, which records the same
four kinds of problem in the same words (an uncaught error or unhandled rejection as
``pageerror``, ``console.error``, a fetch that fails as ``requestfailed`` or answers >= 400 as
``response``, an element whose resource fails to load, a WebSocket that never opens and a
Content-Security-Policy refusal (``securitypolicyviolation``) as the console errors Chromium
prints), plus, where the engine reports statuses (Resource Timing's
``responseStatus``), every other resource answered >= 400. The engine reads them into the test's
PageGuard before each navigation and at the end of the test (``read_in_page_problems``); a page
of ours without the guard is itself a problem. Mutation check: a ``console.error`` and a
``throw`` in a timer appended to a copy of app.js failed the WebKit and Firefox demo tests with
"console.error" and "pageerror"; before, nothing failed.

Stable API: ``PageGuard(expected=())`` with ``.expect(*patterns) .tolerate(*patterns) .watch_context(ctx)
.watch_page(page) .record(problem) .problems .unexpected() .check()``, ``GuardedBrowser(browser, guard)``,
``watch_playwright_page(page, record)``, ``IN_PAGE_GUARD``, ``BLANK_PAGE_PATH``, ``guarded_copy(web, target)``,
``read_in_page_problems(evaluate)``, ``FAVICON_OF_TEST_PAGES``, marker ``page_errors``.
"""

from __future__ import annotations

import re
import shutil
import threading
from pathlib import Path

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

    def record(self, description: str) -> None:
        """One problem, in the words of `watch_playwright_page` (e.g. "pageerror ...")."""
        with self._lock:
            self.problems.append(description)

    def watch_context(self, context) -> None:
        """Every page of `context`, now and later (popups, pages opened by scripts)."""
        for page in context.pages:
            self.watch_page(page)
        context.on("page", self.watch_page)

    def watch_page(self, page) -> None:
        watch_playwright_page(page, self.record)

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


def watch_playwright_page(page, record) -> None:
    """Every problem on a Playwright page, described in one line, passed to `record`."""
    page.on("pageerror", lambda error: record(f"pageerror {error}"))
    page.on("console", lambda message: message.type == "error" and record(
        f"console.error {message.text} at {message.location.get('url', '?')}"))
    page.on("requestfailed", lambda request: record(
        f"requestfailed {request.method} {request.url}: {request.failure}"))
    page.on("response", lambda response: response.status >= 400 and record(
        f"response {response.status} {response.request.method} {response.url}"))


# The guard in the page, for engines without Playwright's events (a classic script, the first
# of every page of a guarded copy of web/, so it runs before any of the page's own code).
IN_PAGE_GUARD_PATH = "/__page_guard__.js"
# An empty page of the guarded copy: where an engine clears the origin's storage before it loads
# the page under test (loading that page twice would abort the first load's requests).
BLANK_PAGE_PATH = "/__blank__.html"
IN_PAGE_GUARD = r"""(() => {
  'use strict';
  const problems = [];
  const record = (text) => { problems.push(String(text)); };
  Object.defineProperty(window, '__tagcloudPageProblems', { value: problems });
  const describe = (value) => (value && value.stack) ? `${value}\n${value.stack}` : String(value);
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window && target.nodeType === 1) {
      const url = target.currentSrc || target.src || target.href || '';
      record(`requestfailed GET ${url}: <${target.localName}> failed to load`);
      return;
    }
    record(`pageerror ${describe(event.error ?? event.message)} at ${event.filename}:${event.lineno}`);
  }, true);
  addEventListener('unhandledrejection', (event) => record(`pageerror unhandled rejection: ${describe(event.reason)}`));
  // A Content-Security-Policy refusal, in the words of Chromium's console error for it. Not the
  // test driver's own: the Firefox engine tries the page's Function constructor first and
  // falls back where the policy refuses eval (engine_driver.py), and Marionette names the
  // scripts it runs after their Python file.
  addEventListener('securitypolicyviolation', (event) => {
    if (/\.py$/.test(event.sourceFile)) return;
    const what = event.blockedURI && !['inline', 'eval'].includes(event.blockedURI) ? `Loading '${event.blockedURI}'` : `Applying ${event.blockedURI || 'inline'} ${event.effectiveDirective}`;
    record(`console.error ${what} violates the following Content Security Policy directive '${event.violatedDirective}'. The action has been blocked. (securitypolicyviolation at ${event.sourceFile || location.href}:${event.lineNumber})`);
  }, true);
  const consoleError = console.error;
  console.error = function (...args) {
    record(`console.error ${args.map((a) => (a instanceof Error ? describe(a) : String(a))).join(' ')} at ${location.href}`);
    return consoleError.apply(this, args);
  };
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href).href;
    const method = (init && init.method) || (request ? request.method : 'GET');
    return pageFetch.call(this, input, init).then((response) => {
      if (response.status >= 400) record(`response ${response.status} ${method} ${url}`);
      return response;
    }, (error) => {
      record(`requestfailed ${method} ${url}: ${error}`);
      throw error;
    });
  };
  const PageWebSocket = window.WebSocket;
  window.WebSocket = class WebSocket extends PageWebSocket {
    constructor(...args) {
      super(...args);
      let opened = false;
      this.addEventListener('open', () => { opened = true; });
      this.addEventListener('error', () => {
        if (!opened) record(`console.error WebSocket connection to '${this.url}' failed: (never opened)`);
      });
    }
  };
})();
"""

# Reads (and empties) the page's list, with what Resource Timing knows of statuses >= 400 (where
# the engine reports them); null on a page without the guard. Through `wrappedJSObject` where the
# engine runs the reader outside the page's realm (Firefox under a CSP that refuses eval).
READ_IN_PAGE_PROBLEMS = """() => {
  const page = window.wrappedJSObject ?? window;
  const problems = page.__tagcloudPageProblems;
  const url = String(location.href);
  if (!problems) return JSON.stringify({ guarded: false, url });
  const seen = [...problems];
  problems.length = 0;
  const statuses = performance.getEntriesByType('resource')
    .filter((entry) => entry.responseStatus >= 400)
    .map((entry) => `response ${entry.responseStatus} GET ${entry.name}`);
  performance.clearResourceTimings();
  return JSON.stringify({ guarded: true, url, problems: [...seen, ...statuses.filter((s) => !seen.includes(s))] });
}"""


def read_in_page_problems(evaluate) -> list[str]:
    """The problems the page's guard recorded since the last read (`evaluate(function_source)`
    runs a JS function in the page and returns its JSON value). A page of ours (http:) without
    the guard is a problem itself: its problems would go unseen."""
    import json

    state = json.loads(evaluate(READ_IN_PAGE_PROBLEMS))
    if not state["guarded"]:
        if state["url"].startswith(("http:", "https:")):
            return [f"no page guard in {state['url']} (serve pages from a guarded_copy of web/)"]
        return []
    return state["problems"]


def guarded_copy(web: Path, target: Path) -> Path:
    """A copy of the folder `web` (to serve in its place) whose every HTML page loads
    IN_PAGE_GUARD first (at IN_PAGE_GUARD_PATH, a same-origin script, so a page's Content
    Security Policy allows it). A rewritten page loses its precompressed `.gz` variant, which
    would be served instead of it."""
    shutil.copytree(web, target, dirs_exist_ok=True)
    (target / IN_PAGE_GUARD_PATH.lstrip("/")).write_text(IN_PAGE_GUARD)
    (target / BLANK_PAGE_PATH.lstrip("/")).write_text(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>blank</title></head><body></body></html>")
    tag = f'<script src="{IN_PAGE_GUARD_PATH}"></script>'
    for page in target.rglob("*.html"):
        text = page.read_text()
        marker = re.search(r"<meta charset=[^>]*>", text, re.IGNORECASE) or re.search(r"<head[^>]*>", text, re.IGNORECASE)
        assert marker, f"{page}: no <meta charset> or <head> to put the page guard after"
        page.write_text(text[: marker.end()] + tag + text[marker.end():])
        page.with_name(page.name + ".gz").unlink(missing_ok=True)
    return target


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
        """Closes every context the test opened (again: none)."""
        contexts, self._contexts = self._contexts, []
        for context in contexts:
            try:
                context.close()
            except Exception:  # already closed by the test
                pass

    def __getattr__(self, name):
        return getattr(self._browser, name)
