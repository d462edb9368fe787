#!/usr/bin/env bash
# Precompressed variants of the web folder (make web-gzip; part of make run, test and cluster):
# FILE.gz beside every compressible FILE under the folder (default web/), made with gzip -9 -n
# (no name or time inside, so the same file gives the same bytes and ETag on every machine).
# A rule over the folder, not a list: whatever web/ holds is covered. Incremental (a variant is
# rebuilt only when older than its file); variants no smaller than their file, and variants whose
# file is gone, are removed. The .gz files are build output (.gitignore), never committed.
# `tagcloud serve` and nginx (gzip_static) send them to clients that accept gzip; see
# docs/SERVER.md, "Static files".
set -euo pipefail
cd "$(dirname "$0")/.."
root=${1:-web}
made=0
while IFS= read -r -d '' file; do
  variant=$file.gz
  if [[ -f $variant && ! $variant -ot $file ]]; then continue; fi
  gzip -9 -n -c -- "$file" >"$variant.tmp"
  if (($(stat -c %s "$variant.tmp") < $(stat -c %s "$file"))); then
    mv -f -- "$variant.tmp" "$variant"
    made=$((made + 1))
  else
    rm -f -- "$variant.tmp" "$variant"
  fi
done < <(find "$root" -type f \( -name '*.html' -o -name '*.htm' -o -name '*.js' -o -name '*.mjs' \
  -o -name '*.css' -o -name '*.json' -o -name '*.map' -o -name '*.svg' -o -name '*.wasm' \
  -o -name '*.txt' -o -name '*.webmanifest' \) -print0)
# Orphans: a variant whose file was deleted or renamed.
while IFS= read -r -d '' variant; do
  [[ -f ${variant%.gz} ]] || rm -f -- "$variant"
done < <(find "$root" -type f -name '*.gz' -print0)
if ((made > 0)); then echo "compress-web: $made gzip variant(s) written under $root/" >&2; fi
