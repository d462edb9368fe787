"""The page part of docs/benchmarks.md, from bench/py/page_runner.py's lines: `<glass-tag-cloud>`
dragged narrower beside plain CSS glass chips in the same Chromium run.

    page_report.targets(results)            # rows for the targets table
    page_report.section(out_dir, results)   # the "Page" section, with its plot
"""

from __future__ import annotations

import os

#: The issue's targets: element ÷ chips main-thread work per frame at 1,000 tags.
RATIO_LIMITS = {"loose": 1.0, "melting": 2.0}
#: Element ÷ chips whole-browser CPU per frame, at 100 and 1,000 tags (issue 25).
BROWSER_CPU_LIMITS = {"loose": 1.3, "melting": 2.0}
#: The thread kinds of bench/py/browser_cpu.py, in the breakdown's order.
KINDS = ("main", "compositor", "viz/GPU", "raster", "other")


def _cells(results: list[dict]) -> dict[tuple, dict]:
    return {(r["subject"], r["mode"], r["n"]): r for r in results
            if r.get("engine") == "page" and "ms_per_frame" in r}


def _ratio(cells, mode, n, key="ms_per_frame") -> float | None:
    element, chips = cells.get(("element", mode, n)), cells.get(("chips", mode, n))
    if not element or not chips or not chips.get(key) or key not in element:
        return None
    return element[key] / chips[key]


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
    key = "browser_cpu_ms_per_frame"
    for n in (100, 1000):
        for mode, limit in BROWSER_CPU_LIMITS.items():
            ratio = _ratio(cells, mode, n, key)
            text = "–" if ratio is None else (
                f"{ratio:.3g}× ({cells[('element', mode, n)][key]:.3g} ms vs "
                f"{cells[('chips', mode, n)][key]:.3g} ms per frame)")
            rows.append(f"| page, {n:,} tags, {mode}: `<glass-tag-cloud>` whole-browser CPU per frame "
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
           "Whole-browser CPU: every thread of every process of that Chromium (renderer, GPU/viz, "
           "browser, utilities; bench/py/browser_cpu.py), CPU time from /proc over the drag, per "
           "frame. Headless Chromium has no GPU here: viz composites and SwiftShader rasterizes on "
           "the CPU, so this is what a frame costs in all.", "",
           "| tags | mode | subject | main thread, ms per frame | ÷ chips | whole browser, CPU ms per frame | ÷ chips | interval p50 / p90 / max, ms | dropped | R |",
           "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for n in counts:
        for mode in RATIO_LIMITS:
            for subject in ("element", "chips"):
                cell = cells.get((subject, mode, n))
                if not cell:
                    continue
                ratio = _ratio(cells, mode, n) if subject == "element" else 1.0
                cpu_ratio = _ratio(cells, mode, n, "browser_cpu_ms_per_frame") if subject == "element" else 1.0
                cpu = cell.get("browser_cpu_ms_per_frame")
                name = "`<glass-tag-cloud>`" if subject == "element" else "CSS chips"
                out.append(f"| {n:,} | {mode} | {name} | {cell['ms_per_frame']:.3g} | "
                           f"{'–' if ratio is None else f'{ratio:.3g}×'} | "
                           f"{'–' if cpu is None else f'{cpu:.3g}'} | "
                           f"{'–' if cpu_ratio is None or cpu is None else f'{cpu_ratio:.3g}×'} | "
                           f"{cell['interval_p50']:.3g} / {cell['interval_p90']:.3g} / "
                           f"{cell['interval_max']:.3g} | {cell['dropped_frames']:g} | {cell['repeats']} |")
    out.append("")
    out += _breakdown(cells, counts)
    out += _plot(out_dir, cells, counts)
    out += _cpu_plot(out_dir, cells, counts)
    out += _optics()
    return out


#: The optics on and off, measured by hand with bench/py/optics_steps.py (minutes per tag count,
#: so not part of `make bench`): kept in this file, copied into the report as it stands.
OPTICS = os.path.join(os.path.dirname(__file__), "..", "optics.md")


def _optics() -> list[str]:
    if not os.path.exists(OPTICS):
        return []
    with open(OPTICS) as handle:
        return ["", handle.read().rstrip(), ""]


def _breakdown(cells: dict, counts: list[int]) -> list[str]:
    """Whole-browser CPU per frame by thread kind (medians over the repeats, kind by kind)."""
    if not any("cpu_by_kind" in cell for cell in cells.values()):
        return []
    out = ["### Where the browser's CPU goes: per thread kind, ms per frame", "",
           "main: the renderer's main thread (script, style, layout, paint); compositor: the "
           "renderer's compositor thread; viz/GPU: the GPU process (its `VizCompositorTh` "
           "composites in software here); raster: SwiftShader's workers (WebGL and raster on the "
           "CPU) and the renderer's tile workers; other: the browser process and utilities. Each "
           "kind is its own median over the repeats, so the kinds need not add up to the total.",
           "", "| tags | mode | subject | " + " | ".join(KINDS) + " | total |",
           "|---:|---|---|" + "---:|" * (len(KINDS) + 1)]
    for n in counts:
        for mode in RATIO_LIMITS:
            for subject in ("element", "chips"):
                cell = cells.get((subject, mode, n))
                if not cell or "cpu_by_kind" not in cell:
                    continue
                name = "`<glass-tag-cloud>`" if subject == "element" else "CSS chips"
                kinds = " | ".join(f"{cell['cpu_by_kind'].get(kind, 0):.3g}" for kind in KINDS)
                out.append(f"| {n:,} | {mode} | {name} | {kinds} | {cell['browser_cpu_ms_per_frame']:.3g} |")
    return out + [""]


def _cpu_plot(out_dir: str, cells: dict, counts: list[int]) -> list[str]:
    """Stacked bars: CPU ms per frame by thread kind, element beside chips, per count and mode."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    bars = [(n, mode, subject) for n in counts for mode in RATIO_LIMITS for subject in ("element", "chips")
            if "cpu_by_kind" in cells.get((subject, mode, n), {})]
    if not bars:
        return []
    os.makedirs(os.path.join(out_dir, "benchmarks"), exist_ok=True)
    figure, axes = plt.subplots(figsize=(max(6, 0.55 * len(bars) + 2), 5), dpi=110)
    colours = {"main": "tab:blue", "compositor": "tab:cyan", "viz/GPU": "tab:orange",
               "raster": "tab:red", "other": "tab:grey"}
    bottoms = [0.0] * len(bars)
    for kind in KINDS:
        heights = [cells[bar]["cpu_by_kind"].get(kind, 0) for bar in [(s, m, n) for n, m, s in bars]]
        axes.bar(range(len(bars)), heights, bottom=bottoms, color=colours[kind], label=kind)
        bottoms = [b + h for b, h in zip(bottoms, heights)]
    axes.set_xticks(range(len(bars)))
    axes.set_xticklabels([f"{n:,} {mode}\n{'element' if s == 'element' else 'chips'}" for n, mode, s in bars],
                         fontsize=7)
    axes.axhline(1000 / 60, color="grey", linewidth=0.8, linestyle=":", label="one 60 Hz frame")
    axes.set_ylabel("whole-browser CPU ms per frame")
    axes.set_title("Browser CPU per frame of the drag, by thread kind")
    axes.grid(True, axis="y", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(out_dir, "benchmarks", "page-cpu.png"))
    plt.close(figure)
    return ["![Whole-browser CPU ms per frame by thread kind, element beside chips](benchmarks/page-cpu.png)", ""]


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
