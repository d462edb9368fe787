"""The page's insert/remove benchmark: N tags laid out in a 700 px box, then `count` tags
inserted one per animation frame (spread over the cloud) and removed again one per frame,
`<glass-tag-cloud>` beside its peer, plain CSS glass chips, in one headless Chromium run.

    PYTHONPATH=Tests/python python3 bench/py/page_churn.py [--base 100 1000] [--count 20] [--settle 40] [--repeats 3]

The subjects and the page are the drag's (bench/js/drag.html, drag.mjs: the element gets its tags
through its `tags` property; the chips are `<button>`s in a `display: flex; flex-wrap: wrap;
gap: 10px` box with `backdrop-filter: blur(12px) saturate(180%)`, a tint and a 1 px rim); the
changes are bench/js/churn.mjs's. The element shows each change with its motion: the inserted
capsule grows in (the removed one shrinks away) on the core's spring, about half a second, and
every frame of it lays the whole flow out. A third subject, "chips+motion", is the chips showing
each change with the same motion the cheapest way CSS can (FLIP: Web Animations of `translate`,
run by the compositor). After the last change every subject is given `settle` more frames (the
issue's protocol: 20 in, 40 frames, 20 out, 40 frames), and a phase ends only when the subject
is at rest after its last change (the element: no `:state(animating)` and no departing capsule left in its
shadow tree; the chips have no motion and are at rest at once), plus two frames. Measured per
phase (insert, remove), as bench/py/page_runner.py measures the drag:

- main-thread work: ScriptDuration + LayoutDuration + RecalcStyleDuration from DevTools'
  `Performance.getMetrics`, after minus before;
- whole-browser CPU: every thread of this Chromium (bench/py/browser_cpu.py), from /proc, after
  minus before; also per thread kind (per change);
- each of the two per change (÷ `count`: what a page pays for one tag added or removed, its
  motion included) and per frame (÷ `frames`, the animation frames the phase spanned, counted in
  the page: what one frame carries while the tags come and go);
- frame intervals over every frame of the phase: p50, p90, max, dropped (over 25 ms).

Loose spacing only (10 against gap 10: nothing melts). The element and the chips alternate,
`repeats` times each, each in a fresh page; the figures are medians over the repeats. One JSON
line per (subject, phase): {"engine": "page-churn", "subject", "phase", "n", "count", "frames",
...}, with the machine's load averages before and after the run (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import browser_cpu
from page_runner import CHROMIUM, DROPPED_MS, ORIGIN, SUBJECTS, main_thread_seconds, percentile, print_line, serve

SPACING = 10  # loose: the element's merge distance, the chips' gap
# The element, the chips, and the chips showing each change with motion (bench/js/churn.mjs, FLIP):
# the cheapest motion plain CSS draws, to tell what a motion costs from how the element draws it.
CHURN_SUBJECTS = SUBJECTS + ("chips+motion",)
PHASES = ("insert", "remove")


def churn_once(browser, subject: str, base: int, count: int, settle: int = 0) -> dict[str, dict]:
    """One insert and one remove of `count` tags into `base` in a fresh page: per phase, the
    main-thread ms and browser CPU ms per change and per frame, the frames and their intervals."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    out = {}
    try:
        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/bench/js/drag.html")
        page.wait_for_function("window.drag !== undefined && window.churn !== undefined")
        page.evaluate("(a) => window.drag.setup(a[0], a[1], a[2])", [subject.split("+")[0], base, SPACING])
        renderer = browser_cpu.page_renderer(os.getpid(), lambda: page.evaluate(browser_cpu.MARK))
        session = page.context.new_cdp_session(page)
        session.send("Performance.enable")
        page.evaluate("(a) => window.churn.prepare(a[0], a[1], { motion: a[2] })", [base, count, subject.endswith("+motion")])
        for phase, shown in (("insert", base + count), ("remove", base)):
            before = main_thread_seconds(session)
            cpu_before = browser_cpu.snapshot(os.getpid(), renderer)
            intervals = page.evaluate(f"(settle) => window.churn.{phase}(settle)", settle)
            cpu = browser_cpu.spent(cpu_before, browser_cpu.snapshot(os.getpid(), renderer))
            after = main_thread_seconds(session)
            page.evaluate("(n) => window.churn.check(n)", shown)
            frames = len(intervals)
            main_ms, cpu_ms = (after - before) * 1000, cpu.total() / 1e6
            out[phase] = {
                "frames": frames,
                "ms_per_change": main_ms / count,
                "ms_per_frame": main_ms / frames,
                "browser_cpu_ms_per_change": cpu_ms / count,
                "browser_cpu_ms_per_frame": cpu_ms / frames,
                "cpu_by_kind": {kind: ns / 1e6 / count for kind, ns in cpu.by_kind().items()},
                "interval_p50": percentile(intervals, 0.5),
                "interval_p90": percentile(intervals, 0.9),
                "interval_max": max(intervals),
                "dropped_frames": sum(1 for interval in intervals if interval > DROPPED_MS),
            }
        if errors:
            raise RuntimeError(f"page errors ({subject}, {base} + {count}): {errors[:3]}")
    finally:
        page.close()
    return out


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=int, nargs="+", default=[100, 1000], help="tags laid out before the changes")
    parser.add_argument("--count", type=int, default=20, help="tags inserted, then removed")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--settle", type=int, default=40,
                        help="frames every subject is given after its last change before the phase may end "
                             "(the phase still lasts until the element is at rest)")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for base in args.base:
                runs: dict[str, list[dict]] = {subject: [] for subject in CHURN_SUBJECTS}
                started = time.perf_counter()
                load_before = [round(value, 2) for value in os.getloadavg()]
                for _ in range(args.repeats):
                    for subject in CHURN_SUBJECTS:
                        runs[subject].append(churn_once(browser, subject, base, args.count, args.settle))
                load_after = [round(value, 2) for value in os.getloadavg()]
                for subject in CHURN_SUBJECTS:
                    for phase in PHASES:
                        phase_runs = [run[phase] for run in runs[subject]]
                        line = {"engine": "page-churn", "subject": subject, "phase": phase, "n": base,
                                "count": args.count, "settle": args.settle, "spacing": SPACING, "repeats": len(phase_runs),
                                "browser": browser.version, "load_before": load_before, "load_after": load_after}
                        print_line(line, phase_runs)
                print(f"page_churn: {base} + {args.count}: {time.perf_counter() - started:.1f} s",
                      file=sys.stderr, flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
