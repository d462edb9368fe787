"""Where a drag's frames go beyond the main thread: CPU time per thread of every Chromium process
(renderer main thread, its compositor, the GPU process's viz compositor and SwiftShader's worker
threads, ...) over the issue-12 drag, beside its frame intervals. Not a test, not part of
`make bench`: the tool behind docs/WEB.md's "The glass in bands".

    PYTHONPATH=Tests/python .venv/bin/python bench/py/page_threads.py [--tags 100] [--kinds loose,melting,chips]
        [--query lens=off] [--css '.glass-layer { display: none }'] [--js 'await …']

The page and the drag are bench/py/glass_drag.py's (a `<glass-tag-cloud>`
with N tags in a 700 px box narrowed 3 px per frame for 120 frames; the chips peer beside it).
`--css` adds a style sheet to the element's shadow root and `--js` runs an async function body in
the page, both after the tags are placed and before the drag: experiments without editing web/.
CPU per thread comes from /proc (bench/py/browser_cpu.py: every thread of the Chromium this
script launched, not any other on the machine), read before and after the drag, divided by the
frames; named by process type and thread name as the kernel knows it (15 characters):
`VizCompositorTh` is viz (it composites in software here), `Thread<00>`, `Thread<01>`
SwiftShader's workers (WebGL rasterised on the CPU), `main` the processes' main threads,
`Compositor` the renderer's compositor thread. `make bench` measures the same per thread kind
(bench/py/page_runner.py).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path


from playwright.sync_api import sync_playwright

import glass_drag as drag
from support.chromium import CHROMIUM
from support.static_files import StaticServer  # the browser suite's static host

KINDS = {"loose": ("element", 10), "melting": ("element", 3), "chips": ("chips", 10)}


def measure(browser, server, kind: str, count: int, spacing: float, args) -> str:
    page = drag.open_drag_page(browser, server, kind, count, spacing, args.query, name="threads")
    try:
        if kind == "element":
            if args.js:
                page.evaluate("async () => {" + args.js + "}")
        times, spent = drag.drag_with_browser_cpu(page, args.css if kind == "element" else None)
    finally:
        page.close()
    gaps = drag.frame_gaps(times)
    per_frame = sorted(((name, ns / 1e6 / drag.FRAMES) for name, ns in spent.by_name().items()),
                       key=lambda item: -item[1])
    busiest = ", ".join(f"{name} {ms:.1f}" for name, ms in per_frame[:6])
    kinds = ", ".join(f"{kind} {ns / 1e6 / drag.FRAMES:.1f}" for kind, ns in spent.by_kind().items())
    return (f"{count} {kind} spacing {spacing}: frames p50 {statistics.median(gaps):.1f} p90 {gaps[int(len(gaps) * 0.9)]:.1f} ms; "
            f"CPU {spent.total() / 1e6 / drag.FRAMES:.1f} ms/frame ({kinds}): {busiest}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tags", type=int, default=100)
    parser.add_argument("--kinds", default="loose,melting,chips")
    parser.add_argument("--query", default="")
    parser.add_argument("--css", default="")
    parser.add_argument("--js", default="")
    args = parser.parse_args()
    with StaticServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for name in args.kinds.split(","):
                kind, spacing = KINDS[name]
                print(measure(browser, server, kind, args.tags, spacing, args), flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
