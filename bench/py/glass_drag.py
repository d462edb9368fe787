"""Benchmark (not a test): the issue-12 drag. A <glass-tag-cloud> with N tags (the `tags`
property) in a 700 px box narrowed 3 px per animation frame for 120 frames, beside the peer a web
developer writes instead (N plain flex-wrap <button> chips, each with `backdrop-filter: blur(12px)
saturate(180%)`, a tint and a 1 px rim), and the floor of the other glass candidate (an SVG whose
N capsule <rect>s are moved in place every frame, nothing else). Headless Debian chromium.

Main-thread work per frame: CDP Performance.getMetrics, ScriptDuration + LayoutDuration +
RecalcStyleDuration, difference over the drag divided by the frames. Frame intervals: the rAF
timestamps' differences (p50 / p90 / max).

    PYTHONPATH=Tests/python .venv/bin/python bench/py/glass_drag.py [--tags 10,100,1000] [--runs 3]
        [--query glass=2d]      # the element with its Canvas 2D fallback instead of WebGL2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics

from playwright.sync_api import sync_playwright

import browser_cpu

from support.chromium import CHROMIUM
from support.demo_page import DEMO_TAGS
from support.placement import wait_placed
from support.static_files import StaticServer  # the browser suite's static host

FRAMES = 120
WORDS = ("Swift Layout Glass Motion Charts Metal Widgets Maps Health Music Photos Camera Notes Files "
         "Weather Books Games Fitness Travel Design Audio Video Data Cloud Sensors Privacy Widgets "
         "Vision Spatial Keyboard Accessibility Localization Performance Networking Security").split()


def make_tags(count: int) -> list[dict]:
    rng = random.Random(12)
    return [
        {"id": f"t{i}", "title": " ".join(rng.choice(WORDS) for _ in range(rng.choice((1, 1, 2)))),
         "tint": DEMO_TAGS[i % len(DEMO_TAGS)][1], "selected": i % 7 == 0}
        for i in range(count)
    ]


PAGE_HEAD = "<!doctype html><meta charset=utf-8><body style='margin:0;background:linear-gradient(135deg,#5856d6,#000) fixed;color:#fff;font-family:sans-serif'>"

DRAG = """(frames) => new Promise((resolve) => {
  const box = document.querySelector('#box');
  const times = [];
  let i = 0;
  const step = (t) => {
    times.push(t);
    box.style.width = (700 - 3 * i) + 'px';
    if (++i <= frames) requestAnimationFrame(step); else resolve(times);
  };
  requestAnimationFrame(step);
})"""


def page_for(kind: str, count: int, spacing: float, attributes: str = "") -> str:
    if kind == "element":
        return (PAGE_HEAD + "<script type=module src='/src/element/glass-tag-cloud.js'></script>"
                f"<div id=box style='width:700px'><glass-tag-cloud spacing='{spacing}' {attributes}></glass-tag-cloud></div>")
    if kind == "chips":
        chips = "".join(
            f"<button class=chip style='--tint:{t['tint']}'>{t['title']}</button>" for t in make_tags(count))
        style = ("<style>#box{display:flex;flex-wrap:wrap;gap:10px}.chip{border:0;border-radius:999px;padding:10px 16px;"
                 "font:600 15px/20px sans-serif;color:#fff;background:color-mix(in srgb,var(--tint) 30%,transparent);"
                 "backdrop-filter:blur(12px) saturate(180%);box-shadow:inset 0 0 0 1px rgb(255 255 255/.45)}</style>")
        return PAGE_HEAD + style + f"<div id=box style='width:700px'>{chips}</div>"
    # svg: the floor of "an SVG updated in place": N capsules moved by attribute writes each frame.
    return PAGE_HEAD + f"""<div id=box style='width:700px'><svg id=s width=700 height=8000></svg></div><script>
      const svg = document.getElementById('s'); const rects = [];
      for (let i = 0; i < {count}; i++) {{ const r = document.createElementNS('http://www.w3.org/2000/svg','rect');
        r.setAttribute('width', 90); r.setAttribute('height', 40); r.setAttribute('rx', 20);
        r.setAttribute('fill', 'rgb(255 255 255 / .2)'); r.setAttribute('stroke', 'white'); svg.append(r); rects.push(r); }}
      new ResizeObserver(([e]) => {{ const w = e.contentRect.width; let x = 0, y = 0;
        for (const r of rects) {{ if (x > 0 && x + 90 > w) {{ x = 0; y += 43; }}
          r.setAttribute('x', x); r.setAttribute('y', y); x += 93; }} }}).observe(document.getElementById('box'));
    </script>"""


def open_drag_page(browser, server, kind: str, count: int, spacing: float, query: str, name: str = "bench",
                   attributes: str = ""):
    """A new page with `kind`'s cloud of `count` tags at 700 px, laid out (the element by its
    Wasm core) and ready for DRAG; the caller closes it."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    try:
        url = f"{server.url}__element__/{name}-{kind}.html" + (f"?{query}" if query else "")
        html = page_for(kind, count, spacing, attributes)
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(url)
        if kind == "element":
            page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", make_tags(count))
            wait_placed(page, sources=("wasm",), timeout=30)
    except BaseException:
        page.close()
        raise
    return page


