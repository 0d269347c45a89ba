#!/usr/bin/env bash
# Builds the web app and the server into DIR/web and DIR/server instead of packages/*/dist, so several
# people (or helpers) can build and run e2e specs side by side: E2E_BUILD=DIR E2E_PORT=… npx playwright test.
# DIR must lie inside the repository (e.g. .tmp/build-roles) so the server finds node_modules.
set -euo pipefail
out=$(realpath -m "${1:?usage: scripts/build-to.sh DIR}")
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root/packages/web" && npx vite build --outDir "$out/web" --emptyOutDir --logLevel warn)
(cd "$root/packages/server" && OUT_DIR="$out/server" node build.mjs)
