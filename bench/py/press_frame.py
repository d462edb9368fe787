"""Benchmark (not a test): what a press's frame costs with the light it spreads and without. Two
copies of web/ are served side by side (BEFORE, e.g. a copy with press-light.js's `spread`
returning nothing, and AFTER), each page a `<glass-tag-cloud>` of 1,000 tags in a 1,200 px
box, loose (18) and tight (3). Per press (pointer down on one capsule, already hovered), the
longest `CloudView.writeFrame` in the 200 ms after it and the longest `PressState.write` of
them, wall clock; the two folders take turns round by round. With `--trace`, instead, each
press is traced (Chromium's devtools.timeline): the renderer's thread time in style
recalculation (`UpdateLayoutTree`, and the elements it restyled) and layout in the 250 ms
after the pointer went down, which a loaded machine inflates far less than the wall clock.
Figures in docs/WEB.md ("Light that spreads").

    PYTHONPATH=Tests/python .venv/bin/python bench/py/press_frame.py BEFORE AFTER [ROUNDS] [--trace]
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading

from playwright.sync_api import sync_playwright

from support.chromium import CHROMIUM

PAGE = """<!doctype html><meta charset=utf-8><script type=module src=/src/element/glass-tag-cloud.js></script>
<body style='margin: 0; background: #000'><div style='width: 1200px'><glass-tag-cloud spacing='{spacing}'></glass-tag-cloud></div>"""
WORDS = ["Swift", "Layout", "Glass", "Motion", "Charts", "Metal", "Widgets", "Maps"]
TAGS = [{"id": f"t{i}", "title": WORDS[i % 8] + ("" if i % 3 else " " + WORDS[(i * 5) % 8]), "tint": "#404040"}
        for i in range(1000)]
PRESSES = 8

# Wraps the writer and the press's write: window.__frames and window.__presses get their times.
WRAP = """async () => {
  const { CloudView } = await import('/src/view/cloud-view.js');
  const { PressState } = await import('/src/view/press-state.js');
  const timed = (proto, name, into) => {
    const original = proto[name];
    window[into] = [];
    proto[name] = function (...args) {
      const start = performance.now();
      try { return original.apply(this, args); } finally { window[into].push(performance.now() - start); }
    };
  };
  timed(CloudView.prototype, 'writeFrame', '__frames');
  timed(PressState.prototype, 'write', '__presses');
}"""


def serve(folder: str) -> str:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.func.log_message = lambda *args: None
    handler.func.extensions_map = {**handler.func.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"


class Trace:
    """Chromium's devtools.timeline over one press: style and layout thread time."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.events: list[dict] = []
        self.done = threading.Event()
        self.cdp.on("Tracing.dataCollected", lambda event: self.events.extend(event["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda event: self.done.set())

    def start(self) -> None:
        self.events.clear()
        self.done.clear()
        self.cdp.send("Tracing.start", {"categories": "devtools.timeline", "transferMode": "ReportEvents"})

    def stop(self, page) -> tuple[float, float]:
        """Style and layout thread time (ms) since `start`, and the elements restyled."""
        self.cdp.send("Tracing.end")
        while not self.done.is_set():
            page.wait_for_timeout(20)
        spent = {"UpdateLayoutTree": 0.0, "Layout": 0.0}
        restyled = 0
        for event in self.events:
            if event.get("ph") == "X" and event["name"] in spent:
                spent[event["name"]] += event.get("tdur", 0) / 1000
                restyled += event.get("args", {}).get("elementCount", 0)
        return spent["UpdateLayoutTree"], spent["Layout"], restyled


def presses(browser, origin: str, spacing: int, trace: bool = False) -> list[tuple]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.route(origin + "press.html", lambda route: route.fulfill(
        status=200, content_type="text/html", body=PAGE.format(spacing=spacing)))
    page.goto(origin + "press.html")
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", TAGS)
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').layoutSource === 'wasm'")
    page.wait_for_timeout(1500)
    page.evaluate(WRAP)
    tracer = Trace(page) if trace else None
    out = []
    for k in range(PRESSES):
        x, y = page.evaluate(
            """(id) => { const r = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`)
                         .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""", f"t{40 + 3 * k}")
        page.mouse.move(x, y)
        page.wait_for_timeout(150)
        page.evaluate("() => { window.__frames.length = 0; window.__presses.length = 0; }")
        if tracer:
            tracer.start()
        page.mouse.down()
        page.wait_for_timeout(250 if tracer else 200)
        if tracer:
            out.append(tracer.stop(page))
        else:
            frames, writes = page.evaluate("() => [window.__frames, window.__presses]")
            out.append((max(frames or [0]), max(writes or [0])))
        page.mouse.up()
        page.wait_for_timeout(700)
    page.close()
    return out


def main() -> None:
    trace = "--trace" in sys.argv
    args = [arg for arg in sys.argv[1:] if arg != "--trace"]
    before, after = args[:2]
    rounds = int(args[2]) if len(args) > 2 else 3
    origins = {"before": serve(before), "after": serve(after)}
    results = {(name, spacing): [] for name in origins for spacing in (18, 3)}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for round_ in range(rounds):
            for spacing in (18, 3):
                for name in ("before", "after") if round_ % 2 == 0 else ("after", "before"):
                    results[(name, spacing)] += presses(browser, origins[name], spacing, trace)
        browser.close()
    for (name, spacing), samples in results.items():
        if trace:
            style, layout, restyled = (statistics.median(column) for column in zip(*samples))
            print(f"{name:6} spacing {spacing:2}: style {style:.2f} ms ({restyled:.0f} elements), layout "
                  f"{layout:.2f} ms (thread time, medians), n={len(samples)}")
            continue
        frames = [frame for frame, _ in samples]
        writes = [write for _, write in samples]
        quartiles = statistics.quantiles(frames)
        print(f"{name:6} spacing {spacing:2}: press frame median {statistics.median(frames):.2f} ms "
              f"(quartiles {quartiles[0]:.2f}-{quartiles[2]:.2f}), PressState.write median "
              f"{statistics.median(writes):.2f} ms, n={len(samples)}")


if __name__ == "__main__":
    main()
