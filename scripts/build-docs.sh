#!/usr/bin/env bash
# `make docs`: the DocC reference of TagCloudCore and TagCloudWire as one static site, built
# with the toolchain's `docc` (the swift-docc-plugin cannot be fetched here).
#
# 1. the symbol graphs (public symbols only) of TagCloudCore and TagCloudWire, read by
#    `swift symbolgraph-extract` from the modules of the debug build (`make build`, which
#    `make docs` runs first): no second compile of the modules;
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
graphs=$scratch/symbol-graphs
rm -rf "$graphs" "$scratch/module-graphs" "$scratch/archives"
mkdir -p "$graphs" "$scratch/module-graphs" "$scratch/archives"

modules=$(swift build --show-bin-path)/Modules
for module in TagCloudCore TagCloudWire; do
  [[ -f $modules/$module.swiftmodule ]] || {
    echo "build-docs: $modules/$module.swiftmodule is missing: run \`make build\` first" >&2
    exit 1
  }
  swift symbolgraph-extract -module-name "$module" -I "$modules" \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -emit-extension-block-symbols -output-dir "$graphs"
done

archives=()
for module in TagCloudCore TagCloudWire; do
  # This module's graphs: its own and those of the types it extends (TagCloudWire@TagCloudCore).
  [[ -f $graphs/$module.symbols.json ]] || {
    echo "build-docs: no symbol graph for $module in $graphs" >&2
    exit 1
  }
  mkdir -p "$scratch/module-graphs/$module"
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
