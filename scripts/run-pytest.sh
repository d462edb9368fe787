#!/usr/bin/env bash
# Runs the Python suites (WebSocket integration, browser, engines, ...). Every exit status of
# pytest but 0 is a failure, 5 ("no tests ran") included: an empty or uncollectable suite is not a
# green one. Skips: a test whose dependency is missing fails, naming it
# (Tests/python/support/requirements.py); TAGCLOUD_ALLOW_SKIP=chromium,kosoku,... (or `all`) turns
# those into skips, which the summary lists with their reasons. A module that skips itself at
# collection time fails too, and an xfail test that passes fails (xfail_strict, Tests/python/pytest.ini).
#
#   scripts/run-pytest.sh [PYTEST ARGS]           # both phases, one after the other
#   scripts/run-pytest.sh --phase main [ARGS]     # every test but the frame-paced ones
#   scripts/run-pytest.sh --phase paced [ARGS]    # the frame-paced ones, in one process
#
# Two phases: first every test but the frame-paced ones (`@pytest.mark.frame_paced`: they count
# the frames an engine draws during a motion, which a loaded machine starves), three
# pytest-xdist workers by default (TAGCLOUD_PYTEST_WORKERS=N, 0 for one process): the suites
# mostly wait on browsers, servers and timers. With three a fresh clone's `make test` took
# 11 min 13 s and 12 min 28 s, with two 12 min 3 s; their load once starved timing-bound tests,
# each since made to wait on state instead of time (docs/TESTING.md). Each worker
# takes a whole unit at a time, the engine suite or one test file (Tests/python/conftest.py,
# work_unit), so WebKit and Firefox start once and a module's shared server once. Then the
# frame-paced tests, alone. `make test` (scripts/run-tests.sh) runs the second phase only once
# the compiling lane beside it is done too. With both phases, the last line sums their closing
# lines (scripts/pytest-total.py): every Python test counted.
set -uo pipefail
cd "$(dirname "$0")/.."
phase=all
if [[ ${1:-} == --phase ]]; then
  phase=$2
  shift 2
fi
workers=${TAGCLOUD_PYTEST_WORKERS:-3}

# One phase: `main` or `paced`, its output on stdout; pytest's status, 5 ("no tests ran") a failure.
run_phase() {
  local which=$1 parallel=() marks
  shift
  if [[ $which == main ]]; then
    marks="not frame_paced"
    [[ $workers != 0 ]] && parallel=(-n "$workers")
  else
    marks="frame_paced"
    parallel=(-p no:xdist)
  fi
  # --durations=25: the 25 slowest steps in every report, to keep `make test` within its time.
  .venv/bin/python -m pytest -q -rfEs --durations=25 "${parallel[@]}" -m "$marks" Tests/python "$@"
  local rc=$?
  if [[ $rc -eq 5 ]]; then
    echo "run-pytest.sh: pytest collected no test in the $which phase (exit 5): that is a failure" >&2
  fi
  return $rc
}

case $phase in
  main | paced)
    run_phase "$phase" "$@"
    exit $?
    ;;
  all)
    logs=$(mktemp -d)
    trap 'rm -rf "$logs"' EXIT
    run_phase main "$@" | tee "$logs/main.log"
    main_status=${PIPESTATUS[0]}
    echo "==> run-pytest.sh: the frame-paced tests, alone"
    run_phase paced "$@" | tee "$logs/paced.log"
    paced_status=${PIPESTATUS[0]}
    echo "==> run-pytest.sh: both phases"
    .venv/bin/python scripts/pytest-total.py "$logs/main.log" "$logs/paced.log"
    ((main_status == 0 && paced_status == 0))
    exit $?
    ;;
  *)
    echo "run-pytest.sh: --phase is main or paced, not '$phase'" >&2
    exit 2
    ;;
esac