ADD_STYLES = """(css) => { const root = document.querySelector('glass-tag-cloud').shadowRoot;
  const sheet = new CSSStyleSheet(); sheet.replaceSync(css); root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]; }"""


def drag_with_browser_cpu(page, css: str | None = None):
    """The drag on an open page (with `css` added to the element's shadow root first), and the
    CPU every thread of this Chromium spent on it (browser_cpu.py): (frame times, spent)."""
    if css:
        page.evaluate(ADD_STYLES, css)
    page.wait_for_timeout(300)
    renderer = browser_cpu.page_renderer(os.getpid(), lambda: page.evaluate(browser_cpu.MARK))
    before = browser_cpu.snapshot(os.getpid(), renderer)
    times = page.evaluate(DRAG, FRAMES)
    return times, browser_cpu.spent(before, browser_cpu.snapshot(os.getpid(), renderer))


def frame_gaps(times: list[float]) -> list[float]:
    """The intervals between the drag's animation frames (ms), in ascending order."""
    return sorted(b - a for a, b in zip(times, times[1:]))


def measure(browser, server, kind: str, count: int, spacing: float, query: str) -> dict:
    page = open_drag_page(browser, server, kind, count, spacing, query)
    try:
        page.wait_for_timeout(300)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        def busy() -> float:
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            return (metrics["ScriptDuration"] + metrics["LayoutDuration"] + metrics["RecalcStyleDuration"]) * 1000

        before = busy()
        times = page.evaluate(DRAG, FRAMES)
        work = (busy() - before) / FRAMES
        gaps = frame_gaps(times)
        glass = page.evaluate("() => document.querySelector('glass-tag-cloud')?.shadowRoot?.querySelector('.cloud')?.dataset.glass ?? ''")
        return {"ms": work, "p50": statistics.median(gaps), "p90": gaps[int(len(gaps) * 0.9)], "max": gaps[-1], "glass": glass}
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tags", default="10,100,1000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--query", default="")
    parser.add_argument("--kinds", default="element,chips")
    args = parser.parse_args()
    rows = []
    with StaticServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for count in (int(n) for n in args.tags.split(",")):
                for kind, spacing, label in [("element", 10, "loose"), ("element", 3, "melting"), ("chips", 10, "chips"), ("svg", 10, "svg-in-place")]:
                    if kind not in args.kinds.split(","):
                        continue
                    runs = [measure(browser, server, kind, count, spacing, args.query) for _ in range(args.runs)]
                    best = min(runs, key=lambda r: r["ms"])  # the least disturbed run (shared machine)
                    med = {key: statistics.median(r[key] for r in runs) for key in ("ms", "p50", "p90", "max")}
                    rows.append({"tags": count, "page": label, **{k: round(v, 2) for k, v in med.items()}, "best_ms": round(best["ms"], 2), "glass": best["glass"]})
                    print(json.dumps(rows[-1]), flush=True)
        finally:
            browser.close()
    chips = {row["tags"]: row["ms"] for row in rows if row["page"] == "chips"}
    print("\n| tags | page | main-thread ms/frame (median of runs) | ratio to chips | frame interval p50 / p90 / max |")
    print("|---:|---|---:|---:|---|")
    for row in rows:
        ratio = f"{row['ms'] / chips[row['tags']]:.2f}x" if row["tags"] in chips and chips[row["tags"]] else "-"
        print(f"| {row['tags']} | {row['page']} | {row['ms']:.2f} | {ratio} | {row['p50']:.1f} / {row['p90']:.1f} / {row['max']:.1f} ms |")


if __name__ == "__main__":
    main()
