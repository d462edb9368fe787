"""The `make bench` harness itself works: its runners start, print well-formed measurements, lay
the workload out to the reference height, and the report is written. Not a timed test: n = 10
and 1 ms samples, a few seconds in all. Engines that need the bench requirements (Taffy, Yoga,
Chromium through Playwright) are left to `make bench`.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys

import pytest

from support.paths import REPO
from support.requirements import require, require_executable

ROOT = str(REPO)
# `make test` builds the debug binary; a release one (`make bench`) does as well.
CANDIDATES = [os.path.join(ROOT, ".build", kind, "tagcloud-bench") for kind in ("debug", "release")]
NATIVE = next((path for path in CANDIDATES if os.path.exists(path)), CANDIDATES[0])


def bench_module(name: str):
    """bench/py/NAME.py, loaded from its file (the bench's modules are scripts, not a package on
    the path)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", REPO / "bench" / "py" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def run_bench(out, *arguments, timeout=120):
    """`bench/py/run.py --smoke ARGUMENTS --out OUT`, which must succeed: the saved results and
    the report's text."""
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench/py/run.py"), "--smoke", *arguments, "--out", str(out)],
        capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    with open(out / "benchmarks" / "results.json") as file:
        return json.load(file), (out / "benchmarks.md").read_text()


def compiled_flow(work):
    """bench/c/flow.c compiled into WORK: the C runner's program."""
    require_executable("cc", "the bench harness compiles bench/c/flow.c: apt-get install gcc")
    flow = work / "flow"
    subprocess.run(["cc", "-O2", "-o", str(flow), os.path.join(ROOT, "bench/c/flow.c")], check=True)
    return flow


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    require("native", os.path.exists(NATIVE), f"{NATIVE} is missing: `swift build` builds it")
    require_executable("node", "the bench harness runs the Wasm build under node 20")
    work = tmp_path_factory.mktemp("bench")
    return run_bench(work / "docs", "--only", "c", "native", "wasm-node", "--native", NATIVE,
                     "--c", str(compiled_flow(work)), "--workload", str(work / "workload"))


def test_every_runner_measured_every_operation(smoke_run):
    data, _ = smoke_run
    measured = {(r["engine"], r["op"]) for r in data["results"] if "median_ns" in r}
    expected = {("c", "arrange"), ("native", "arrange"), ("native", "arrange-packed"),
                ("native", "relayout"), ("native", "merge"), ("wasm-node", "arrange"),
                ("wasm-node", "arrange-copy"), ("wasm-node", "layout-packed"),
                ("wasm-node", "arrange-kernel"), ("js-node", "arrange")}
    assert expected <= measured
    assert data["failures"] == []


def test_measurements_are_well_formed(smoke_run):
    data, _ = smoke_run
    for result in data["results"]:
        assert result["n"] == 10 and result["width"] == 390
        assert 0 < result["min_ns"] <= result["median_ns"] <= result["max_ns"], result
        assert result["samples"] == 3 and result["iterations"] >= 1, result


def test_node_runner_times_its_own_thread_after_a_warm_up(smoke_run):
    data, _ = smoke_run
    lines = [r for r in data["results"] if r["engine"] in ("wasm-node", "js-node")]
    assert len(lines) == 5
    for result in lines:
        # The main thread's CPU time (not the process's, which V8's compiler and GC threads
        # add to), after a warm-up of 20 batch lengths (1 ms batches in the smoke run).
        assert result["clock"] == "thread CPU", result
        assert result["warm_up_ns"] >= 20e6, result
        assert result["process_median_ns"] > 0, result


def test_every_engine_laid_out_the_reference_arrangement(smoke_run):
    data, _ = smoke_run
    for result in data["results"]:
        assert result["height_ok"], result
        assert result["height"] == result["reference_height"] == 214.0


def test_report_quotes_ratios_and_the_machine(smoke_run):
    _, text = smoke_run
    assert "time relative to the native packed API" in text
    assert "C greedy loop" in text and "Wasm in node 20" in text
    # The loader's target is judged against its plain-JavaScript peer of the same run.
    assert "loader `arrange()` ≤ 0.9× the same flow loop in plain JavaScript" in text
    assert "plain JavaScript flow loop in node 20" in text
    assert "| cpu |" in text and "| cores |" in text


