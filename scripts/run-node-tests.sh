#!/usr/bin/env bash
# Runs the node suites (Tests/node/*.test.mjs) and fails on any skip that TAGCLOUD_ALLOW_SKIP
# did not allow: a test whose dependency is missing fails, naming it (Tests/node/support/require.mjs);
# any other skip (a bare `{ skip }` or `t.skip()`) is a failure of the run. The allowed skips are
# counted and listed with their reasons at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
files=("$@")  # default: every Tests/node/*.test.mjs
[[ ${#files[@]} -eq 0 ]] && files=(Tests/node/*.test.mjs)
if [[ ${#files[@]} -eq 0 ]]; then
  echo "run-node-tests.sh: no Tests/node/*.test.mjs: that is a failure" >&2
  exit 1
fi
mkdir -p .build
tap=.build/node-tests.tap
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$tap" "${files[@]}"
rc=$?
# TAP: "ok 3 - name # SKIP reason" (also for subtests, indented).
skipped=$(grep -E '^\s*ok [0-9]+ - .* # SKIP' "$tap" || true)
allowed=$(grep -F '# SKIP allowed skip: missing ' <<<"$skipped" || true)
stray=$(grep -vF '# SKIP allowed skip: missing ' <<<"$skipped" | grep . || true)
count=$(grep -c . <<<"$skipped" || true)
echo "tagcloud node: ${count} test(s) skipped (TAGCLOUD_ALLOW_SKIP=${TAGCLOUD_ALLOW_SKIP:-(none)})"
if [[ -n $allowed ]]; then
  sed -E 's/^\s*ok [0-9]+ - (.*) # SKIP allowed skip: /  \1: /' <<<"$allowed"
fi
if [[ -n $stray ]]; then
  echo "run-node-tests.sh: these tests skipped themselves without TAGCLOUD_ALLOW_SKIP; a skip is a failure here:" >&2
  sed -E 's/^\s*ok [0-9]+ - /  /' <<<"$stray" >&2
  [[ $rc -eq 0 ]] && rc=1
fi
exit $rc
