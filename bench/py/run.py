"""`make bench`: runs every layout benchmark on one workload, then writes the report.

    python3 bench/py/run.py                    # the full run (about 10 minutes at most)
    python3 bench/py/run.py --smoke --out DIR  # n = 10, short samples: proves the harness works
    python3 bench/py/run.py --only page-churn --out DIR   # the page's insert/remove alone
    python3 bench/py/run.py --report-only      # docs/benchmarks.md again from its results.json
    python3 bench/py/run.py --only wasm-node chromium --merge   # re-measure these into docs/

Each engine is a separate runner process printing one JSON line per measurement (see
bench/README.md); this script collects the lines, checks that every engine laid the workload out
to the same height as the plain reference, and hands everything to report.py. A runner that
fails or is not installed is recorded as such, and the report says so; the run goes on.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
# Run as a script: its own folder (bench/py) is on the path, so its siblings import by name.
import machine  # noqa: E402
import workload  # noqa: E402


def runners(args) -> list[dict]:
    """The runner processes, in the order they run. `needs` are Python modules they import."""
    counts = ",".join(str(n) for n in args.counts)
    widths = ",".join(str(w) for w in args.widths)
    common = [str(args.repeats), str(args.min_sample_ms)]
    python = sys.executable
    return [
        {"name": "c", "command": [args.c, args.workload, counts, widths, *common]},
        {"name": "native", "command": [args.native, args.workload, counts, widths, *common]},
        {
            "name": "wasm-node",
            "command": ["node", os.path.join(ROOT, "bench/js/wasm_node.mjs"), args.workload,
                        counts, widths, *common],
        },
        {
            "name": "taffy",
            "needs": ["stretchable"],
            "command": [python, os.path.join(HERE, "peer_runner.py"), "taffy", args.workload,
                        counts, widths, *common, str(args.max_call_s)],
        },
        {
            "name": "yoga",
            "needs": ["poga"],
            "command": [python, os.path.join(HERE, "peer_runner.py"), "yoga", args.workload,
                        counts, widths, *common, str(args.max_call_s)],
        },
        {
            "name": "chromium",
            "needs": ["playwright"],
            "command": [python, os.path.join(HERE, "chromium_runner.py"), args.workload, counts,
                        widths, *common, str(args.max_call_s)],
        },
        {
            "name": "page",
            "needs": ["playwright"],
            "command": [python, os.path.join(HERE, "page_runner.py"), "--counts",
                        *(str(n) for n in args.page_counts), "--frames", str(args.page_frames),
                        "--repeats", str(args.page_repeats)],
        },
        {
            "name": "page-churn",
            "needs": ["playwright"],
            "command": [python, os.path.join(HERE, "page_churn.py"), "--base", *(str(n) for n in args.churn_base),
                        "--count", str(args.churn_count), "--settle", str(args.churn_settle),
                        "--repeats", str(args.churn_repeats)],
        },
        {
            "name": "server",
            "command": [python, os.path.join(HERE, "server_bench.py"), args.tagcloud, args.loadgen,
                        args.echo, *(["--quick"] if args.smoke else [])],
        },
    ]


def run_one(runner: dict, timeout_s: float) -> tuple[list[dict], dict | None]:
    """Runs one runner; returns its measurement lines and a failure record, if it failed."""
    missing = [m for m in runner.get("needs", []) if importlib.util.find_spec(m) is None]
    if missing:
        return [], {"engine": runner["name"], "error": f"not installed: {', '.join(missing)}"}
    started = time.perf_counter()
    try:
        done = subprocess.run(runner["command"], capture_output=True, text=True, timeout=timeout_s, cwd=ROOT)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
        return lines, {"engine": runner["name"], "error": f"timed out after {timeout_s:.0f} s"}
    except OSError as error:
        return [], {"engine": runner["name"], "error": f"could not start: {error}"}
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    elapsed = time.perf_counter() - started
    print(f"bench: {runner['name']}: {len(lines)} measurements in {elapsed:.1f} s", file=sys.stderr)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return lines, {"engine": runner["name"], "error": f"exit {done.returncode}: {tail}"}
    return lines, None


def check_heights(results: list[dict]) -> None:
    """Marks each measurement with whether its engine's layout height equals the reference's."""
    references: dict[tuple[int, int], float] = {}
    for result in results:
        if "height" not in result:
            continue
        key = (result["n"], result["width"])
        if key not in references:
            sizes = workload.capsule_sizes(key[0])
            references[key] = workload.reference_height(sizes, key[1])
        expected = references[key]
        # 32-bit engines (Taffy, Yoga) round very tall clouds; a relative 1e-6 is a few px at 1M.
        result["height_ok"] = abs(result["height"] - expected) <= max(0.01, 1e-6 * expected)
        result["reference_height"] = expected


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="n=10, one width, short samples")
    parser.add_argument("--counts", type=int, nargs="+", default=list(workload.COUNTS))
    parser.add_argument("--widths", type=int, nargs="+", default=list(workload.WIDTHS))
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--min-sample-ms", type=float, default=10.0)
    parser.add_argument("--max-call-s", type=float, default=1.5, help="skip slower peer calls")
    parser.add_argument("--only", nargs="+", help="run only these runners")
    parser.add_argument("--native", default=os.path.join(ROOT, ".build/release/tagcloud-bench"))
    parser.add_argument("--c", default=os.path.join(ROOT, ".build/bench/flow"))
    parser.add_argument("--tagcloud", default=os.path.join(ROOT, ".build/release/tagcloud"))
    parser.add_argument("--loadgen", default=os.path.join(ROOT, ".build/bench/loadgen"))
    parser.add_argument("--echo", default=os.path.join(ROOT, ".build/bench/echo_server"))
    parser.add_argument("--workload", default=os.path.join(ROOT, ".build/bench/workload"))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs"), help="report directory")
    parser.add_argument("--runner-timeout-s", type=float, default=300.0)
    parser.add_argument("--page-counts", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--page-frames", type=int, default=120)
    parser.add_argument("--page-repeats", type=int, default=3)
    parser.add_argument("--churn-base", type=int, nargs="+", default=[100, 1000], help="page-churn: tags before the inserts")
    parser.add_argument("--churn-count", type=int, default=20, help="page-churn: tags inserted, then removed")
    parser.add_argument("--churn-settle", type=int, default=40, help="page-churn: frames after the last change")
    parser.add_argument("--churn-repeats", type=int, default=3)
    parser.add_argument("--report-only", action="store_true",
                        help="measure nothing: write the report again from OUT/benchmarks/results.json")
    parser.add_argument("--merge", action="store_true",
                        help="with --only: put these runners' new lines into OUT/benchmarks/results.json "
                             "in place of the lines they measure again, keep every other line, and write "
                             "the report from the whole")
    args = parser.parse_args(argv)
    if args.report_only:
        import report

        with open(os.path.join(args.out, "benchmarks", "results.json")) as handle:
            saved = json.load(handle)
        print(report.write(args.out, saved["results"], saved["failures"], saved["machine"], saved["settings"]))
        return 0
    if args.merge and not args.only:
        parser.error("--merge re-measures some runners: name them with --only")
    if args.smoke:
        args.counts, args.widths, args.repeats, args.min_sample_ms = [10], [390], 3, 1.0
        args.page_counts, args.page_frames, args.page_repeats = [10], 10, 1
        args.churn_base, args.churn_count, args.churn_settle, args.churn_repeats = [10], 5, 0, 1

    workload.write_workload(args.workload, args.counts)
    info = machine.describe()
    info["load_before"] = machine.load_average()
    results: list[dict] = []
    failures: list[dict] = []
    for runner in runners(args):
        if args.only and runner["name"] not in args.only:
            continue
        # The page drags take minutes at 1,000 tags (the element's frames are slow today).
        timeout = 3600.0 if runner["name"] in ("page", "page-churn") else args.runner_timeout_s
        lines, failure = run_one(runner, timeout)
        results.extend(lines)
        if failure:
            print(f"bench: {failure['engine']}: {failure['error']}", file=sys.stderr)
            failures.append(failure)
    info["load_after"] = machine.load_average()
    for result in results:
        if "scenario" in result and "error" in result:
            failures.append({"engine": f"server {result['engine']} {result['scenario']}",
                             "error": result["error"]})
    check_heights(results)

    import report

    if args.merge:
        results, failures, info, settings = merged(args.out, results, failures, info)
        print(report.write(args.out, results, failures, info, settings))
        return 0
    settings = {
        "counts": args.counts,
        "widths": args.widths,
        "repeats": args.repeats,
        "min_sample_ms": args.min_sample_ms,
        "spacing": workload.SPACING,
        "width_cycle": workload.WIDTH_CYCLE,
        "smoke": args.smoke,
    }
    text = report.write(args.out, results, failures, info, settings)
    print(text)
    wrong = [r for r in results if r.get("height_ok") is False]
    if wrong:
        for result in wrong:
            print(f"bench: {result['engine']} {result['op']} n={result['n']} width={result['width']}: "
                  f"height {result['height']} != {result['reference_height']}", file=sys.stderr)
    return 1 if (args.smoke and (failures or wrong)) else 0


def measured_key(result: dict) -> tuple:
    """What a result line measures: a new line with the same key replaces the old one."""
    return tuple(result.get(field) for field in ("engine", "op", "n", "width", "scenario", "kind"))


def merged(out: str, results: list[dict], failures: list[dict], info: dict) -> tuple[list, list, dict, dict]:
    """The saved run with `results` in place of the lines they measure again: its results, its
    failures, its machine and its settings. The saved machine stays the report's machine; this
    run's date, commit and load are added under `re-measured: ENGINES`, so that the report says
    which lines are newer."""
    with open(os.path.join(out, "benchmarks", "results.json")) as handle:
        saved = json.load(handle)
    fresh = {measured_key(result) for result in results}
    kept = [result for result in saved["results"] if measured_key(result) not in fresh]
    engines = sorted({result.get("engine", "?") for result in results})
    machine_info = dict(saved["machine"])
    machine_info[f"re-measured: {', '.join(engines)}"] = (
        f"{info['date']}, commit {info['commit']}, load {info['load_before']} → {info['load_after']}")
    earlier_failures = [failure for failure in saved["failures"] if failure.get("engine") not in engines]
    return kept + results, earlier_failures + failures, machine_info, saved["settings"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
