"""Benchmark (not a test): what each optic of `<glass-tag-cloud>` costs the whole browser, and
what a change to it saves, measured in pairs on a shared machine. The issue-12 drag
(bench/py/glass_drag.py: N tags in a 700 px box narrowed 3 px per frame for 120 frames); CPU per
thread of every Chromium process from /proc (bench/py/browser_cpu.py), per frame, by thread kind.

Variants take turns round by round in one browser, the chips peer among them, so each round's
ratios to the chips share the machine's load of that moment; the report gives, per variant, the
median over rounds of its CPU per frame, of its ratio to the same round's chips, and of each
thread kind, beside the frame intervals (p50, p90, intervals over 25 ms).

    PYTHONPATH=Tests/python .venv/bin/python bench/py/optics_steps.py --tags 100 --rounds 3 \
        [--variants chips,loose,loose-no-lens,...] [--web web,/tmp/before/web]

Variants (the element unless named chips): loose (spacing 10) and melting (spacing 3) as shipped;
`-no-lens` (`?lens=off`), `-no-rim` (the capsules' CSS rims and the canvas's bands hidden),
`-no-necks` (the glass layer hidden), `-no-layers` (no `will-change` on the slots, no press
glow layer), `-dark` (`appearance='dark'`: the adaptive appearance forced to one tone).
`--web` names several web/ folders (a before and an after): each variant runs on
each, named `variant@folder`.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

import glass_drag as drag
from support.chromium import CHROMIUM
from support.static_files import StaticServer

NO_RIM = ".cloud.is-placed .tag, .tag { box-shadow: none !important }"
NO_NECKS = ".glass-layer { display: none !important }"
NO_LAYERS = ".cloud.is-placed .tag-slot { will-change: auto !important } .tag::after { display: none !important }"
VARIANTS = {
    "chips": ("chips", 10, "", ""),
    "loose": ("element", 10, "", ""),
    "loose-no-lens": ("element", 10, "lens=off", ""),
    "loose-no-rim": ("element", 10, "", NO_RIM),
    "loose-no-layers": ("element", 10, "", NO_LAYERS),
    "loose-bare": ("element", 10, "lens=off", NO_RIM + NO_LAYERS),
    "loose-no-necks": ("element", 10, "", NO_NECKS),
    "melting": ("element", 3, "", ""),
    "melting-no-lens": ("element", 3, "lens=off", ""),
    "melting-no-necks": ("element", 3, "", NO_NECKS),
    "melting-no-rim": ("element", 3, "", NO_RIM),
    "melting-2d": ("element", 3, "glass=2d", ""),
    "loose-dark": ("element", 10, "", ""),
    "melting-dark": ("element", 3, "", ""),
}
# The element's attributes of a variant: the adaptive appearance forced to one tone (no backdrop
# learned, no decision made), to tell its cost from the rest of the look's.
ATTRIBUTES = {"loose-dark": "appearance='dark'", "melting-dark": "appearance='dark'"}


def run_once(browser, server, variant: str, count: int) -> dict:
    kind, spacing, query, css = VARIANTS[variant]
    attributes = ATTRIBUTES.get(variant, "")
    page = drag.open_drag_page(browser, server, kind, count, spacing, query, name="optics", attributes=attributes)
    try:
        times, spent = drag.drag_with_browser_cpu(page, css)
    finally:
        page.close()
    gaps = drag.frame_gaps(times)
    return {
        "total": spent.total() / 1e6 / drag.FRAMES,
        "kinds": {name: ns / 1e6 / drag.FRAMES for name, ns in spent.by_kind().items()},
        "p50": statistics.median(gaps),
        "p90": gaps[int(len(gaps) * 0.9)],
        "over25": sum(1 for gap in gaps if gap > 25),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tags", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variants", default="chips,loose,melting")
    parser.add_argument("--web", default="", help="web/ folders to compare, comma-separated (default: this tree's)")
    args = parser.parse_args()
    variants = args.variants.split(",")
    folders = [Path(folder).resolve() for folder in args.web.split(",") if folder] or [None]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    results: dict[str, list[dict]] = {}
    servers = [StaticServer(directory=folder) if folder else StaticServer() for folder in folders]
    for server in servers:
        server.__enter__()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
            try:
                for round_ in range(args.rounds):
                    for server, folder in zip(servers, folders):
                        for variant in variants:
                            name = variant if folder is None or len(folders) == 1 else f"{variant}@{folder.parent.name}/{folder.name}"
                            result = run_once(browser, server, variant, args.tags)
                            results.setdefault(name, []).append(result)
                            print(f"round {round_ + 1} {name}: {result['total']:.1f} ms/frame, p50 {result['p50']:.1f}, "
                                  f"p90 {result['p90']:.1f}, >25 ms {result['over25']}", flush=True)
            finally:
                browser.close()
    finally:
        for server in servers:
            server.__exit__(None, None, None)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    chips_names = [name for name in results if name.startswith("chips")]
    kinds = list(next(iter(results.values()))[0]["kinds"])
    print(f"\n{args.tags} tags, medians of {args.rounds} rounds (CPU ms per frame, whole browser)\n")
    print("| variant | total | × chips | " + " | ".join(kinds) + " | frames p50 / p90 | > 25 ms |")
    print("|---|---:|---:|" + "---:|" * len(kinds) + "---|---:|")
    for name, runs in results.items():
        chips = results[next((c for c in chips_names if c.split("@")[1:] == name.split("@")[1:]), chips_names[0])] if chips_names else None
        ratio = statistics.median(run["total"] / chip["total"] for run, chip in zip(runs, chips)) if chips else float("nan")
        cells = " | ".join(f"{statistics.median(run['kinds'][kind] for run in runs):.1f}" for kind in kinds)
        print(f"| {name} | {statistics.median(r['total'] for r in runs):.1f} | {ratio:.2f}× | {cells} | "
              f"{statistics.median(r['p50'] for r in runs):.1f} / {statistics.median(r['p90'] for r in runs):.1f} | "
              f"{statistics.median(r['over25'] for r in runs):.0f} |")


if __name__ == "__main__":
    main()
