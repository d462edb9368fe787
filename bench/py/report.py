"""Turns the harness's measurements into docs/benchmarks.md, its plots and its raw data.

    text = write("docs", results, failures, machine_info, settings)

Tables quote medians and ratios to measurements of the same run, never a lone absolute time as a
claim. Plots need matplotlib (bench/requirements.txt); without it the report says so.
"""

from __future__ import annotations

import json
import os

#: Rows of the layout tables: (engine, op) -> label, in display order.
LAYOUT_ROWS = {
    ("c", "arrange"): "C greedy loop, -O2 (the floor)",
    ("native", "arrange-packed"): "TagCloudCore native, packed API",
    ("native", "arrange"): "TagCloudCore native, array API",
    ("wasm-node", "arrange-kernel"): "Wasm in node 20, `tc_arrange` export alone",
    ("js-node", "arrange"): "plain JavaScript flow loop in node 20 (the loader's peer)",
    ("wasm-node", "arrange"): "Wasm in node 20, loader `arrange()` on its own view (no copy)",
    ("wasm-node", "arrange-copy"): "Wasm in node 20, loader `arrange()` on a caller array (copies)",
    ("wasm-node", "layout-packed"): "Wasm in node 20, loader `layoutPacked()` (+ rows, merge groups)",
    ("native", "relayout"): "native width change: `LayoutEngine.layout` at a new width",
    ("native", "merge"): "native `MergeGroups` alone",
    ("native", "respond"): "native `LayoutService.respond` (JSON in, JSON out)",
    ("taffy", "arrange"): "Taffy (stretchable), layout call",
    ("yoga", "arrange"): "Yoga (poga), layout call",
    ("chromium", "reflow"): "Chromium flex-wrap reflow ‡",
    ("wasm-chromium", "arrange-kernel"): "Wasm in Chromium, export alone ‡",
    ("js-chromium", "arrange"): "plain JavaScript flow loop in Chromium (the loader's peer) ‡",
    ("wasm-chromium", "arrange"): "Wasm in Chromium, loader `arrange()` on its own view ‡",
    ("wasm-chromium", "arrange-copy"): "Wasm in Chromium, loader `arrange()` on a caller array ‡",
}
BASELINE = ("native", "arrange-packed")


def format_ns(value: float | None) -> str:
    if value is None:
        return "–"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value:.3g} ns"


def format_ratio(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.3g}×" if value < 1000 else f"{value:,.0f}×"


class Index:
    """The measurements by (engine, op, n, width)."""

    def __init__(self, results: list[dict]):
        self.cells: dict[tuple, dict] = {}
        for result in results:
            if "op" in result and "n" in result:
                self.cells[(result["engine"], result["op"], result["n"], result.get("width"))] = result

    def median(self, engine: str, op: str, n: int, width) -> float | None:
        cell = self.cells.get((engine, op, n, width))
        return cell.get("median_ns") if cell and "median_ns" in cell else None

    def ratio(self, top: tuple, bottom: tuple, n: int, width) -> float | None:
        a, b = self.median(*top, n, width), self.median(*bottom, n, width)
        return a / b if a is not None and b else None

    def rows(self) -> list[tuple]:
        present = {(engine, op) for engine, op, _, _ in self.cells}
        return [row for row in LAYOUT_ROWS if row in present]


def layout_tables(index: Index, counts: list[int], widths: list[int]) -> list[str]:
    out: list[str] = []
    header = "| | " + " | ".join(f"{n:,}" for n in counts) + " |"
    rule = "|---|" + "---:|" * len(counts)
    for width in widths:
        out += [f"### Width {width} px: median time per layout call", "", header, rule]
        for row in index.rows():
            cells = []
            for n in counts:
                cell = index.cells.get((*row, n, width))
                if cell is None:
                    cells.append("–")
                elif "skipped" in cell:
                    cells.append("skipped")
                else:
                    mark = "" if cell.get("height_ok", True) else " ≠"
                    cells.append(format_ns(cell["median_ns"]) + mark)
            out.append(f"| {LAYOUT_ROWS[row]} | " + " | ".join(cells) + " |")
        out += ["", f"### Width {width} px: time relative to the native packed API (median ÷ median)",
                "", header, rule]
        for row in index.rows():
            if row == BASELINE:
                continue
            cells = [format_ratio(index.ratio(row, BASELINE, n, width)) for n in counts]
            out.append(f"| {LAYOUT_ROWS[row]} | " + " | ".join(cells) + " |")
        out.append("")
    return out


