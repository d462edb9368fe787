#!/usr/bin/env bash
# Instructions a live frame costs `tagcloud serve`, whole process, under callgrind: the release
# binary (debug info stripped) on the epoll loop, `loadgen PORT PID 100 2 2 10` (100 sessions,
# 2 viewports a second each, no frame coalesced), counters zeroed 5 s into the load and dumped
# 6 s later, the dump's total divided by the frames /metrics counted in between. The method of
# docs/benchmarks/notes.md's server sections; needs valgrind and `make bench`'s loadgen.
#
#   bench/server_callgrind.sh [TAGCLOUD] [PORT] [-- SERVE FLAGS...]
#   bench/server_callgrind.sh .build/release/tagcloud 18431 -- --layout-cache 0
#
# Prints: frames, layout cache hits, instructions, instructions a frame. The dump is kept at
# .build/bench/server-callgrind.out for `callgrind_annotate --inclusive=yes`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/tagcloud}
port=${2:-18431}
shift $(($# < 2 ? $# : 2))
[[ ${1:-} == -- ]] && shift
command -v valgrind >/dev/null || { echo "server_callgrind: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[[ -x .build/bench/loadgen ]] || { echo "server_callgrind: .build/bench/loadgen is missing (make bench builds it)" >&2; exit 1; }
work=$(mktemp -d)
server=""
load=""
cleanup() {
  [[ -n $load ]] && kill "$load" 2>/dev/null
  [[ -n $server ]] && kill "$server" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
cp "$bin" "$work/tagcloud"
strip --strip-debug "$work/tagcloud"
TAGCLOUD_EVENT_LOOP=epoll valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
  "$work/tagcloud" serve --host 127.0.0.1 --port "$port" --web web "$@" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.2
done
pid=$(pgrep -f "$work/tagcloud serve" | head -1)
metric() { curl -s "http://127.0.0.1:$port/metrics" | awk -v name="$1" '$1 == name { print $2 }'; }
.build/bench/loadgen "$port" "$pid" 100 2 2 10 >"$work/loadgen.json" 2>&1 &
load=$!
sleep 5
callgrind_control -z "$pid" >/dev/null
frames_before=$(metric tagcloud_frames_out_total)
hits_before=$(metric tagcloud_layout_cache_hits_total)
sleep 6
callgrind_control -d "$pid" >/dev/null
frames=$(($(metric tagcloud_frames_out_total) - frames_before))
hits=$(($(metric tagcloud_layout_cache_hits_total) - hits_before))
dump=$(ls "$work"/cg.out*.1 | head -1)
mkdir -p .build/bench
cp "$dump" .build/bench/server-callgrind.out
instructions=$(callgrind_annotate "$dump" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
echo "frames $frames, layout cache hits $hits, instructions $instructions, a frame $((instructions / frames))"
