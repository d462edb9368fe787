#!/usr/bin/env bash
# Compiles TagCloudCore as Embedded Swift for wasm32-unknown-none-wasm: the proof that the core
# stays pure (no Foundation, no existentials, no hashing, no I/O). Needs only the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/embedded-check
mkdir -p "$out"
mapfile -t sources < <(find Sources/TagCloudCore -name '*.swift' | sort)
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize \
  -parse-as-library -Xfrontend -disable-stack-protector \
  -module-name TagCloudCore -emit-module -emit-module-path "$out/TagCloudCore.swiftmodule" \
  -c "${sources[@]}" -o "$out/TagCloudCore.o"
echo "check-embedded: TagCloudCore compiles for wasm32-unknown-none-wasm (${#sources[@]} files)"