def verdict(value: float | None, limit: float, smaller_is_better: bool = True) -> str:
    if value is None:
        return "not measured"
    met = value <= limit if smaller_is_better else value >= limit
    return "**met**" if met else "**missed**"


def worst(values: list[float | None], smaller_is_better: bool = True) -> float | None:
    present = [v for v in values if v is not None]
    if not present:
        return None
    return max(present) if smaller_is_better else min(present)


def layout_targets(index: Index, widths: list[int]) -> list[str]:
    """The issue's layout targets; each judged on its worst width."""
    rows = ["| target | figure (per width) | verdict |", "|---|---|---|"]

    def per_width(top, bottom, n):
        values = [index.ratio(top, bottom, n, w) for w in widths]
        text = ", ".join(f"{w}: {format_ratio(v)}" for w, v in zip(widths, values))
        return values, text

    values, text = per_width(BASELINE, ("c", "arrange"), 100_000)
    rows.append(f"| native packed API within 1.25× of the C loop at 100k | {text} | "
                f"{verdict(worst(values), 1.25)} |")
    values, text = per_width(("native", "arrange"), ("c", "arrange"), 100_000)
    rows.append(f"| (native array API ÷ C loop at 100k, for reference) | {text} | – |")
    values, text = per_width(("wasm-node", "arrange-kernel"), BASELINE, 100_000)
    rows.append(f"| Wasm within 2× of native at 100k: export ÷ packed API | {text} | "
                f"{verdict(worst(values), 2)} |")
    values, text = per_width(("wasm-node", "arrange"), ("native", "arrange"), 100_000)
    rows.append(f"| Wasm within 2× of native at 100k: loader `arrange()` ÷ array API | {text} | "
                f"{verdict(worst(values), 2)} |")
    for engine, where in (("node", "node 20"), ("chromium", "Chromium ‡")):
        for n in (1_000, 100_000):
            values, text = per_width((f"wasm-{engine}", "arrange"), (f"js-{engine}", "arrange"), n)
            rows.append(f"| loader `arrange()` ≤ 0.9× the same flow loop in plain JavaScript on the "
                        f"same Float64Array, {n:,} tags, {where} | {text} | "
                        f"{verdict(worst(values), 0.9)} |")
    values, text = per_width(("taffy", "arrange"), BASELINE, 1_000)
    rows.append(f"| ≥ 500× faster than Taffy at 1,000 tags (Taffy ÷ native packed) | {text} | "
                f"{verdict(worst(values, False), 500, False)} |")
    values, text = per_width(("taffy", "arrange"), ("native", "arrange"), 1_000)
    rows.append(f"| (Taffy ÷ native array API at 1,000) | {text} | – |")
    values, text = per_width(("taffy", "arrange"), ("c", "arrange"), 1_000)
    rows.append(f"| (Taffy ÷ the C loop at 1,000: the most any flow layout could show) | {text} | – |")
    values, text = per_width(("chromium", "reflow"), ("wasm-chromium", "arrange-kernel"), 1_000)
    rows.append(f"| ≥ 100× faster than Chromium's reflow at 1,000 tags (same page: reflow ÷ Wasm "
                f"export) | {text} | {verdict(worst(values, False), 100, False)} |")
    values, text = per_width(("chromium", "reflow"), ("wasm-chromium", "arrange"), 1_000)
    rows.append(f"| (reflow ÷ Wasm loader `arrange()` at 1,000, same page) | {text} | "
                f"{verdict(worst(values, False), 100, False)} |")
    values, text = per_width(("chromium", "reflow"), BASELINE, 1_000)
    rows.append(f"| (reflow ÷ native packed API at 1,000) | {text} | – |")
    return rows


