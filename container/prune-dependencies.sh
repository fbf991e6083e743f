#!/bin/sh
# Removes from the production node_modules what the image never loads: better-sqlite3 12 (Node 20 only;
# apps/api/src/db/sqlite-driver.ts loads 13 on Node 24), the sources native packages ship for
# compiling, and other platforms' binaries (onnxruntime-node ships macOS, Windows and Linux arm64).
set -eu
modules="$1"
arch=$(node -p process.arch)
rm -rf "$modules/better-sqlite3"
rm -rf "$modules/better-sqlite3-napi/deps" "$modules/better-sqlite3-napi/src" "$modules/better-sqlite3-napi/build"
for prebuild in "$modules"/better-sqlite3-napi/prebuilds/*.node; do
  [ "$(basename "$prebuild")" = "linux-$arch.node" ] || rm -f "$prebuild"
done
for napi in "$modules"/onnxruntime-node/bin/napi-v*; do
  for platform in "$napi"/*; do
    if [ "$(basename "$platform")" != linux ]; then rm -rf "$platform"; continue; fi
    for cpu in "$platform"/*; do
      [ "$(basename "$cpu")" = "$arch" ] || rm -rf "$cpu"
    done
  done
done
# Type declarations, source maps and docs are not needed at run time.
find "$modules" \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) -type f -delete
