#!/usr/bin/env bash
# `make test`: every test of the repository, within the 2 cores of a developer's machine or CI's.
#
#   1. what the tests need, two at a time (make -j2: the debug build, the venv, the Wasm core,
#      the gzip variants, the release artefacts of `make dist`), printed as it goes;
#   2. two lanes side by side: the Python suites (scripts/run-pytest.sh: three pytest-xdist
#      workers, printed as they go), and beside them, one after another, the stages that are
#      mostly compiling and computing (test-embedded, test-swift, test-node, test-fuzz,
#      test-docs), each into its own log, .build/test-logs/STAGE.log, printed whole once the
#      Python suites are done;
#   3. once both lanes are done, the frame-paced Python tests (`@pytest.mark.frame_paced`: they
#      count the frames WebKit and Firefox draw during a motion), alone on the machine;
#   4. a summary: each stage, passed or FAILED, its time and its closing line, and the failures
#      by name; then, as the very last line, both pytest runs' closing lines summed in pytest's
#      shape (scripts/pytest-total.py), which counts every Python test.
#
# The exit status is 0 only when every stage passed (pytest's 5, no test collected, fails too).
# A stage is run only after the ones it needs: a failed preparation stops everything.
# TAGCLOUD_TEST_LANES=1 runs the stages one after another instead (the old order).
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
LOGS=.build/test-logs
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log "$LOGS"/*.status

started=$(date +%s)
seconds() { echo $(( $(date +%s) - $1 )); }

echo "==> make test: preparing (build, venv, wasm, web-gzip, dist; two at a time)"
prepare_start=$(date +%s)
if ! $MAKE --no-print-directory -j2 --output-sync=target build venv wasm web-gzip dist; then
  echo "make test: FAILED while preparing (above); no test ran" >&2
  exit 1
fi
echo "==> make test: prepared in $(seconds "$prepare_start") s"

OTHER_STAGES=(test-embedded test-swift test-node test-fuzz test-docs)

# One stage of the other lane: its log, its status and its time.
run_stage() {
  local stage=$1 start
  start=$(date +%s)
  $MAKE --no-print-directory "$stage" > "$LOGS/$stage.log" 2>&1
  echo "$? $(seconds "$start")" > "$LOGS/$stage.status"
}

other_lane() {
  for stage in "${OTHER_STAGES[@]}"; do
    run_stage "$stage"
  done
}

# Interrupted (Ctrl-C, a CI timeout): the lane beside goes too, with everything it started.
trap 'trap - INT TERM; kill 0' INT TERM

if [[ ${TAGCLOUD_TEST_LANES:-2} == 1 ]]; then
  other_lane
  lane_pid=""
else
  other_lane &
  lane_pid=$!
fi

echo "==> make test: the Python suites (beside them: ${OTHER_STAGES[*]}, logged to $LOGS/)"
python_start=$(date +%s)
bash scripts/run-pytest.sh --phase main 2>&1 | tee "$LOGS/test-python.log"
python_status=${PIPESTATUS[0]}
echo "$python_status $(seconds "$python_start")" > "$LOGS/test-python.status"

if [[ -n $lane_pid ]]; then
  if kill -0 "$lane_pid" 2>/dev/null; then
    echo "==> make test: waiting for the other lane (${OTHER_STAGES[*]})"
  fi
  wait "$lane_pid"
fi

for stage in "${OTHER_STAGES[@]}"; do
  echo
  echo "==> $stage ($LOGS/$stage.log)"
  cat "$LOGS/$stage.log"
done

echo
echo "==> make test: the frame-paced Python tests, alone on the machine"
paced_start=$(date +%s)
bash scripts/run-pytest.sh --phase paced 2>&1 | tee "$LOGS/test-paced.log"
echo "${PIPESTATUS[0]} $(seconds "$paced_start")" > "$LOGS/test-paced.status"

# The closing line of a stage's log: the runner's count where it prints one.
closing_line() {
  case $1 in
    test-swift) grep -E "Test run with [0-9]+ tests? (passed|failed)|tests? (passed|failed) after" "$LOGS/$1.log" | tail -1 ;;
    test-node) grep -E "^ℹ (tests|pass|fail) " "$LOGS/$1.log" | tr '\n' ' ' ;;
    test-python | test-paced) grep -E "^(=+ )?[0-9]+ [a-z]+.* in [0-9.]+s|no tests ran" "$LOGS/$1.log" | tail -1 ;;
    *) grep -v '^\s*$' "$LOGS/$1.log" | tail -1 ;;
  esac
}

echo
echo "================================ make test summary ================================"
failed=()
for stage in "${OTHER_STAGES[@]}" test-python test-paced; do
  read -r status took < "$LOGS/$stage.status" || { status=1; took="?"; }
  if [[ $status == 0 ]]; then verdict=passed; else verdict=FAILED; failed+=("$stage"); fi
  printf '  %-14s %-7s %5s s  %s\n' "$stage" "$verdict" "$took" "$(closing_line "$stage" | cut -c1-100)"
done
echo "  wall time: $(seconds "$started") s (preparing included; apt's deps before it not)"
if ((${#failed[@]})); then
  echo "  FAILED stages: ${failed[*]} (their logs: $LOGS/STAGE.log)"
  grep -hE "^(FAILED|ERROR) " "$LOGS/test-python.log" "$LOGS/test-paced.log" | sed 's/^/    /' | head -50
  for stage in "${failed[@]}"; do
    [[ $stage == test-python || $stage == test-paced ]] && continue
    echo "    $stage, its last lines:"
    tail -n 15 "$LOGS/$stage.log" | sed 's/^/      /'
  done
fi
echo "==================================================================================="
# Last, both pytest runs' closing lines summed in pytest's shape: every Python test counted, as
# CI reads it.
.venv/bin/python scripts/pytest-total.py "$LOGS/test-python.log" "$LOGS/test-paced.log"
((${#failed[@]} == 0))
