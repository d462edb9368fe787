"""Benchmark (not a test): where a drag's frames go, by trace event. The issue-12 drag
(bench/py/glass_drag.py: N tags in a 700 px box narrowed 3 px per frame for 120 frames) under
Chromium's tracing; each event's self time (its thread time where the trace has it, less its
children's) summed per thread and event name, per frame, largest first. What /proc's per-thread
CPU (bench/py/optics_steps.py) cannot say: which step of Chromium's pipeline a thread spent it in.

    PYTHONPATH=Tests/python .venv/bin/python bench/py/page_trace.py --tags 100 \
        [--kinds loose,melting,chips] [--web DIR] [--query lens=off] [--css '...'] [--top 22]

`--kinds` are bench/py/optics_steps.py's variants (loose, melting, chips, loose-no-lens, …);
`--web` serves another copy of web/ (an experiment), `--query` adds to the variant's URL, `--css`
to the styles it adds to the element's shadow root before the drag. Figures in docs/WEB.md, "Where a loose
frame goes beyond the chips".
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path

from playwright.sync_api import sync_playwright

import glass_drag as drag
from optics_steps import VARIANTS
from support.chromium import CHROMIUM
from support.static_files import StaticServer

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "cc", "viz", "gpu", "blink", "v8"]


def self_times(events: list[dict]) -> collections.Counter:
    """Self time (µs) per (thread name, event name) of the complete events: each event's thread
    time (`tdur`, else `dur`) less that of the events nested directly in it on its thread."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    complete = sorted((e for e in events if e.get("ph") == "X" and "dur" in e),
                      key=lambda e: (e["pid"], e["tid"], e["ts"], -e["dur"]))
    open_events: dict[tuple, list] = collections.defaultdict(list)
    totals: collections.Counter = collections.Counter()
    for event in complete:
        thread = (event["pid"], event["tid"])
        stack = open_events[thread]
        while stack and stack[-1][0] + stack[-1][1] <= event["ts"]:
            stack.pop()
        spent = event.get("tdur", event["dur"])
        name = names.get(thread, "?")
        if stack:
            totals[(name, stack[-1][2])] -= spent
        totals[(name, event["name"])] += spent
        stack.append((event["ts"], event["dur"], event["name"]))
    return totals


def traced_drag(browser, server, variant: str, count: int, query: str, css: str) -> collections.Counter:
    subject, spacing, variant_query, variant_css = VARIANTS[variant]
    query = "&".join(part for part in (variant_query, query) if part)
    css = variant_css + css
    page = drag.open_drag_page(browser, server, subject, count, spacing, query, name="trace")
    try:
        if css and subject == "element":
            page.evaluate(drag.ADD_STYLES, css)
        page.wait_for_timeout(600)
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.evaluate(drag.DRAG, drag.FRAMES)
        return self_times(json.loads(browser.stop_tracing())["traceEvents"])
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tags", type=int, default=100)
    parser.add_argument("--kinds", default="loose,chips")
    parser.add_argument("--web", default="", help="a copy of web/ to serve instead of this tree's")
    parser.add_argument("--query", default="")
    parser.add_argument("--css", default="")
    parser.add_argument("--top", type=int, default=22)
    args = parser.parse_args()
    with (StaticServer(directory=Path(args.web).resolve()) if args.web else StaticServer()) as server, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for kind in args.kinds.split(","):
                totals = traced_drag(browser, server, kind, args.tags, args.query, args.css)
                print(f"\n{kind}, {args.tags} tags: self time per frame (ms), largest first")
                for (thread, name), micros in totals.most_common(args.top):
                    print(f"{micros / 1000 / drag.FRAMES:7.3f}  {thread:28s} {name}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
