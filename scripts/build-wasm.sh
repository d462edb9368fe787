#!/usr/bin/env bash
# Builds web/tagcloud.wasm: TagCloudCore + the TagCloudWasm exports as Embedded Swift for
# wasm32-unknown-none-wasm, the CWasmRuntime C runtime, linked by the toolchain's wasm-ld, then
# shrunk by Debian's wasm-opt. Only the toolchain and Debian packages; nothing is downloaded.
# Deterministic: the same sources give the same bytes (Tests/node/module.test.mjs checks that
# the committed module is current).
#
# Usage: scripts/build-wasm.sh [--sizes] [output]   (default: web/tagcloud.wasm)
#   --sizes  also links a copy that keeps function names and lists the largest functions
#            (scripts/wasm-sizes.mjs): where the bytes go.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=false
if [[ ${1:-} == --sizes ]]; then
  sizes=true
  shift
fi
output=${1:-web/tagcloud.wasm}
toolchain_bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
out=.build/wasm
mkdir -p "$out" "$(dirname "$output")"

target=wasm32-unknown-none-wasm
# bulk-memory: memcpy/memset lower to memory.copy/memory.fill (every current browser, node >= 14).
features=(-Xcc -mbulk-memory)
swift_flags=(-target "$target" -enable-experimental-feature Embedded -wmo -Osize
  -parse-as-library -Xfrontend -disable-stack-protector "${features[@]}"
  # LLVM inlining off: Swift's own optimizer has inlined what pays; LLVM's extra inlining only
  # grows the module (about 2 KB). Swift's -Osize inliner made more frugal still (the default
  # factor is 2; 32 and above all give the same module, about 0.8 KB smaller).
  -Xllvm -inline-threshold=0 -Xfrontend -sil-inline-caller-benefit-reduction-factor
  -Xfrontend 32)

mapfile -t core_sources < <(find Sources/TagCloudCore -name '*.swift' | LC_ALL=C sort)
mapfile -t wasm_sources < <(find Sources/TagCloudWasm -name '*.swift' | LC_ALL=C sort)
mapfile -t c_sources < <(find Sources/CWasmRuntime -name '*.c' -o -name '*.h' | LC_ALL=C sort)

# Skip the build when nothing that goes into it changed (content hashes, not mtimes: a fresh
# clone's timestamps say nothing) and the output is the one this script made last time.
stamp="$out/inputs.sha256"
inputs_hash=$( {
  swiftc --version 2>&1
  wasm-opt --version
  sha256sum "$0" "${core_sources[@]}" "${wasm_sources[@]}" "${c_sources[@]}"
} | sha256sum | cut -d' ' -f1)
if ! $sizes && [[ -f $output && -f $stamp ]] &&
  [[ "$(cat "$stamp")" == "$inputs_hash $(sha256sum <"$output" | cut -d' ' -f1)" ]]; then
  echo "build-wasm: $output is up to date ($(wc -c <"$output") bytes)"
  exit 0
fi

swiftc "${swift_flags[@]}" -module-name TagCloudCore \
  -emit-module -emit-module-path "$out/TagCloudCore.swiftmodule" \
  -c "${core_sources[@]}" -o "$out/TagCloudCore.o"
swiftc "${swift_flags[@]}" -module-name TagCloudWasm -I "$out" \
  -c "${wasm_sources[@]}" -o "$out/TagCloudWasm.o"

objects=("$out/TagCloudCore.o" "$out/TagCloudWasm.o")
for source in "${c_sources[@]}"; do
  [[ $source == *.c ]] || continue
  object="$out/$(basename "$source" .c).o"
  "$toolchain_bin/clang" --target="$target" -mbulk-memory -Oz -ffreestanding -nostdlib \
    -fno-builtin -Wall -Werror -I Sources/CWasmRuntime/include -c "$source" -o "$object"
  objects+=("$object")
done

# 128-bit multiply (__multi3) and friends, if the number code needs them: Debian's
# libclang-rt-14-dev-wasm32. wasm-ld takes only the members that resolve something.
builtins=$(find /usr/lib/llvm-*/lib/clang -name 'libclang_rt.builtins-wasm32.a' 2>/dev/null |
  LC_ALL=C sort | tail -n 1)
if [[ -z $builtins ]]; then
  echo "build-wasm: libclang_rt.builtins-wasm32.a not found (apt install libclang-rt-14-dev-wasm32)" >&2
  exit 1
fi

exports=$(grep -ho '@_cdecl("[a-z_0-9]*")' "${wasm_sources[@]}" | sed 's/@_cdecl("\(.*\)")/--export=\1/')
# shellcheck disable=SC2086
"$toolchain_bin/wasm-ld" --no-entry --strip-all --gc-sections --stack-first $exports \
  "${objects[@]}" "$builtins" -o "$out/tagcloud.linked.wasm"
# The features clang/swiftc's default wasm32 CPU emits; every current browser and node >= 16
# has them. wasm-opt must be told, as --strip-all dropped the target_features section.
wasm-opt -Oz --strip-debug --strip-producers --enable-bulk-memory --enable-sign-ext \
  --enable-nontrapping-float-to-int --enable-mutable-globals \
  "$out/tagcloud.linked.wasm" -o "$output"
echo "$inputs_hash $(sha256sum <"$output" | cut -d' ' -f1)" >"$stamp"
if $sizes; then
  # shellcheck disable=SC2086
  "$toolchain_bin/wasm-ld" --no-entry --gc-sections --stack-first $exports \
    "${objects[@]}" "$builtins" -o "$out/tagcloud.names.wasm"
  wasm-opt -Oz -g --strip-dwarf --enable-bulk-memory --enable-sign-ext \
    --enable-nontrapping-float-to-int --enable-mutable-globals \
    "$out/tagcloud.names.wasm" -o "$out/tagcloud.names.wasm"
  node scripts/wasm-sizes.mjs "$out/tagcloud.names.wasm" 40
fi
# The budget is the gzip size, measured as the project's hook and Tests/node/module.test.mjs do.
echo "build-wasm: $output $(wc -c <"$output") bytes, $(gzip -9 -c "$output" | wc -c) gzipped (gzip -9; budget 24,576)"
