"""One wait for "the cloud is placed", for every suite and every way of driving a page: a
Playwright page (browser, element suites, scripts, benchmarks) or an engine of the engine suite
(engine_driver.Engine: Chromium, WebKit, Firefox).

Placed means: every `<glass-tag-cloud>` (or the one `selector` names) is drawn from one of
`sources` (the Wasm core in the page, the server's frames; never CSS alone), no spacing animation
runs and no CSS transition of its shadow root either; on the demo page, the page says it is wired
(`data-ready`). A page whose cloud is a plain `[data-tag-cloud]` container counts when it is
marked placed. Then a few animation frames more, so that a resize seen by a ResizeObserver (one
frame) has been laid out (the next).

    wait_placed(page)                       # Playwright
    wait_placed(engine, "#second", timeout=30)
"""

from __future__ import annotations

PLACED = """({ selector, sources }) => {
  const isAnimating = (host) => {
    for (const state of [':state(animating)', ':--animating']) {
      try { return host.matches(state); } catch { /* this engine does not know the syntax */ }
    }
    return false;
  };
  // CSS transitions of the capsules (a press's scale springs back) change their rects.
  const settled = (root) => root.getAnimations().every((a) => a.playState !== 'running');
  const ready = document.documentElement.dataset.ready;
  const hosts = selector ? [document.querySelector(selector)] : [...document.querySelectorAll('glass-tag-cloud')];
  if (hosts.length && hosts.every((h) => h && h.shadowRoot)) {
    return (ready === undefined || ready === 'true')
      && hosts.every((h) => sources.includes(h.layoutSource) && !isAnimating(h) && settled(h.shadowRoot));
  }
  const cloud = document.querySelector('[data-tag-cloud]');
  return Boolean(cloud) && ready === 'true' && cloud.classList.contains('is-placed')
    && !cloud.hasAttribute('data-animating') && settled(document);
}"""

FRAMES = """(count) => new Promise((resolve) => {
  const step = (left) => left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
  step(count);
})"""


def settle(target, frames: int = 3) -> None:
    """Waits `frames` animation frames in the page (a Playwright page or an engine: both
    evaluate a function with its argument)."""
    target.evaluate(FRAMES, frames)


def wait_placed(target, selector: str | None = None, *, sources=("wasm", "server"), timeout: float = 20.0,
                frames: int = 3) -> None:
    """Waits (up to `timeout` s) until the cloud(s) of the page are placed (module docstring),
    then `frames` animation frames."""
    argument = {"selector": selector, "sources": list(sources)}
    if hasattr(target, "wait_for_function"):  # Playwright
        target.wait_for_function(PLACED, arg=argument, timeout=timeout * 1000)
    else:
        target.wait_for(PLACED, argument, timeout=timeout, what="the cloud placed by the core")
    settle(target, frames)
