#!/usr/bin/env bash
# Runs the Python suites (WebSocket integration, browser, engines, ...). Every exit status of
# pytest but 0 is a failure, 5 ("no tests ran") included: an empty or uncollectable suite is not a
# green one. Skips: a test whose dependency is missing fails, naming it
# (Tests/python/support/requirements.py); TAGCLOUD_ALLOW_SKIP=chromium,kosoku,... (or `all`) turns
# those into skips, which the summary lists with their reasons. A module that skips itself at
# collection time fails too, and an xfail test that passes fails (xfail_strict, Tests/python/pytest.ini).
#
# Two pytest-xdist workers by default (TAGCLOUD_PYTEST_WORKERS=N, 0 for one process): the suites
# mostly wait on browsers, servers and timers, so two share the machine's cores well. Each worker
# takes a whole unit at a time, the engine suite or one test file (Tests/python/conftest.py,
# work_unit), so WebKit and Firefox start once and a module's shared server once. pytest's own
# closing line counts every test of both workers.
set -uo pipefail
cd "$(dirname "$0")/.."
workers=${TAGCLOUD_PYTEST_WORKERS:-2}
parallel=()
if [[ $workers != 0 ]]; then
  parallel=(-n "$workers")
fi
# --durations=25: the 25 slowest steps in every report, to keep `make test` within its time.
.venv/bin/python -m pytest -q -rfEs --durations=25 "${parallel[@]}" Tests/python "$@"
rc=$?
if [[ $rc -eq 5 ]]; then
  echo "run-pytest.sh: pytest collected no test (exit 5): that is a failure" >&2
fi
exit $rc
