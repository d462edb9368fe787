#!/usr/bin/env bash
# Runs the Python suites (WebSocket integration, browser). pytest exits 5 when it collects no test;
# that is not a failure while a suite is still empty.
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ -z $(find Tests/python -name 'test_*.py' -print -quit 2>/dev/null) ]]; then exit 0; fi
.venv/bin/python -m pytest -q Tests/python "$@"
rc=$?
if [[ $rc -eq 5 ]]; then exit 0; fi
exit $rc
