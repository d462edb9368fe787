"""The page benchmark: `<glass-tag-cloud>` dragged narrower beside its peer, plain CSS glass
chips, in one headless Chromium run (Playwright, Debian's /usr/bin/chromium).

    python3 bench/py/page_runner.py [--counts 10 100 1000] [--frames 120] [--repeats 3]

For each tag count N and each mode, loose (element spacing 10 = its merge distance, so nothing
melts; chips gap 10) and melting (spacing 3 against gap 3: every neighbour melts), each subject
(bench/js/drag.mjs) is set up in a fresh page in a 700 px box, warmed up by a short drag, then
the box is narrowed 3 px per animation frame for `frames` frames. Measured over the drag:

- main-thread work per frame: ScriptDuration + LayoutDuration + RecalcStyleDuration from
  DevTools' `Performance.getMetrics`, after minus before, divided by the frames;
- whole-browser CPU per frame: every thread of every process of this Chromium (the harness's
  descendants, bench/py/browser_cpu.py), from /proc, after minus before, divided by the frames;
  also per thread kind (renderer main, compositor, viz/GPU, raster/SwiftShader, other);
- frame intervals (requestAnimationFrame to requestAnimationFrame): p50, p90, max, and the
  number of dropped frames (intervals over 1.5 × 16.7 ms).

The element and the chips alternate, `repeats` times each (a shared machine's noise falls on
both alike; fewer when one cell has already taken `--cell-budget-s`, at least once each); the
figures are medians over the repeats. One JSON line per (subject, mode, N):
{"engine": "page", "subject", "mode", "n", "ms_per_frame", ...}. Pages are served from a
made-up origin by Playwright's request routing: nothing listens on a port.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import os
import statistics
import sys
import time

import browser_cpu

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORIGIN = "https://page-bench.invalid"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FRAME_MS = 1000 / 60
DROPPED_MS = 1.5 * FRAME_MS
MODES = {"loose": 10, "melting": 3}  # spacing (element) = gap (chips), px
SUBJECTS = ("element", "chips")
STEP_PX = 3
WARM_UP_FRAMES = 10


def serve(route) -> None:
    path = route.request.url[len(ORIGIN):].split("?")[0]
    file = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
    allowed = file.startswith((os.path.join(ROOT, "web") + os.sep, os.path.join(ROOT, "bench", "js") + os.sep))
    if not allowed or not os.path.isfile(file):
        route.fulfill(status=404, body="not found")
        return
    kind = "application/wasm" if file.endswith(".wasm") else None
    kind = kind or ("text/javascript" if file.endswith((".mjs", ".js")) else None)
    kind = kind or mimetypes.guess_type(file)[0] or "application/octet-stream"
    with open(file, "rb") as handle:
        route.fulfill(status=200, body=handle.read(), headers={"Content-Type": kind, "Cache-Control": "no-store"})


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def main_thread_seconds(session) -> float:
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return metrics["ScriptDuration"] + metrics["LayoutDuration"] + metrics["RecalcStyleDuration"]


def drag_once(browser, subject: str, count: int, spacing: float, frames: int) -> dict:
    """One drag of one subject in a fresh page: main-thread ms per frame and frame intervals."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    try:
        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/bench/js/drag.html")
        page.wait_for_function("window.drag !== undefined")
        page.evaluate("(a) => window.drag.setup(a[0], a[1], a[2])", [subject, count, spacing])
        page.evaluate("(a) => window.drag.run(a[0], a[1])", [WARM_UP_FRAMES, STEP_PX])
        renderer = browser_cpu.page_renderer(os.getpid(), lambda: page.evaluate(browser_cpu.MARK))
        session = page.context.new_cdp_session(page)
        session.send("Performance.enable")
        before = main_thread_seconds(session)
        cpu_before = browser_cpu.snapshot(os.getpid(), renderer)
        intervals = page.evaluate("(a) => window.drag.run(a[0], a[1])", [frames, STEP_PX])
        cpu = browser_cpu.spent(cpu_before, browser_cpu.snapshot(os.getpid(), renderer))
        after = main_thread_seconds(session)
        if errors:
            raise RuntimeError(f"page errors ({subject}, {count}): {errors[:3]}")
    finally:
        page.close()
    return {
        "ms_per_frame": (after - before) * 1000 / frames,
        "interval_p50": percentile(intervals, 0.5),
        "interval_p90": percentile(intervals, 0.9),
        "interval_max": max(intervals),
        "dropped_frames": sum(1 for interval in intervals if interval > DROPPED_MS),
        "browser_cpu_ms_per_frame": cpu.total() / 1e6 / frames,
        "cpu_by_kind": {kind: ns / 1e6 / frames for kind, ns in cpu.by_kind().items()},
        "cpu_top_threads": {name: round(ns / 1e6 / frames, 3) for name, ns in
                            sorted(cpu.by_name().items(), key=lambda item: -item[1])[:8]},
    }


def medians(runs: list[dict]) -> dict:
    """The median of each figure over the runs; per thread kind for the CPU breakdown."""
    out = {key: statistics.median(run[key] for run in runs) for key in runs[0]
           if isinstance(runs[0][key], (int, float))}
    out["cpu_by_kind"] = {kind: statistics.median(run["cpu_by_kind"][kind] for run in runs)
                          for kind in runs[0]["cpu_by_kind"]}
    return out


def print_line(line: dict, runs: list[dict]) -> None:
    """One JSON line of results: `line`'s keys, the medians over `runs`, and the runs themselves."""
    line.update(medians(runs))
    line["runs"] = runs
    print(json.dumps(line), flush=True)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES))
    parser.add_argument("--cell-budget-s", type=float, default=90.0,
                        help="no further repeats of a (count, mode) cell once it took this long")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for count in args.counts:
                for mode in args.modes:
                    spacing = MODES[mode]
                    runs: dict[str, list[dict]] = {subject: [] for subject in SUBJECTS}
                    started = time.perf_counter()
                    for _ in range(args.repeats):
                        for subject in SUBJECTS:
                            runs[subject].append(drag_once(browser, subject, count, spacing, args.frames))
                        if time.perf_counter() - started > args.cell_budget_s:
                            break
                    for subject in SUBJECTS:
                        line = {"engine": "page", "subject": subject, "mode": mode, "n": count,
                                "spacing": spacing, "frames": args.frames, "repeats": len(runs[subject]),
                                "step_px": STEP_PX, "browser": browser.version}
                        print_line(line, runs[subject])
                    print(f"page_runner: n={count} {mode}: {time.perf_counter() - started:.1f} s",
                          file=sys.stderr, flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
