"""The page's insert/remove part of docs/benchmarks.md, from bench/py/page_churn.py's lines:
`<glass-tag-cloud>` beside plain CSS glass chips, tags inserted one per frame and removed again.

    churn_report.section(results)   # the section: per phase, element beside chips, as ratios
                                    # per change (the headline) and per frame
"""

from __future__ import annotations

KINDS = ("main", "compositor", "viz/GPU", "raster", "other")  # bench/py/browser_cpu.py's
PHASES = ("insert", "remove")
NAMES = {"element": "`<glass-tag-cloud>`", "chips": "CSS chips", "chips+motion": "CSS chips with motion"}


def _cells(results: list[dict]) -> dict[tuple, dict]:
    # Lines from before the element had its motion have no `frames`: they measured something else.
    return {(r["subject"], r["phase"], r["n"], r["count"]): r for r in results
            if r.get("engine") == "page-churn" and "frames" in r}


def _ms(value: float) -> str:
    """A figure in ms: three significant digits, whole ms with separators from 1,000 on."""
    return f"{value:,.0f}" if value >= 1000 else f"{value:.3g}"


def _ratio(cells, phase, n, count, key, subject="element", peer="chips") -> str:
    element, chips = cells.get((subject, phase, n, count)), cells.get((peer, phase, n, count))
    if not element or not chips or not chips.get(key):
        return "–"
    return f"{element[key] / chips[key]:.3g}×"


def section(results: list[dict]) -> list[str]:
    cells = _cells(results)
    if not cells:
        return []
    sizes = sorted({(n, count) for _, _, n, count in cells})
    sample = next(iter(cells.values()))
    out = ["## Page: tags inserted and removed, `<glass-tag-cloud>` beside plain CSS glass chips", "",
           "bench/py/page_churn.py, bench/js/churn.mjs: N tags laid out in a 700 px box (the drag's "
           "page and subjects, loose: spacing 10 against gap 10), then K tags inserted one per "
           "animation frame, spread over the cloud (tag k before the original tag ⌊(k + ½)·N / K⌋), "
           "then removed again one per frame in the same order. The element gets each new list "
           "through its `tags` property and shows it as it does on a page, **with its motion**: the "
           "inserted capsule grows in (the removed one shrinks away) on the core's `.smooth` spring, "
           "about 0.5 s, every frame of it a layout of the whole flow through the Wasm core, and the "
           "motions of consecutive changes overlap. The chips get one `<button>` inserted into (removed from) "
           "their flex-wrap box and have no motion; the chips with motion show each change as a page animates "
           "a flex-wrap box (FLIP: each chip that moved glides from its old place on a Web Animation of "
           "`translate`, run by the compositor; an inserted chip scales in; 500 ms, ease-out). After the last "
           f"change every subject is given {sample.get('settle', 0)} more frames before the phase may end. Every list and button is made before the "
           "measurement. A phase ends when the subject is at rest after its last change (the "
           "element: no `:state(animating)` and no departing capsule left in its shadow root; the "
           "chips: at once), plus two frames; frames = the animation frames it spanned, counted in "
           "the page. **Per change** = the phase's total ÷ K: what a page pays for one tag added or "
           "removed, its motion included; this is the headline ratio, because both subjects do the "
           "same K changes, while per frame the element's figure is divided by its longer motion's "
           "frames as well and so comes out lower for the same work. **Per frame** = the total ÷ "
           "frames: what one frame carries while tags come and go (beside the 16.7 ms of a 60 Hz "
           "frame). Main thread and whole-browser CPU as for the drag above; frame intervals over "
           f"every frame of the phase; headless Chromium {sample.get('browser', '')}; each subject "
           "in a fresh page, the two alternating; medians over the repeats (R). Main-thread "
           "durations are wall-clock and grow with the machine's load, CPU time less so; machine "
           f"load averages (1, 5, 15 min) {sample.get('load_before')} when this runner started and "
           f"{sample.get('load_after')} when it ended.", "",
           "| tags | phase | subject | frames | main thread, ms per change | ÷ chips | per frame | ÷ chips "
           "| whole browser, CPU ms per change | ÷ chips | per frame | ÷ chips "
           "| interval p50 / p90 / max, ms | dropped | R |",
           "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, count in sizes:
        for phase in PHASES:
            for subject in ("element", "chips", "chips+motion"):
                cell = cells.get((subject, phase, n, count))
                if not cell:
                    continue
                beside_chips = subject != "chips"
                name = NAMES[subject]
                figures = []
                for key in ("ms_per_change", "ms_per_frame", "browser_cpu_ms_per_change", "browser_cpu_ms_per_frame"):
                    figures += [_ms(cell[key]), _ratio(cells, phase, n, count, key, subject) if beside_chips else "1×"]
                out.append(f"| {n:,} + {count:,} | {phase} | {name} | {cell['frames']:g} | {' | '.join(figures)} | "
                           f"{_ms(cell['interval_p50'])} / {_ms(cell['interval_p90'])} / {_ms(cell['interval_max'])} | "
                           f"{cell['dropped_frames']:g} | {cell['repeats']} |")
    beside_motion = []
    for n, count in sizes:
        for phase in PHASES:
            main = _ratio(cells, phase, n, count, "ms_per_frame", "element", "chips+motion")
            cpu = _ratio(cells, phase, n, count, "browser_cpu_ms_per_frame", "element", "chips+motion")
            if cpu != "–":
                beside_motion.append(f"{n:,} {phase}: main thread {main}, whole browser {cpu}")
    if beside_motion:
        out += ["", "The element beside the chips showing the same changes with motion (FLIP), per frame: "
                + "; ".join(beside_motion) + ". The ÷ chips ratios of the chips with motion are what the motion "
                "alone costs this machine when plain CSS draws it."]
    out += ["", "Whole-browser CPU ms per change by thread kind (each kind its own median over the repeats):", "",
            "| tags | phase | subject | " + " | ".join(KINDS) + " | total |",
            "|---|---|---|" + "---:|" * (len(KINDS) + 1)]
    for n, count in sizes:
        for phase in PHASES:
            for subject in ("element", "chips", "chips+motion"):
                cell = cells.get((subject, phase, n, count))
                if not cell:
                    continue
                name = NAMES[subject]
                kinds = " | ".join(_ms(cell["cpu_by_kind"].get(kind, 0)) for kind in KINDS)
                out.append(f"| {n:,} + {count:,} | {phase} | {name} | {kinds} | "
                           f"{_ms(cell['browser_cpu_ms_per_change'])} |")
    return out + [""]
