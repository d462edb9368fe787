#!/usr/bin/env bash
# Compiles TagCloudCore, then TagCloudWire against it, as Embedded Swift for
# wasm32-unknown-none-wasm: the proof that both modules stay pure (no Foundation, no
# existentials, no hashing, no I/O). Needs only the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/embedded-check
mkdir -p "$out"
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize
  -parse-as-library -Xfrontend -disable-stack-protector -package-name GlassTagCloud -I "$out")
for module in TagCloudCore TagCloudWire; do
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
  swiftc "${flags[@]}" -module-name "$module" \
    -emit-module -emit-module-path "$out/$module.swiftmodule" \
    -c "${sources[@]}" -o "$out/$module.o"
  echo "check-embedded: $module compiles for wasm32-unknown-none-wasm (${#sources[@]} files)"
done