@pytest.fixture(scope="module")
def page_smoke_run(tmp_path_factory):
    """The page drag (bench/py/page_runner.py) at 10 tags, 10 frames, once each: a few seconds."""
    if importlib.util.find_spec("playwright") is None:
        pytest.fail("the page bench needs playwright (Tests/requirements.txt)")
    work = tmp_path_factory.mktemp("page-bench")
    out = work / "docs"
    return *run_bench(out, "--only", "page", "--workload", str(work / "workload"), timeout=300), out


def test_page_drag_measured_the_element_beside_the_chips(page_smoke_run):
    data, _, _ = page_smoke_run
    assert data["failures"] == []
    cells = {(r["subject"], r["mode"]): r for r in data["results"] if r.get("engine") == "page"}
    assert set(cells) == {(s, m) for s in ("element", "chips") for m in ("loose", "melting")}
    for cell in cells.values():
        assert cell["n"] == 10 and cell["frames"] == 10 and cell["repeats"] == 1
        # Work was seen on the main thread, and the frames came at a plausible rate.
        assert 0 < cell["ms_per_frame"] < 1000, cell
        assert 5 < cell["interval_p50"] <= cell["interval_p90"] <= cell["interval_max"], cell
        assert 0 <= cell["dropped_frames"] <= 10
        # The whole browser, per thread kind: the page's renderer main thread worked, the GPU
        # process composited, and the kinds add up to the total of one run. (Not compared with
        # DevTools' main-thread durations: those are wall-clock, CPU time is less under load.)
        assert cell["browser_cpu_ms_per_frame"] >= cell["cpu_by_kind"]["main"] > 0, cell
        assert cell["cpu_by_kind"]["viz/GPU"] > 0, cell
        assert set(cell["cpu_by_kind"]) == {"main", "compositor", "viz/GPU", "raster", "other"}
        run = cell["runs"][0]
        assert abs(sum(run["cpu_by_kind"].values()) - run["browser_cpu_ms_per_frame"]) < 1e-6


def test_page_report_has_the_table_the_targets_and_the_plot(page_smoke_run):
    _, text, out = page_smoke_run
    assert "## Page: `<glass-tag-cloud>` beside plain CSS glass chips" in text
    assert "| 10 | loose | `<glass-tag-cloud>` |" in text and "| 10 | melting | CSS chips |" in text
    # At 10 tags the 1,000-tag targets are not measured, and the report says so.
    assert "page, 1,000 tags, loose" in text and "not measured" in text
    assert "whole-browser CPU per frame ≤ 1.3× the CSS chips'" in text
    assert "### Where the browser's CPU goes: per thread kind, ms per frame" in text
    assert "| 10 | melting | CSS chips |" in text.split("### Where the browser's CPU goes")[1]
    # The plot needs matplotlib, which `make bench` installs (bench/requirements.txt) and
    # `make test` does not: then the report says so instead.
    if importlib.util.find_spec("matplotlib") is not None:
        assert (out / "benchmarks" / "page.png").stat().st_size > 1000
        assert "benchmarks/page.png" in text
        assert (out / "benchmarks" / "page-cpu.png").stat().st_size > 1000
        assert "benchmarks/page-cpu.png" in text
    else:
        assert "No plot: matplotlib is not installed" in text


@pytest.fixture(scope="module")
def churn_smoke_run(tmp_path_factory):
    """The page's insert/remove (bench/py/page_churn.py) at 5 tags into 10, once each, the
    element's motion included: seconds."""
    if importlib.util.find_spec("playwright") is None:
        pytest.fail("the page bench needs playwright (Tests/requirements.txt)")
    work = tmp_path_factory.mktemp("churn-bench")
    return run_bench(work / "docs", "--only", "page-churn", "--workload", str(work / "workload"),
                     timeout=300)