def agreement(results: list[dict]) -> list[str]:
    wrong = [r for r in results if r.get("height_ok") is False]
    checked = [r for r in results if "height_ok" in r]
    if not wrong:
        return [f"Every engine laid the workload out to the reference height in all {len(checked)} "
                "measured cells (the same arrangement, checked by the cloud's height at width W)."]
    out = [f"{len(checked) - len(wrong)} of {len(checked)} measured cells match the reference "
           "height; these differ (marked ≠ in the tables):", ""]
    for r in wrong:
        out.append(f"- {r['engine']} {r['op']}, n = {r['n']:,}, width {r['width']}: height "
                   f"{r['height']:.2f} vs {r['reference_height']:.2f} "
                   f"({r['height'] - r['reference_height']:+.2f} px)")
    return out


def plots(out_dir: str, index: Index, counts: list[int], widths: list[int]) -> list[str]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return ["(No plots: matplotlib is not installed; `make bench` installs bench/requirements.txt.)"]
    os.makedirs(os.path.join(out_dir, "benchmarks"), exist_ok=True)
    lines = []
    for width in widths:
        figure, axes = plt.subplots(figsize=(9, 5.5), dpi=110)
        for row in index.rows():
            if row in (("native", "merge"), ("native", "relayout"), ("native", "respond"),
                       ("wasm-node", "layout-packed"), ("wasm-node", "arrange-copy"),
                       ("wasm-chromium", "arrange-copy")):
                continue
            points = [(n, index.median(*row, n, width)) for n in counts]
            points = [(n, t / n) for n, t in points if t is not None]
            if not points:
                continue
            style = "--" if row[0] in ("chromium", "wasm-chromium", "js-chromium") else "-"  # ‡: in the page
            axes.plot([p[0] for p in points], [p[1] for p in points], style, marker="o",
                      markersize=4, label=LAYOUT_ROWS[row].replace("`", ""))
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_xlabel("tags")
        axes.set_ylabel("time per tag (ns), median")
        axes.set_title(f"Flow layout, container width {width} px (dashed ‡: inside Chromium)")
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
        figure.tight_layout()
        name = f"benchmarks/layout-{width}.png"
        figure.savefig(os.path.join(out_dir, name))
        plt.close(figure)
        lines += [f"![Time per tag against tag count, width {width}]({name})", ""]
    return lines


def wasm_size(path: str) -> list[str]:
    """The module's size beside Yoga's published JS + Wasm bundle (115 KB raw, 43 KB gzip); the
    gzip size measured as the budget is (`gzip -9 -c web/tagcloud.wasm | wc -c`, 24,576 bytes)."""
    import subprocess

    if not os.path.exists(path):
        return [f"`{os.path.basename(path)}` not found: `make wasm` builds it.", ""]
    with open(path, "rb") as file:
        raw = file.read()
    packed = len(subprocess.run(["gzip", "-9", "-c", path], capture_output=True, check=True).stdout)
    return [
        f"Budget: 24,576 bytes gzip (`gzip -9 -c`), no raw limit: "
        f"{'within' if packed <= 24_576 else 'OVER'} it.", "",
        "| | raw | gzip -9 |",
        "|---|---:|---:|",
        f"| `web/tagcloud.wasm` (every export of docs/WASM.md) | "
        f"{len(raw):,} B | {packed:,} B |",
        "| Yoga's JS + Wasm bundle (published figure) | 115 KB | 43 KB |",
        f"| Yoga's ÷ ours | {115_000 / len(raw):.2g}× | {43_000 / packed:.2g}× |",
        "",
    ]


#: The hand-written part of the report, relative to its directory: kept beside the raw data
#: (benchmarks/results.json), so that a new run, `--merge` and `--report-only` all keep it.
NOTES = "benchmarks/notes.md"


