"""Times Chromium's own flex-wrap reflow of the workload's boxes, and the Wasm core in the same
page, through Playwright driving Debian's Chromium (headless).

    python3 bench/py/chromium_runner.py DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [MAX_CALL_S]

Engines in the output: "chromium" (op "reflow"), "wasm-chromium" (ops "arrange", the loader on
the core's own view; "arrange-copy", the loader on a caller-owned array; "arrange-kernel", the
exported loop alone) and "js-chromium" (op "arrange": the same flow loop in plain JavaScript on
the same Float64Array as the loader's "arrange", its peer). The page (bench/js/page.mjs) runs batches of
calls; each batch is timed by the renderer main thread's CPU time, read from DevTools'
Performance.getMetrics (ThreadTime, thread ticks) before and after, less the cost of an empty
batch, the same clock as the other runners; the ops' batches take turns (measure_together). The page's own performance.now() duration is kept
as the wall-clock figure. Batches last at least 50 ms here, so that the DevTools round trip
(a few hundred microseconds of main-thread time, subtracted) stays small. The page is served
from a made-up origin by Playwright's request routing, so nothing listens on a port.
"""

from __future__ import annotations

import json
import mimetypes
import os
import sys
import time

# Run as a script: bench/py is on the path, so its siblings import by name.
from budget import CallBudget  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORIGIN = "https://bench.invalid"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cache-Control": "no-store",
}


def serve(route, workload_dir: str) -> None:
    path = route.request.url[len(ORIGIN) :].split("?")[0]
    if path.startswith("/workload/"):
        file = os.path.join(workload_dir, os.path.basename(path))
    elif path.startswith(("/bench/js/", "/web/")):
        file = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
    else:
        file = ""
    if not file.startswith((ROOT, os.path.abspath(workload_dir))) or not os.path.isfile(file):
        route.fulfill(status=404, body="not found", headers=HEADERS)
        return
    kind = "application/wasm" if file.endswith(".wasm") else None
    kind = kind or ("text/javascript" if file.endswith(".mjs") else None)
    kind = kind or mimetypes.guess_type(file)[0] or "application/octet-stream"
    with open(file, "rb") as handle:
        route.fulfill(status=200, body=handle.read(), headers={**HEADERS, "Content-Type": kind})


class MainThreadClock:
    """CPU time of the page's main thread, from DevTools (`Performance.getMetrics`)."""

    def __init__(self, page):
        self._session = page.context.new_cdp_session(page)
        self._session.send("Performance.enable", {"timeDomain": "threadTicks"})
        self._page = page
        self.overhead_ns = 0.0
        empties = sorted(self.batch("reflow", 390, 0)[0] for _ in range(9))
        self.overhead_ns = empties[len(empties) // 2]

    def now_ns(self) -> float:
        metrics = self._session.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "ThreadTime") * 1e9

    def batch(self, op: str, width: int, iterations: int) -> tuple[float, float]:
        """(CPU ns, wall ns) of `iterations` calls of `op` in the page."""
        start = self.now_ns()
        wall = self._page.evaluate("(a) => window.bench.run(a[0], a[1], a[2])", [op, width, iterations])
        return max(0.0, self.now_ns() - start - self.overhead_ns), wall


