#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (their own package and .build, with
# -sanitize=fuzzer,address) and runs each on its checked-in corpus.
#
#   scripts/fuzz.sh                 # every harness for 300 s (make fuzz)
#   scripts/fuzz.sh --seconds 6     # a smoke run (make test)
#   scripts/fuzz.sh --seconds 60 FuzzLiveHub
#
# New inputs the fuzzer finds go to .build/fuzz/corpus/<harness> (not the checked-in seeds);
# a crash leaves its input in .build/fuzz/artifacts/ and fails the script. Each run's summary
# line (executions, coverage) is printed, and appended to .build/fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=300
harnesses=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
[[ ${#harnesses[@]} -gt 0 ]] || harnesses=(FuzzJSONReader FuzzLayoutService FuzzLiveHub)

corpus_dir() {
  case $1 in
    FuzzJSONReader) echo json-reader ;;
    FuzzLayoutService) echo layout-service ;;
    FuzzLiveHub) echo live-hub ;;
    *) echo "unknown harness $1" >&2; exit 2 ;;
  esac
}

# Release (-O) with ASan: -Onone Swift is tens of times slower per execution. lld, because
# gold fails on these objects ("internal error in format_file_lineno").
scratch=.build/fuzz
mkdir -p "$scratch"
# SwiftPM does not notice files added to a local dependency (the root package) and would build
# from a stale plan: drop the plan so that it is made again (about a second).
rm -f "$scratch/release.yaml"
if ! swift build --package-path Fuzz --scratch-path "$scratch" -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    >"$scratch/build.log" 2>&1; then
  grep -vE "Cannot export local symbol|^\[[0-9]+/[0-9]+\]" "$scratch/build.log" >&2
  echo "fuzz: the harnesses did not build (log: $scratch/build.log)" >&2
  exit 1
fi
bin=$(swift build --package-path Fuzz --scratch-path "$scratch" -c release --show-bin-path)

mkdir -p "$scratch/artifacts"
# Swift's own crash backtracer trips over ASan's shadow memory; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no
status=0
for harness in "${harnesses[@]}"; do
  [[ -x $bin/$harness ]] || { echo "fuzz: $bin/$harness was not built" >&2; exit 1; }
  name=$(corpus_dir "$harness")
  found="$scratch/corpus/$name"
  mkdir -p "$found"
  log="$scratch/$harness.log"
  echo "fuzz: $harness for ${seconds}s (seeds Fuzz/corpus/$name)"
  if ! "$bin/$harness" "$found" "Fuzz/corpus/$name" -max_total_time="$seconds" \
      -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$scratch/artifacts/$harness-" >"$log" 2>&1; then
    echo "fuzz: $harness FAILED; see $log and $scratch/artifacts/" >&2
    grep -E "ERROR|Fatal|precondition|SUMMARY" "$log" | head -20 >&2
    status=1
  fi
  runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
  cov=$(grep -E "^#[0-9]+" "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+).*/\1/')
  line="$(date -u +%FT%TZ) $harness seconds=$seconds executions=${runs:-?} coverage=${cov:-?}"
  echo "fuzz: $line"
  echo "$line" >>"$scratch/summary.txt"
done
exit $status
