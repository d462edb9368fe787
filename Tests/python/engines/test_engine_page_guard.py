"""The page guard sees, in every engine, each kind of problem the browser suite's sees in
Chromium: an uncaught error, an unhandled rejection, a console.error, a request answered 404
(a fetch and a stylesheet), a Content-Security-Policy refusal (an inline style under
`style-src 'self'`). The probe page declares every one (page_guard.expect): a kind the
guard misses in an engine fails the test ("declared with page_errors but never seen").

Seen to fail: with WebKit's and Firefox's pages left unread (Engine.collect_problems doing
nothing), every expectation of this test went unmet in those two engines; with the guard's
unhandledrejection listener removed from IN_PAGE_GUARD, only "probe: rejected" went unmet;
without the securitypolicyviolation listener (as before it was added), the refused inline style
went unmet in WebKit and Firefox only."""

from __future__ import annotations

PROBE = """<!doctype html><html lang=en><head><meta charset=utf-8>
<script src="/__page_guard__.js"></script>
<meta http-equiv="Content-Security-Policy" content="style-src 'self'">
<title>page guard probe</title>
<link rel="stylesheet" href="/missing-probe.css">
</head><body><p>probe</p><p style="color: red">refused inline style</p>
<script>
  console.error("probe: console");
  setTimeout(() => { throw new Error("probe: thrown"); }, 0);
  Promise.reject(new Error("probe: rejected"));
  fetch("/missing-probe.json");
</script></body></html>
"""


def test_the_guard_sees_each_kind_of_problem(engine, static_server, guarded_web, page_guard):
    (guarded_web / "guard-probe.html").write_text(PROBE)
    page_guard.expect(r"^console\.error probe: console", r"^pageerror .*probe: thrown",
                      r"^pageerror .*probe: rejected", r"^response 404 GET \S*/missing-probe\.json",
                      r"missing-probe\.css",
                      r"^console\.error .* violates the following Content Security Policy directive 'style-src")
    page_guard.tolerate(r"missing-probe\.(css|json)")  # Chromium also logs each 404 to the console
    engine.open(static_server.url + "guard-probe.html")
    engine.wait_for("() => document.readyState === 'complete'", what="the probe page loaded")
    engine.frames(3)
    engine.evaluate("() => new Promise((done) => setTimeout(done, 200))")