def measure_together(clock: MainThreadClock, ops: list[str], width: int, repeats: int, min_sample_ns: float) -> dict:
    """The harness's method (bench/README.md), with batches timed by `clock`, for several ops at
    once: each op's batch size is found first, then the ops' batches take turns, repeat by
    repeat, so that a slow spell of the machine (or of V8) falls on all of them alike. Measured
    one after the other, the ratio of the loader's `arrange()` to its plain-JavaScript peer at
    1,000 tags (1280 px) was 1.17×, 0.59×, 1.27× and 0.72× in four runs here; taking turns,
    0.72×, 0.77× and 0.73×."""
    iterations = {}
    for op in ops:
        clock.batch(op, width, 1)
        iterations[op] = 1
        while clock.batch(op, width, iterations[op])[0] < min_sample_ns:
            iterations[op] *= 2
    # A round untimed, in turns: V8 has optimised each op (TurboFan for the JavaScript, the
    # tier-up from Liftoff for the Wasm) and finished compiling before the timed rounds.
    for op in ops:
        clock.batch(op, width, iterations[op])
    samples = {op: [] for op in ops}
    walls = {op: [] for op in ops}
    for _ in range(repeats):
        for op in ops:
            cpu, wall = clock.batch(op, width, iterations[op])
            samples[op].append(cpu / iterations[op])
            walls[op].append(wall / iterations[op])
    out = {}
    for op in ops:
        ordered, wall = sorted(samples[op]), sorted(walls[op])
        out[op] = {"median_ns": ordered[len(ordered) // 2], "min_ns": ordered[0], "max_ns": ordered[-1],
                   "wall_median_ns": wall[len(wall) // 2], "samples": repeats, "iterations": iterations[op]}
    return out


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    directory = os.path.abspath(argv[0])
    counts = [int(x) for x in argv[1].split(",")]
    widths = [int(x) for x in argv[2].split(",")]
    repeats = int(argv[3]) if len(argv) > 3 else 7
    min_sample_ns = max(50.0, float(argv[4]) if len(argv) > 4 else 10.0) * 1e6
    budget = CallBudget(float(argv[5]) if len(argv) > 5 else 1.5)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            errors: list[str] = []
            version = browser.version
            for count in counts:
                reason = budget.skip_reason(count)
                if reason:
                    for width in widths:
                        line = {"engine": "chromium", "op": "reflow", "n": count, "width": width}
                        print(json.dumps({**line, "skipped": reason}), flush=True)
                    continue
                # A fresh page per count: V8 optimises the JavaScript peer for the inputs it has
                # seen (bench/README.md, "Clock"), so each count starts from a fresh JIT, as in node.
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.route(f"{ORIGIN}/**", lambda route: serve(route, directory))
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(f"{ORIGIN}/bench/js/page.html")
                page.wait_for_function("window.bench !== undefined")
                page.evaluate("() => window.bench.ready")
                isolated = page.evaluate("() => self.crossOriginIsolated")
                clock = MainThreadClock(page)
                started = time.perf_counter()
                page.evaluate("(n) => window.bench.setup(n)", count)
                build_seconds = time.perf_counter() - started
                batch_repeats = min(3, repeats) if count >= 1_000_000 else repeats
                for width in widths:
                    heights = page.evaluate("(w) => window.bench.heights(w)", width)
                    common = {"n": count, "width": width, "clock": "main-thread CPU",
                              "browser": version, "cross_origin_isolated": isolated,
                              "overhead_ns": clock.overhead_ns}
                    subjects = (("chromium", "reflow", "reflow"),
                                ("wasm-chromium", "arrange-kernel", "kernel"),
                                ("js-chromium", "js-flow", "js"),
                                ("wasm-chromium", "arrange", "arrange"),
                                ("wasm-chromium", "arrange-copy", "arrange-copy"))
                    timings = measure_together(clock, [op for _, op, _ in subjects], width, batch_repeats, min_sample_ns)
                    for engine, op, key in subjects:
                        timing = timings[op]
                        # The peer's row reads as an "arrange" like the loader's, beside it.
                        name = "arrange" if op == "js-flow" else op
                        line = {"engine": engine, "op": name, **common, **timing, "height": heights[key]}
                        if op == "reflow":
                            line["build_s"] = round(build_seconds, 3)
                            budget.record(count, timing["median_ns"] / 1e9)
                        print(json.dumps(line), flush=True)
                page.evaluate("() => window.bench.teardown()")
                page.close()
            if errors:
                print(f"chromium_runner: page errors: {errors}", file=sys.stderr)
                return 1
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
