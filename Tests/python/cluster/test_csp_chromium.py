"""The Content-Security-Policy holds in Chromium (Debian's, headless): the demo and the examples,
served by an instance directly and through nginx (instances started with deploy/tagcloud.service's
flags), run with no CSP violation (no `securitypolicyviolation` event, no console message about
the policy) and no error (no console.error, uncaught error or failed request), and they really
run: the demo goes live over its WebSocket, the element example too, the embed example and the tag
input lay out with the Wasm core. A canary proves the policy is enforced and the listener hears it:
an inline script the policy does not list is blocked and reported.

Broken once to watch it fail: without 'wasm-unsafe-eval' in ContentSecurityPolicy the pages
report a script-src violation at WebAssembly.compile; without the inline hashes the examples
report their inline <script> and <style>."""

from pathlib import Path

import pytest

from support.chromium import CHROMIUM, shared_chromium

LISTEN = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""

# Predicates as functions, not expression strings: Playwright turns a string into a function in
# the page with `new Function`, which the policy (rightly) refuses as eval.
PAGES = {
    "/": "() => document.querySelector('[data-status]')?.dataset.status === 'live'",
    "/examples/element.html":
        "() => document.querySelector('#live-note')?.dataset.status === 'live'",
    "/examples/embed.html": "() => document.querySelector('.cloud')?.style.height.endsWith('px')",
    "/examples/tag-input.html": "() => document.querySelector('#tags')?.layoutSource === 'wasm'",
}


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run 'bash scripts/install-deps.sh'")
    with shared_chromium(CHROMIUM) as running:
        yield running


@pytest.mark.parametrize("target", ["direct", "nginx"])
@pytest.mark.parametrize("page_path", sorted(PAGES))
def test_pages_run_under_their_policy_without_a_violation(tls_cluster, browser, target,
                                                          page_path):
    port = tls_cluster.ports[2] if target == "direct" else tls_cluster.http_port
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(LISTEN)
        console, page_errors = [], []
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        page.on("requestfailed", lambda request: page_errors.append(
            f"requestfailed {request.url} {request.failure}"))
        response = page.goto(f"http://127.0.0.1:{port}{page_path}", wait_until="load")
        assert response.status == 200
        assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
        page.wait_for_function(PAGES[page_path], timeout=15000)
        page.wait_for_timeout(300)  # late module loads and fetches, if any
        violations = page.evaluate("() => window.__violations")
        policy_messages = [line for line in console if "Content Security Policy" in line]
        assert violations == [] and policy_messages == [], (violations, policy_messages)
        # No error at all before the canary: no console.error, no uncaught error, no failed
        # request (the instances run the systemd unit's flags, --workers auto included).
        errors = [line for line in console if line.startswith("error:")]
        assert errors == [] and page_errors == [], (errors, page_errors)
        # The canary: the policy is enforced and the listener hears it.
        # (An inline script the policy does not list; DevTools' own evaluation is exempt.)
        page.evaluate("""() => {
          const script = document.createElement('script');
          script.textContent = 'window.__canaryRan = true;';
          document.head.append(script);
        }""")
        page.wait_for_function("() => window.__violations.length > 0", timeout=5000)
        assert page.evaluate("() => window.__canaryRan") is None
        assert page.evaluate("() => window.__violations")[0].startswith("script-src")
    finally:
        context.close()
