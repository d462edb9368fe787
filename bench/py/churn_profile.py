"""Where a frame of tags coming and going goes: one insert phase of bench/py/page_churn.py (the
element, `count` tags inserted one per frame into `base`, then `settle` frames) traced, per frame.

    PYTHONPATH=Tests/python:bench/py python3 bench/py/churn_profile.py [--base 100] [--count 20]
        [--settle 40] [--subject element|chips] [--js]

Without `--js`: a DevTools trace (timeline, cc, viz, gpu categories); prints the style
recalculations (elements restyled per frame, ms each), the compositor's render passes and quads
per frame, and the slowest trace events per frame by thread (their durations include what they
call: read them as a tree, not a sum). With `--js`: V8's sampling profiler over the same phase;
prints each function's total time per frame and, for the DOM calls that can force a style or
layout (`getBoundingClientRect`, `getPropertyValue`, canvas reads, ...), who called them.
A profile, not a benchmark: tracing slows every thread, so read the shares, and take the
figures of record from page_churn.py.
"""

from __future__ import annotations

import argparse
import collections
import sys

from page_runner import CHROMIUM, ORIGIN, serve

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,cc,viz,gpu,blink,v8"
# DOM calls that make the browser bring its style or layout up to date (or read a canvas back).
FORCING = ("getBoundingClientRect", "getComputedStyle", "getPropertyValue", "offsetWidth", "elementsFromPoint",
           "getImageData", "toDataURL", "getContext", "readPixels", "putImageData", "drawImage")


def open_phase(browser, subject: str, base: int, count: int):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/bench/js/drag.html")
    page.wait_for_function("window.drag !== undefined && window.churn !== undefined")
    page.evaluate("(a) => window.drag.setup(a[0], a[1], a[2])", [subject, base, 10])
    page.evaluate("(a) => window.churn.prepare(a[0], a[1])", [base, count])
    return page


def js_profile(page, settle: int) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    frames = len(page.evaluate("(settle) => window.churn.insert(settle)", settle))
    profile = cdp.send("Profiler.stop")["profile"]
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}

    def name(node_id):
        frame = nodes[node_id]["callFrame"]
        return f"{frame['functionName'] or '(anonymous)'} {frame['url'].split('/')[-1]}:{frame['lineNumber'] + 1}"

    total, callers = collections.Counter(), collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        seen, node = set(), sample
        while node is not None:
            if (key := name(node)) not in seen:
                total[key] += delta
                seen.add(key)
            node = parent.get(node)
        frame = nodes[sample]["callFrame"]
        if frame["url"] == "" and frame["functionName"] in FORCING:
            chain, node = [], parent.get(sample)
            while node is not None and len(chain) < 4:
                chain.append(name(node))
                node = parent.get(node)
            callers[frame["functionName"] + " <- " + " <- ".join(chain)] += delta
    print(f"{frames} frames; ms per frame")
    print("DOM calls that force style, layout or a read back, by caller:")
    for key, us in callers.most_common(12):
        print(f"  {us / 1000 / frames:7.3f}  {key}")
    print("functions, total (with what they call):")
    for key, us in total.most_common(40):
        print(f"  {us / 1000 / frames:7.3f}  {key}")


def trace(page, settle: int) -> None:
    cdp = page.context.new_cdp_session(page)
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda event: events.extend(event["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    frames = len(page.evaluate("(settle) => window.churn.insert(settle)", settle))
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    complete = [e for e in events if e.get("ph") == "X" and "dur" in e]
    styles = [e for e in complete if e["name"] == "UpdateLayoutTree"]
    restyled = sum(e.get("args", {}).get("elementCount", 0) for e in styles)
    print(f"{frames} frames; ms per frame")
    print(f"style: {restyled / frames:.1f} elements restyled per frame, "
          f"{sum(e['dur'] for e in styles) / 1000 / max(1, restyled):.3f} ms each")
    for event_name in ("DirectRenderer::DrawRenderPass", "SoftwareRenderer::DoDrawQuad"):
        drawn = [e for e in complete if e["name"] == event_name]
        print(f"{event_name}: {len(drawn) / frames:.1f} per frame, {sum(e['dur'] for e in drawn) / 1000 / frames:.3f} ms")
    by_event = collections.Counter()
    for e in complete:
        by_event[(threads.get((e["pid"], e["tid"]), "?"), e["name"])] += e["dur"]
    for (thread, event_name), us in by_event.most_common(45):
        print(f"  {us / 1000 / frames:8.3f}  {thread:28s} {event_name}")


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=int, default=100)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--settle", type=int, default=40)
    parser.add_argument("--subject", choices=("element", "chips"), default="element")
    parser.add_argument("--js", action="store_true", help="V8's sampling profiler instead of a trace")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = open_phase(browser, args.subject, args.base, args.count)
            (js_profile if args.js else trace)(page, args.settle)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
