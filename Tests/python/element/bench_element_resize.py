"""Benchmark (not a test): N <glass-tag-cloud>s of the ten demo tags, their container dragged
1 px per frame for 240 frames, in headless Debian chromium. Prints the median and 95th
percentile frame interval and the script time per frame (Chrome's profiler).

    .venv/bin/python Tests/python/element/bench_element_resize.py [clouds=12] [spacing=18]
"""

from __future__ import annotations

import collections
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "browser"), str(HERE)]

from conftest import CHROMIUM, StaticServer  # noqa: E402  (the browser suite's)
from element_helpers import tag_markup  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

FRAMES = 240


def main(clouds: int, spacing: float) -> None:
    with StaticServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            url = f"{server.url}__element__/bench.html"
            body = "".join(f"<glass-tag-cloud spacing='{spacing}'>{tag_markup()}</glass-tag-cloud>" for _ in range(clouds))
            html = f"<!doctype html><script type=module src='/glass-tag-cloud.js'></script><div id=box style='width:1000px'>{body}</div>"
            page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
            page.goto(url)
            page.wait_for_function("() => [...document.querySelectorAll('glass-tag-cloud')].every((c) => c.layoutSource === 'wasm')")
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.start")
            gaps = page.evaluate(
                """(frames) => new Promise((resolve) => {
                  const box = document.querySelector('#box');
                  const gaps = [];
                  let last = null, i = 0;
                  const step = (t) => {
                    if (last !== null) gaps.push(t - last);
                    last = t;
                    box.style.width = (1000 - i) + 'px';
                    if (++i <= frames) requestAnimationFrame(step); else resolve(gaps);
                  };
                  requestAnimationFrame(step);
                })""",
                FRAMES,
            )
            profile = cdp.send("Profiler.stop")["profile"]
        finally:
            browser.close()
    idle = {"(idle)", "(program)", "(garbage collector)"}
    nodes = {node["id"]: node["callFrame"]["functionName"] for node in profile["nodes"]}
    busy = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        busy[nodes[sample] in idle] += delta
    gaps.sort()
    print(f"{clouds} clouds × 10 tags, spacing {spacing}, {FRAMES} frames of a 1 px drag:")
    print(f"  frame interval median {statistics.median(gaps):.1f} ms, p95 {gaps[int(len(gaps) * 0.95)]:.1f} ms")
    print(f"  script {busy[False] / 1000 / FRAMES:.2f} ms per frame")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12, float(sys.argv[2]) if len(sys.argv) > 2 else 18)
