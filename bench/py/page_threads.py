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
CPU per thread comes from /proc/PID/task/TID/stat (user + system ticks) of every process whose
command line names chromium, read before and after the drag, divided by the frames. Threads are
named as the kernel knows them (15 characters): `VizCompositorTh` is viz (it composites in
software here), `Thread<00>`, `Thread<01>` SwiftShader's workers (WebGL rasterised on the CPU),
`chromium` the processes' main threads, `Compositor` the renderer's compositor thread.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
from pathlib import Path


from playwright.sync_api import sync_playwright

import glass_drag as drag
from support.chromium import CHROMIUM
from support.static_files import StaticServer  # the browser suite's static host

KINDS = {"loose": ("element", 10), "melting": ("element", 3), "chips": ("chips", 10)}


def thread_cpu_ms() -> collections.Counter:
    """CPU ms so far per thread name, summed over every chromium process."""
    out: collections.Counter = collections.Counter()
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if not command or b"chrom" not in command[0]:
                continue
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                stat = Path(f"/proc/{pid}/task/{task}/stat").read_text()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            out[name] += (int(fields[11]) + int(fields[12])) * tick_ms
    return out


def measure(browser, server, kind: str, count: int, spacing: float, args) -> str:
    page = drag.open_drag_page(browser, server, kind, count, spacing, args.query, name="threads")
    try:
        if kind == "element":
            if args.js:
                page.evaluate("async () => {" + args.js + "}")
            if args.css:
                page.evaluate("""(css) => { const root = document.querySelector('glass-tag-cloud').shadowRoot;
                  const sheet = new CSSStyleSheet(); sheet.replaceSync(css); root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]; }""",
                              args.css)
        page.wait_for_timeout(300)
        before = thread_cpu_ms()
        times = page.evaluate(drag.DRAG, drag.FRAMES)
        after = thread_cpu_ms()
    finally:
        page.close()
    gaps = drag.frame_gaps(times)
    spent = collections.Counter({name: (after[name] - before.get(name, 0)) / drag.FRAMES for name in after})
    busiest = ", ".join(f"{name} {ms:.1f}" for name, ms in spent.most_common(6))
    return (f"{count} {kind} spacing {spacing}: frames p50 {statistics.median(gaps):.1f} p90 {gaps[int(len(gaps) * 0.9)]:.1f} ms; "
            f"CPU {sum(spent.values()):.1f} ms/frame: {busiest}")


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
