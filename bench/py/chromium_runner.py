"""Times Chromium's own flex-wrap reflow of the workload's boxes, and the Wasm core in the same
page, through Playwright driving Debian's Chromium (headless). Timed in the page
(bench/js/page.mjs, performance.now()); this script only serves files and collects lines.

    python3 bench/py/chromium_runner.py DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [MAX_CALL_S]

Engines in the output: "chromium" (op "reflow") and "wasm-chromium" (ops "arrange", the loader,
and "arrange-kernel", the exported loop alone). The page is served from a made-up origin by
Playwright's request routing, so nothing listens on a port; cross-origin isolation headers give
the page a 5 us clock instead of 100 us.
"""

from __future__ import annotations

import json
import mimetypes
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    directory = os.path.abspath(argv[0])
    counts = [int(x) for x in argv[1].split(",")]
    widths = [int(x) for x in argv[2].split(",")]
    settings = {
        "repeats": int(argv[3]) if len(argv) > 3 else 7,
        "minSampleMs": float(argv[4]) if len(argv) > 4 else 10.0,
    }
    budget = CallBudget(float(argv[5]) if len(argv) > 5 else 1.5)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.route(f"{ORIGIN}/**", lambda route: serve(route, directory))
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{ORIGIN}/bench/js/page.html")
            page.wait_for_function("window.bench !== undefined")
            page.evaluate("() => window.bench.ready")
            isolated = page.evaluate("() => self.crossOriginIsolated")
            version = browser.version
            for count in counts:
                reason = budget.skip_reason(count)
                if reason:
                    for width in widths:
                        line = {"engine": "chromium", "op": "reflow", "n": count, "width": width}
                        print(json.dumps({**line, "skipped": reason}), flush=True)
                    continue
                started = time.perf_counter()
                page.evaluate("(n) => window.bench.setup(n)", count)
                build_seconds = time.perf_counter() - started
                for width in widths:
                    args = {"width": width, "settings": settings}
                    reflow = page.evaluate("(a) => window.bench.timeReflow(a.width, a.settings)", args)
                    wasm = page.evaluate("(a) => window.bench.timeWasm(a.width, a.settings)", args)
                    common = {"n": count, "width": width, "clock": "wall", "browser": version}
                    line = {"engine": "chromium", "op": "reflow", **common, **reflow}
                    line["build_s"] = round(build_seconds, 3)
                    line["cross_origin_isolated"] = isolated
                    print(json.dumps(line), flush=True)
                    for op, timing in wasm.items():
                        print(json.dumps({"engine": "wasm-chromium", "op": op, **common, **timing}))
                    sys.stdout.flush()
                    budget.record(count, reflow["median_ns"] / 1e9)
                page.evaluate("() => window.bench.teardown()")
            if errors:
                print(f"chromium_runner: page errors: {errors}", file=sys.stderr)
                return 1
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
