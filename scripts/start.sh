#!/usr/bin/env bash
# Starts the product on the embedded defaults (PGlite, local files) at $PORT (3000): builds the app and
# the server when their sources changed since the last build, then runs the compiled server (no
# TypeScript at run time).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime.sh
export DATA_DIR="${DATA_DIR:-$PWD/data}"
node scripts/build-if-stale.mjs
# glibc's allocator as packages/server's start script sets it (docs/capacity.md, server memory): at most
# two arenas, and blocks of 128 KB or more mapped on their own, so memory freed after a job goes back.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node packages/server/dist/main.js
