#!/usr/bin/env bash
# Starts the product on the embedded defaults (PGlite, local files) at $PORT (3000): builds the app and
# the server when their sources changed since the last build, then runs the compiled server (no
# TypeScript at run time).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${DATA_DIR:-$PWD/data}"
node scripts/build-if-stale.mjs
exec node packages/server/dist/main.js
