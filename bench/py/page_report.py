"""The page part of docs/benchmarks.md, from bench/py/page_runner.py's lines: `<glass-tag-cloud>`
dragged narrower beside plain CSS glass chips in the same Chromium run.

    page_report.targets(results)            # rows for the targets table
    page_report.section(out_dir, results)   # the "Page" section, with its plot
"""

from __future__ import annotations

import os

#: The issue's targets: element ÷ chips main-thread work per frame at 1,000 tags.
RATIO_LIMITS = {"loose": 1.0, "melting": 2.0}


def _cells(results: list[dict]) -> dict[tuple, dict]:
    return {(r["subject"], r["mode"], r["n"]): r for r in results
            if r.get("engine") == "page" and "ms_per_frame" in r}


def _ratio(cells, mode, n) -> float | None:
    element, chips = cells.get(("element", mode, n)), cells.get(("chips", mode, n))
    if not element or not chips or chips["ms_per_frame"] <= 0:
        return None
    return element["ms_per_frame"] / chips["ms_per_frame"]


def _verdict(met: bool | None) -> str:
    return "not measured" if met is None else ("**met**" if met else "**missed**")


def targets(results: list[dict]) -> list[str]:
    cells = _cells(results)
    if not cells:
        return ["| page targets | not measured in this run | – |"]
    rows = []
    for mode, limit in RATIO_LIMITS.items():
        ratio = _ratio(cells, mode, 1000)
        text = "–" if ratio is None else (
            f"{ratio:.3g}× ({cells[('element', mode, 1000)]['ms_per_frame']:.3g} ms vs "
            f"{cells[('chips', mode, 1000)]['ms_per_frame']:.3g} ms per frame)")
        rows.append(f"| page, 1,000 tags, {mode}: `<glass-tag-cloud>` main-thread work per frame "
                    f"≤ {limit:g}× the CSS chips' | {text} | "
                    f"{_verdict(None if ratio is None else ratio <= limit)} |")
    for mode in RATIO_LIMITS:
        element, chips = cells.get(("element", mode, 100)), cells.get(("chips", mode, 100))
        if not element or not chips:
            rows.append(f"| page, 100 tags, {mode}: no dropped frame beyond the chips' | – | not measured |")
            continue
        text = (f"dropped frames {element['dropped_frames']:g} vs {chips['dropped_frames']:g}; p90 "
                f"{element['interval_p90']:.3g} vs {chips['interval_p90']:.3g} ms")
        rows.append(f"| page, 100 tags, {mode}: no frame interval over 16.7 ms beyond the chips' "
                    f"(dropped frames: intervals > 25 ms, median of repeats) | {text} | "
                    f"{_verdict(element['dropped_frames'] <= chips['dropped_frames'])} |")
    return rows


def section(out_dir: str, results: list[dict]) -> list[str]:
    cells = _cells(results)
    if not cells:
        return []
    counts = sorted({n for _, _, n in cells})
    sample = next(iter(cells.values()))
    out = ["## Page: `<glass-tag-cloud>` beside plain CSS glass chips", "",
           f"A drag as a web developer would try it (bench/py/page_runner.py, bench/js/drag.mjs): N "
           f"tags in a 700 px box narrowed {sample['step_px']} px per animation frame for "
           f"{sample['frames']} frames, headless Chromium {sample.get('browser', '')}. The element "
           "gets its tags through the `tags` property; the peer is N `<button>` chips in a "
           "`display: flex; flex-wrap: wrap; gap` box, each with `backdrop-filter: blur(12px) "
           "saturate(180%)`, a tint and a 1 px rim, holding the same titles. Loose: spacing 10 "
           "(the merge distance: nothing melts) against gap 10; melting: spacing 3 (every "
           "neighbour melts) against gap 3. Main-thread work: ScriptDuration + LayoutDuration + "
           "RecalcStyleDuration from DevTools' `Performance.getMetrics`, over the drag, per "
           "frame. Frame intervals: requestAnimationFrame to requestAnimationFrame; dropped: "
           "over 25 ms. Each subject in a fresh page, the two alternating; medians over the "
           "repeats (column R). Headless Chromium rasterizes in software on this 2-core machine, "
           "so the intervals (both subjects' alike) reflect the machine's load as much as the "
           "page.", "",
           "| tags | mode | subject | main thread, ms per frame | ÷ chips | interval p50 / p90 / max, ms | dropped | R |",
           "|---:|---|---|---:|---:|---:|---:|---:|"]
    for n in counts:
        for mode in RATIO_LIMITS:
            for subject in ("element", "chips"):
                cell = cells.get((subject, mode, n))
                if not cell:
                    continue
                ratio = _ratio(cells, mode, n) if subject == "element" else 1.0
                name = "`<glass-tag-cloud>`" if subject == "element" else "CSS chips"
                out.append(f"| {n:,} | {mode} | {name} | {cell['ms_per_frame']:.3g} | "
                           f"{'–' if ratio is None else f'{ratio:.3g}×'} | "
                           f"{cell['interval_p50']:.3g} / {cell['interval_p90']:.3g} / "
                           f"{cell['interval_max']:.3g} | {cell['dropped_frames']:g} | {cell['repeats']} |")
    out.append("")
    out += _plot(out_dir, cells, counts)
    return out


def _plot(out_dir: str, cells: dict, counts: list[int]) -> list[str]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return ["(No plot: matplotlib is not installed; `make bench` installs bench/requirements.txt.)", ""]
    os.makedirs(os.path.join(out_dir, "benchmarks"), exist_ok=True)
    figure, axes = plt.subplots(figsize=(8, 5), dpi=110)
    styles = {"element": "-", "chips": "--"}
    for mode, colour in (("loose", "tab:blue"), ("melting", "tab:red")):
        for subject in ("element", "chips"):
            points = [(n, cells[(subject, mode, n)]["ms_per_frame"]) for n in counts
                      if (subject, mode, n) in cells]
            if points:
                label = f"{'<glass-tag-cloud>' if subject == 'element' else 'CSS chips'}, {mode}"
                axes.plot([p[0] for p in points], [p[1] for p in points], styles[subject],
                          color=colour, marker="o", markersize=4, label=label)
    axes.axhline(1000 / 60, color="grey", linewidth=0.8, linestyle=":", label="one 60 Hz frame")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("tags")
    axes.set_ylabel("main-thread ms per frame (script + layout + style)")
    axes.set_title("Dragging the box narrower: the element beside CSS glass chips")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(out_dir, "benchmarks", "page.png"))
    plt.close(figure)
    return ["![Main-thread ms per frame against tag count, element and chips](benchmarks/page.png)", ""]
