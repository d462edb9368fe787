#!/usr/bin/env bash
# The long reliability run (make check-full; about 25 minutes on two cores):
#   1. the reliability suite in its full form (RELIABILITY_FULL=1): 100,000 churn cycles, the
#      whole Autobahn run (sections 1-7, 9, 10), the slowloris drop; then the cluster's failover
#      and rolling restart behind nginx with 300 clients (60 under make test);
#   2. the server's Swift tests and both Python suites (server, reliability) against a build
#      with AddressSanitizer (leaks reported at the server's clean exit fail the test), then
#      with ThreadSanitizer;
#   3. every fuzz harness for FUZZ_SECONDS (default 300) each.
# Figures (churn, Autobahn counts) are appended as JSON lines to .build/reliability/figures.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/reliability
export RELIABILITY_FIGURES=$PWD/.build/reliability/figures.jsonl
export SWIFT_BACKTRACE=enable=no
pytest=(.venv/bin/python -m pytest -q -p no:cacheprovider)

# --from sanitizers|fuzz resumes a run at that step.
from=${2:-suite}
[[ ${1:-} == --from ]] || from=suite

if [[ $from == suite ]]; then
  echo "== full reliability suite (debug build)"
  swift build
  RELIABILITY_FULL=1 "${pytest[@]}" -s Tests/python/reliability
  echo "== cluster behind nginx: failover and rolling restart with 300 clients"
  CLUSTER_CLIENTS=300 "${pytest[@]}" Tests/python/cluster/test_failover.py \
    Tests/python/cluster/test_rolling_restart.py
fi

for sanitizer in address thread; do
  [[ $from == fuzz ]] && break
  echo "== $sanitizer sanitizer: server tests"
  scratch=.build/san-$sanitizer
  swift build --scratch-path "$scratch" --sanitize="$sanitizer" --product tagcloud 2>&1 \
    | grep -vE "Cannot export local symbol|^\[[0-9]+/[0-9]+\]" || true
  swift build --scratch-path "$scratch" --sanitize="$sanitizer" --build-tests 2>&1 \
    | grep -vE "Cannot export local symbol|^\[[0-9]+/[0-9]+\]" || true
  # Swift Testing only: XCTest's own runner leaks two objects at exit, which LeakSanitizer
  # would report against an empty XCTest run.
  LSAN_OPTIONS=suppressions=$PWD/scripts/lsan-suppressions.txt \
    swift test --scratch-path "$scratch" --sanitize="$sanitizer" --skip-build --disable-xctest \
    --filter TagCloudLiveTests
  bin=$(swift build --scratch-path "$scratch" --show-bin-path)/tagcloud
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1 \
    RELIABILITY_SANITIZER=$sanitizer TAGCLOUD_BIN=$bin \
    "${pytest[@]}" Tests/python/server Tests/python/reliability
done

echo "== fuzzing"
bash scripts/fuzz.sh --seconds "${FUZZ_SECONDS:-300}"
echo "check-full: all passed"
