#!/usr/bin/env bash
# `make dist`: the two release artefacts, named with the version of web/package.json (the one
# place the version lives), under dist/, once CHANGELOG.md accounts for that version
# (scripts/check-changelog.mjs: the rule at the top of CHANGELOG.md):
#   dist/glass-tag-cloud-VERSION.tgz              npm pack of web/ (offline; what `npm install` takes),
#                                                 with the licence and the changelog
#   dist/tagcloud-VERSION-linux-ARCH.tar.gz       the server: release build, stripped, Swift runtime
#                                                 linked in (it needs only Debian's libwebsockets),
#                                                 with the web/ it serves, README, licence,
#                                                 changelog and deploy/ when it exists
#   dist/SHA256SUMS
# Both archives are reproducible: file order, owners and times are fixed (times from the last
# commit), gzip stores no name or time.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in node npm strip; do
  command -v "$tool" >/dev/null || { echo "dist: '$tool' is missing (node and npm come with Node 20, strip with binutils)" >&2; exit 1; }
done
version=$(node -p 'require("./web/package.json").version')
# One version per build: a release version needs its changelog section and an empty
# [Unreleased]; a development version (X.Y.Z-dev) claims [Unreleased] (CHANGELOG.md's header).
node scripts/check-changelog.mjs
arch=$(uname -m)
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
release="tagcloud-$version-linux-$arch"
stage=.build/dist
mkdir -p dist "$stage"
rm -f dist/glass-tag-cloud-*.tgz dist/tagcloud-*-linux-*.tar.gz dist/SHA256SUMS

# The npm package. npm would only reach the network for its update notice and audit: both off.
export NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false npm_config_audit=false npm_config_fund=false
# SOURCE_DATE_EPOCH: npm (10.x) otherwise stamps the archive's entries with a fixed 1985 date
# anyway; the packed file list is `files` of web/package.json plus package.json, README, LICENSE.
(cd web && SOURCE_DATE_EPOCH=$epoch npm pack --offline --silent --pack-destination ../dist >/dev/null)
test -f "dist/glass-tag-cloud-$version.tgz" || { echo "dist: npm pack made no dist/glass-tag-cloud-$version.tgz" >&2; exit 1; }

# The server: the Swift runtime linked statically, so the archive runs without the toolchain.
swift build -c release --product tagcloud --static-swift-stdlib
rm -rf "${stage:?}/$release"
mkdir -p "$stage/$release/bin"
cp .build/release/tagcloud "$stage/$release/bin/tagcloud"
strip "$stage/$release/bin/tagcloud"
# web/: what `tagcloud serve --web web` serves, as a clean checkout has it (tracked files; plus the
# precompressed variants `make` builds beside them, when there are any).
git ls-files -z web | while IFS= read -r -d '' file; do
  [[ -f $file ]] || continue
  mkdir -p "$stage/$release/$(dirname "$file")"
  cp "$file" "$stage/$release/$file"
  if [[ -f $file.gz ]]; then cp "$file.gz" "$stage/$release/$file.gz"; fi
done
# web/LICENSE and web/CHANGELOG.md are the repository's, copied in by npm's prepack: keep one real copy.
rm -f "$stage/$release/web/LICENSE" "$stage/$release/web/CHANGELOG.md"
cp README.md LICENSE CHANGELOG.md "$stage/$release/"
if [[ -d deploy ]]; then
  git ls-files -z deploy | while IFS= read -r -d '' file; do
    mkdir -p "$stage/$release/$(dirname "$file")"
    cp "$file" "$stage/$release/$file"
  done
fi
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
  -C "$stage" -cf - "$release" | gzip -9 -n > "dist/$release.tar.gz"

(cd dist && sha256sum "glass-tag-cloud-$version.tgz" "$release.tar.gz" > SHA256SUMS)
for artefact in "dist/glass-tag-cloud-$version.tgz" "dist/$release.tar.gz"; do
  echo "dist: $artefact ($(wc -c < "$artefact") bytes)"
done