def test_page_churn_measured_inserts_and_removes_beside_the_chips(churn_smoke_run):
    data, _ = churn_smoke_run
    assert data["failures"] == []
    cells = {(r["subject"], r["phase"]): r for r in data["results"] if r.get("engine") == "page-churn"}
    assert set(cells) == {(s, p) for s in ("element", "chips", "chips+motion") for p in ("insert", "remove")}
    for (subject, _), cell in cells.items():
        # The runner's own check passed (the subject showed 15, then 10 tags, the element's laid
        # out by its core), or it would have failed; here: the figures are there and plausible.
        assert cell["n"] == 10 and cell["count"] == 5 and cell["repeats"] == 1
        # A phase spans a frame per change and two after; the element's and the moving chips'
        # also their motion, about 0.5 s of frames after the last change (at least one, however
        # slow the frames).
        assert cell["frames"] >= cell["count"] + (2 if subject == "chips" else 3), cell
        assert cell["frames"] == cell["count"] + 2 or subject != "chips", cell
        for figure in ("ms", "browser_cpu_ms"):
            per_change, per_frame = cell[f"{figure}_per_change"], cell[f"{figure}_per_frame"]
            assert 0 < per_frame <= per_change < 1000, cell
            assert per_frame * cell["frames"] == pytest.approx(per_change * cell["count"]), cell
        assert 5 < cell["interval_p50"] <= cell["interval_p90"] <= cell["interval_max"], cell
        assert 0 <= cell["dropped_frames"] <= cell["frames"]
        assert cell["browser_cpu_ms_per_change"] >= cell["cpu_by_kind"]["main"] > 0, cell
        assert set(cell["cpu_by_kind"]) == {"main", "compositor", "viz/GPU", "raster", "other"}
        assert len(cell["load_before"]) == 3 and len(cell["load_after"]) == 3


def test_page_churn_report_has_both_phases_as_ratios(churn_smoke_run):
    _, text = churn_smoke_run
    assert "## Page: tags inserted and removed, `<glass-tag-cloud>` beside plain CSS glass chips" in text
    assert "It has no insert motion yet" not in text
    assert "**with its motion**" in text and "this is the headline ratio" in text
    assert "| tags | phase | subject | frames | main thread, ms per change | ÷ chips | per frame | ÷ chips |" in text
    for phase in ("insert", "remove"):
        row = next(line for line in text.splitlines() if line.startswith(f"| 10 + 5 | {phase} | `<glass-tag-cloud>` | "))
        cells = [cell.strip() for cell in row.split("|")[1:-1]]
        assert int(cells[3]) >= 8, row  # frames: 5 changes, the motion, two after
        # ÷ chips: main thread and browser, each per change and per frame
        assert all(cells[k].endswith("×") and cells[k] != "–" for k in (5, 7, 9, 11)), row
        assert f"| 10 + 5 | {phase} | CSS chips | 7 |" in text
        moving = next(line for line in text.splitlines() if line.startswith(f"| 10 + 5 | {phase} | CSS chips with motion | "))
        assert int(moving.split("|")[4]) >= 8, moving  # its motion's frames too
    assert "The element beside the chips showing the same changes with motion (FLIP), per frame: 10 insert: main thread " in text


@pytest.fixture(scope="module")
def server_smoke_run(tmp_path_factory):
    """The server bench (bench/py/server_bench.py --quick) at 50 sessions: the saturating run
    that gives the capacity, then the open loop at half of it, tagcloud beside the echo floor;
    about 15 s."""
    from support.harness import tagcloud_binary
    from support.requirements import require_module

    require_module("hdrh", "pip install -r Tests/requirements.txt (hdrhistogram)")
    require_executable("cc", "the bench harness compiles bench/c: apt-get install gcc")
    require_executable("pkg-config", "apt-get install pkg-config libwebsockets-dev")
    work = tmp_path_factory.mktemp("server-bench")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libwebsockets"], check=True,
                           capture_output=True, text=True).stdout.split()
    programs = {}
    for name in ("loadgen", "echo_server"):
        programs[name] = str(work / name)
        subprocess.run(["cc", "-O2", "-o", programs[name], os.path.join(ROOT, f"bench/c/{name}.c"), *flags,
                        "-lev"],  # libev: the epoll loop of both (libev-dev, from libwebsockets-dev)
                       check=True)
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench/py/server_bench.py"), str(tagcloud_binary()),
         programs["loadgen"], programs["echo_server"], "--quick", "--idle", "--fractions", "0.5"],
        capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    server_report = bench_module("server_report")
    return results, "\n".join(server_report.targets(results) + server_report.section(results))


