"""The `make bench` harness itself works: its runners start, print well-formed measurements, lay
the workload out to the reference height, and the report is written. Not a timed test: n = 10
and 1 ms samples, a few seconds in all. Engines that need the bench requirements (Taffy, Yoga,
Chromium through Playwright) are left to `make bench`.
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# `make test` builds the debug binary; a release one (`make bench`) does as well.
CANDIDATES = [os.path.join(ROOT, ".build", kind, "tagcloud-bench") for kind in ("debug", "release")]
NATIVE = next((path for path in CANDIDATES if os.path.exists(path)), CANDIDATES[0])


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    if not os.path.exists(NATIVE):
        pytest.fail(f"{NATIVE} is missing: `swift build` builds it")
    if shutil.which("cc") is None or shutil.which("node") is None:
        pytest.fail("the bench harness needs cc and node")
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
