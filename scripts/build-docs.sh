#!/usr/bin/env bash
# `make docs`: the DocC reference of TagCloudCore and TagCloudWire as one static site, built
# with the toolchain's `docc` (the swift-docc-plugin cannot be fetched here).
#
# 1. `swift build` of TagCloudWire (and so TagCloudCore) in a scratch directory of its own,
#    emitting symbol graphs (public symbols only);
# 2. `docc convert` of each module's catalog with its own symbol graphs, TagCloudCore first:
#    TagCloudWire resolves links to TagCloudCore's symbols against its archive (--dependency);
#    any warning (a broken symbol link, a missing page) fails the build (--warnings-as-errors);
# 3. `docc merge` of both into .build/docs/GlassTagCloud.doccarchive, a static site: serve that
#    directory and open /documentation/tagcloudcore or /documentation/tagcloudwire.
#
# Usage: scripts/build-docs.sh [output]   (default: .build/docs/GlassTagCloud.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/GlassTagCloud.doccarchive}
scratch=.build/docs
# The compiler writes a module's graphs only when it compiles the module, so they are kept
# beside the build that made them (a module the build skips keeps the graphs it had).
graphs=$scratch/build/symbol-graphs
rm -rf "$scratch/module-graphs" "$scratch/archives"
mkdir -p "$graphs" "$scratch/module-graphs" "$scratch/archives"

swift build --quiet --scratch-path "$scratch/build" --target TagCloudWire \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
  -Xswiftc -emit-extension-block-symbols

archives=()
for module in TagCloudCore TagCloudWire; do
  # This module's graphs: its own and those of the types it extends (TagCloudWire@TagCloudCore).
  [[ -f $graphs/$module.symbols.json ]] || {
    echo "build-docs: no symbol graph for $module (rm -rf $scratch/build and run again)" >&2
    exit 1
  }
  mkdir -p "$scratch/module-graphs/$module"
  # Its own graph and those of the types it extends (TagCloudWire@TagCloudCore), if any.
  cp "$graphs/$module".symbols.json $(compgen -G "$graphs/$module@*.symbols.json" || true) \
    "$scratch/module-graphs/$module/"
  dependencies=()
  for archive in "${archives[@]}"; do dependencies+=(--dependency "$archive"); done
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$scratch/module-graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "glasstagcloud.$module" \
    --output-path "$scratch/archives/$module.doccarchive" \
    --enable-experimental-external-link-support "${dependencies[@]}" \
    --warnings-as-errors
  archives+=("$scratch/archives/$module.doccarchive")
done

rm -rf "$output"
docc merge "${archives[@]}" --synthesized-landing-page-name "Glass Tag Cloud" \
  --output-path "$output"
echo "build-docs: $output (serve the directory; /documentation/tagcloudcore, /documentation/tagcloudwire)"