def test_open_loop_latencies_are_timed_from_intended_send_times(server_smoke_run):
    results, _ = server_smoke_run
    summaries = {(r["engine"], r["scenario"]): r for r in results if "run" not in r}
    busy = summaries[("tagcloud", "busy-50")]
    capacity = 1e6 / busy["server_cpu_us_per_frame"]
    for engine in ("tagcloud", "echo"):
        half = summaries[(engine, "open-50")]
        assert "error" not in half, half
        # Offered at half the capacity measured in the same run, the same rate for both servers.
        assert half["capacity_per_s"] == pytest.approx(capacity)
        assert half["offered_per_s"] == pytest.approx(0.5 * capacity)
        # Every viewport of the window was answered and timed into the histogram.
        assert half["hdr_count"] > 0 and half["unanswered"] == 0, half
        assert 0 < half["hdr_p50_us"] <= half["hdr_p99_us"] <= half["hdr_p999_us"] <= half["hdr_max_us"]
        # Latency counts from the intended send time, which the write can only follow: the
        # latency of the latest write is at least its lag behind its intended time.
        assert half["send_lag_mean_us"] >= 0
        assert half["hdr_max_us"] >= half["send_lag_max_us"] * 0.999


def test_server_report_has_the_open_loop_table(server_smoke_run):
    _, text = server_smoke_run
    assert "### Latency at fixed offered rates (open loop, coordinated omission corrected)" in text
    assert "| 50 % |" in text and "bare lws (floor)" in text
    assert "open loop at 50 % of capacity: p99 ≤ 1.3× the bare-lws floor's" in text
    assert "live frame at 1,000 sessions: ≤ 1.15× the bare-lws server CPU per frame" in text


def test_the_server_targets_are_judged_on_the_median_of_the_paired_runs():
    """Both server targets are judged run by run against the floor's run beside it: the
    median of the paired ratios. One preempted run (here tagcloud's third, 6 ms) decides the
    merged histograms' p99 and is shown, but the verdict is the pairs' median. Seen failing
    with the verdict taken from the merged p99s (2.00x: missed)."""
    server_report = bench_module("server_report")

    def open_loop(engine, p99s, merged):
        return {"engine": engine, "scenario": "open-50", "hdr_p99_us": merged, "hdr_p50_us": 110,
                "offered_per_s": 26456, "per_run": {"hdr_p99_us": p99s}}

    def busy(engine, cpus):
        return {"engine": engine, "scenario": "busy-1000", "server_cpu_us_per_frame": sorted(cpus)[1],
                "per_run": {"server_cpu_us_per_frame": cpus}}

    results = [open_loop("tagcloud", [418, 1675, 6047], 2940), open_loop("echo", [471, 3267, 953], 1470),
               busy("tagcloud", [18.3, 18.9, 20.5]), busy("echo", [17.7, 17.3, 19.5])]
    rows = "\n".join(server_report.targets(results))
    latency = next(row for row in rows.splitlines() if "p99 ≤ 1.3×" in row)
    assert "0.89×, median of 3 paired runs: 0.89×, 0.51×, 6.35×" in latency, latency
    assert "merged: 2.00×" in latency and latency.endswith("**met** |"), latency
    cpu = next(row for row in rows.splitlines() if "≤ 1.15×" in row)
    assert "1.05×, median of 3 paired runs: 1.03×, 1.09×, 1.05×" in cpu and cpu.endswith("**met** |"), cpu
    # Runs that do not pair up: the merged figure decides.
    results[0]["per_run"]["hdr_p99_us"] = [418, 1675]
    rows = "\n".join(server_report.targets(results))
    latency = next(row for row in rows.splitlines() if "p99 ≤ 1.3×" in row)
    assert "2.00× (2.94 ms vs 1.47 ms)" in latency and latency.endswith("**missed** |"), latency
    assert server_report.paired_median([1, 2], [0, 1]) is None


