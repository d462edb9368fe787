#!/usr/bin/env bash
# Runs the Python suites (WebSocket integration, browser). Every exit status of pytest but 0 is a
# failure, 5 ("no tests ran") included: an empty or uncollectable suite is not a green one.
# Skips: a test whose dependency is missing fails, naming it (Tests/python/support/requirements.py);
# TAGCLOUD_ALLOW_SKIP=chromium,kosoku,... (or `all`) turns those into skips, which the summary
# lists with their reasons. A module that skips itself at collection time fails too, and an xfail
# test that passes fails (xfail_strict, Tests/python/pytest.ini).
set -uo pipefail
cd "$(dirname "$0")/.."
# --durations=25: the 25 slowest steps in every report, to keep `make test` under 15 minutes.
.venv/bin/python -m pytest -q -rs --durations=25 Tests/python "$@"
rc=$?
if [[ $rc -eq 5 ]]; then
  echo "run-pytest.sh: pytest collected no test (exit 5): that is a failure" >&2
fi
exit $rc
