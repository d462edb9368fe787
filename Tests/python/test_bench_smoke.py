"""The `make bench` harness itself works: its runners start, print well-formed measurements, lay
the workload out to the reference height, and the report is written. Not a timed test: n = 10
and 1 ms samples, a few seconds in all. Engines that need the bench requirements (Taffy, Yoga,
Chromium through Playwright) are left to `make bench`.
"""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from support.paths import REPO
from support.requirements import require, require_executable

ROOT = str(REPO)
# `make test` builds the debug binary; a release one (`make bench`) does as well.
CANDIDATES = [os.path.join(ROOT, ".build", kind, "tagcloud-bench") for kind in ("debug", "release")]
NATIVE = next((path for path in CANDIDATES if os.path.exists(path)), CANDIDATES[0])


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    require("native", os.path.exists(NATIVE), f"{NATIVE} is missing: `swift build` builds it")
    require_executable("cc", "the bench harness compiles bench/c/flow.c: apt-get install gcc")
    require_executable("node", "the bench harness runs the Wasm build under node 20")
    work = tmp_path_factory.mktemp("bench")
    flow = work / "flow"
    subprocess.run(["cc", "-O2", "-o", str(flow), os.path.join(ROOT, "bench/c/flow.c")], check=True)
    out = work / "docs"
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench/py/run.py"), "--smoke", "--only", "c", "native",
         "wasm-node", "--native", NATIVE, "--c", str(flow), "--workload", str(work / "workload"),
         "--out", str(out)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    with open(out / "benchmarks" / "results.json") as file:
        return json.load(file), (out / "benchmarks.md").read_text()


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
    assert "loader `arrange()` ≤ 1.0× the same flow loop in plain JavaScript" in text
    assert "plain JavaScript flow loop in node 20" in text
    assert "| cpu |" in text and "| cores |" in text


@pytest.fixture(scope="module")
def page_smoke_run(tmp_path_factory):
    """The page drag (bench/py/page_runner.py) at 10 tags, 10 frames, once each: a few seconds."""
    if importlib.util.find_spec("playwright") is None:
        pytest.fail("the page bench needs playwright (Tests/requirements.txt)")
    work = tmp_path_factory.mktemp("page-bench")
    out = work / "docs"
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench/py/run.py"), "--smoke", "--only", "page",
         "--workload", str(work / "workload"), "--out", str(out)],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    with open(out / "benchmarks" / "results.json") as file:
        return json.load(file), (out / "benchmarks.md").read_text(), out


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


def test_page_report_has_the_table_the_targets_and_the_plot(page_smoke_run):
    _, text, out = page_smoke_run
    assert "## Page: `<glass-tag-cloud>` beside plain CSS glass chips" in text
    assert "| 10 | loose | `<glass-tag-cloud>` |" in text and "| 10 | melting | CSS chips |" in text
    # At 10 tags the 1,000-tag targets are not measured, and the report says so.
    assert "page, 1,000 tags, loose" in text and "not measured" in text
    # The plot needs matplotlib, which `make bench` installs (bench/requirements.txt) and
    # `make test` does not: then the report says so instead.
    if importlib.util.find_spec("matplotlib") is not None:
        assert (out / "benchmarks" / "page.png").stat().st_size > 1000
        assert "benchmarks/page.png" in text
    else:
        assert "No plot: matplotlib is not installed" in text