def notes(out_dir: str) -> list[str]:
    """The notes file of the report's directory as it stands (its own headings), or nothing."""
    path = os.path.join(out_dir, *NOTES.split("/"))
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        text = handle.read().strip()
    return [text, ""] if text else []


def machine_section(info: dict) -> list[str]:
    out = ["| | |", "|---|---|"]
    for key, value in info.items():
        out.append(f"| {key} | {value} |")
    return out


def write(out_dir: str, results: list[dict], failures: list[dict], info: dict, settings: dict) -> str:
    import churn_report
    import page_report
    import server_report

    index = Index(results)
    counts, widths = settings["counts"], settings["widths"]
    doc = ["# Benchmarks", "",
           "Generated by `make bench` (bench/py/run.py); do not edit by hand: hand-written notes "
           f"go in [{NOTES}]({NOTES}), beside the raw data, which every run includes as it stands. Every "
           "figure is a median of several batches, and every claim is a ratio to another engine "
           "measured in the same run on the same machine. Method and caveats: bench/README.md.", ""]
    doc += [f"Machine load (1, 5, 15 min averages; {info.get('cores')} cores): {info.get('load_before')} "
            f"before the run, {info.get('load_after')} after. The CPU-time figures hold up on a busy "
            "machine; the server's wall-clock round trips do not.", ""]
    if settings.get("smoke"):
        doc += ["**Smoke run** (n = 10, short samples): proves the harness, measures nothing.", ""]
    doc += ["## Targets", ""] + layout_targets(index, widths) + page_report.targets(results) + [""]
    doc += server_report.targets(results)
    doc += ["## Layout", "",
            f"Workload: {', '.join(f'{n:,}' for n in counts)} capsules 60–160 px wide and 40 px high "
            f"(one in eight with a ¼, ½ or ¾ px fraction), spacing {settings['spacing']:g}, widths "
            f"{', '.join(map(str, widths))} px; call i lays out at width W − (i mod "
            f"{settings['width_cycle']}) so engines with layout caches lay out every time. "
            f"{settings['repeats']} batches of ≥ {settings['min_sample_ms']:g} ms each (3 from a "
            "million tags on). Times are the calling thread's CPU time; ‡: in the Chromium page, "
            "the renderer main thread's CPU time (DevTools `ThreadTime`, batches ≥ 50 ms), for the "
            "reflow and for the Wasm core beside it alike. Wall-clock medians are in the raw data. "
            "The Wasm core and its plain-JavaScript peer (node 20, Chromium) are warmed up, take "
            "turns batch by batch, and get a fresh JIT per tag count (a node process, a page): "
            "bench/README.md, \"JavaScript and Wasm in one engine\".", ""]
    doc += layout_tables(index, counts, widths)
    doc += ["### Same result", ""] + agreement(results) + [""]
    skipped = [r for r in results if "skipped" in r]
    if skipped:
        doc += ["### Skipped cells", ""]
        doc += [f"- {r['engine']}, n = {r['n']:,}, width {r['width']}: {r['skipped']}" for r in skipped]
        doc.append("")
    doc += ["### Plots", ""] + plots(out_dir, index, counts, widths)
    doc += page_report.section(out_dir, results)
    doc += churn_report.section(results)
    doc += server_report.section(results)
    doc += ["## Size of the Wasm core", ""]
    doc += wasm_size(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web", "tagcloud.wasm"))
    doc += notes(out_dir)
    if failures:
        doc += ["## What did not run", ""]
        doc += [f"- {f['engine']}: {f['error']}" for f in failures]
        doc.append("")
    doc += ["## Machine", ""] + machine_section(info) + [""]
    doc += ["Raw measurements: [benchmarks/results.json](benchmarks/results.json).", ""]
    text = "\n".join(doc)
    os.makedirs(os.path.join(out_dir, "benchmarks"), exist_ok=True)
    with open(os.path.join(out_dir, "benchmarks.md"), "w") as file:
        file.write(text)
    with open(os.path.join(out_dir, "benchmarks", "results.json"), "w") as file:
        json.dump({"machine": info, "settings": settings, "results": results, "failures": failures},
                  file, indent=1)
    return text
