#!/usr/bin/env bash
# Builds the app and starts the server on the embedded defaults (PGlite, local files) at $PORT (3000).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${DATA_DIR:-$PWD/data}"
pnpm --filter @scribe/app build
exec pnpm --filter @scribe/server start