def test_merge_replaces_only_the_lines_it_measures_again(tmp_path):
    """`run.py --only R --merge` re-measures runner R into a saved report: R's lines are new,
    every other runner's are kept as they were, and the report names what was re-measured."""
    require_executable("node", "the bench harness runs the Wasm build under node 20")
    out = tmp_path / "docs"
    common = ["--c", str(compiled_flow(tmp_path)), "--workload", str(tmp_path / "workload")]
    before, _ = run_bench(out, *common, "--only", "c", "wasm-node")
    after, report = run_bench(out, *common, "--only", "wasm-node", "--merge")

    def lines(run, engines):
        return sorted((json.dumps(r, sort_keys=True) for r in run["results"] if r["engine"] in engines))

    assert lines(after, {"c"}) == lines(before, {"c"}), "the runner not named was measured again"
    assert len(lines(after, {"wasm-node", "js-node"})) == len(lines(before, {"wasm-node", "js-node"}))
    assert lines(after, {"wasm-node", "js-node"}) != lines(before, {"wasm-node", "js-node"})
    assert after["machine"]["date"] == before["machine"]["date"]
    assert "re-measured: js-node, wasm-node" in report


def test_report_includes_the_hand_written_notes(tmp_path):
    """docs/benchmarks.md is generated, so hand-written notes live beside its raw data, in
    benchmarks/notes.md, and every report written there (a run, `--merge`, `--report-only`)
    includes them as they stand: a new run keeps them."""
    (tmp_path / "benchmarks").mkdir()
    shutil.copy(os.path.join(ROOT, "docs", "benchmarks", "results.json"), tmp_path / "benchmarks")
    notes = "## Notes\n\nA hand-written paragraph that a new report must keep.\n"
    (tmp_path / "benchmarks" / "notes.md").write_text(notes)
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench/py/run.py"), "--report-only", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "benchmarks.md").read_text()
    assert notes.strip() in text
    assert text.index("## Notes") < text.index("## Machine")


def test_committed_report_holds_the_committed_notes():
    """The committed docs/benchmarks.md was written with today's docs/benchmarks/notes.md (run
    `bench/py/run.py --report-only` after editing the notes)."""
    with open(os.path.join(ROOT, "docs", "benchmarks", "notes.md"), encoding="utf-8") as handle:
        notes = handle.read().strip()
    with open(os.path.join(ROOT, "docs", "benchmarks.md"), encoding="utf-8") as handle:
        assert notes and notes in handle.read()


def scripted_renderers(monkeypatch, marks: list[dict[int, float]]):
    """browser_cpu with its /proc reads replaced: mark k adds `marks[k][pid]` MiB to each listed
    renderer's resident memory (a PID first seen in mark k starts with that much). Returns the
    module and `mark`."""
    browser_cpu = bench_module("browser_cpu")
    resident: dict[int, int] = {}
    made = iter(marks)

    def mark():
        for pid, mib in next(made).items():
            resident[pid] = resident.get(pid, 0) + int(mib * 2**20)

    monkeypatch.setattr(browser_cpu, "_renderer_memory", lambda root: dict(resident))
    return browser_cpu, mark


def test_the_pages_renderer_is_the_one_that_holds_the_pages_mark(monkeypatch):
    """The page's renderer (PID 1) grows by the mark; another renderer (2) grows by less, and one
    that starts during the mark (3) holds more than the mark but was not there before it. Seen to
    fail with new renderers counted from zero, and with the growth asked for taken as any."""
    page, drawing, spare = 1, 2, 3
    marks = [{page: 64, drawing: 20, spare: 90}]
    browser_cpu, mark = scripted_renderers(monkeypatch, [{page: 30, drawing: 30}] + marks)
    mark()
    assert browser_cpu.page_renderer(0, mark) == page


def test_no_renderer_standing_out_is_an_error_naming_each_ones_growth(monkeypatch):
    marks = [{1: 0, 2: 0}] + [{1: 64, 2: 64}] * 3
    browser_cpu, mark = scripted_renderers(monkeypatch, marks)
    mark()
    with pytest.raises(RuntimeError, match=r"no one renderer grew by the page's 64 MiB in 3 marks "
                                           r"\(last: 1: \+64\.0 MiB, 2: \+64\.0 MiB\)"):
        browser_cpu.page_renderer(0, mark)
