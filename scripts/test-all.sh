#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to find: static checks, unit, server over HTTP,
# component stories in Chromium, then whole journeys with Playwright against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime.sh
step() { printf '\n=== %s (%s) ===\n' "$1" "$(date +%T)"; }

step "Chromium"
bash scripts/ensure-chromium.sh

step "Lint"
pnpm lint

step "Formatting (Prettier)"
pnpm format:check

step "Type check"
pnpm typecheck

step "README configuration table up to date"
node --import tsx scripts/readme-config.ts --check

step "Lingui catalogs complete"
node --import tsx scripts/check-catalogs.ts

step "Unit, server and story tests (Vitest)"
pnpm exec vitest run

step "Index review of the list routes (EXPLAIN, PGlite)"
plans=$(mktemp)
node --import tsx scripts/explain-list-routes.ts >"$plans" || {
  cat "$plans"
  exit 1
}
rm -f "$plans"

step "Production build"
pnpm build

step "End-to-end (Playwright, Chromium)"
pnpm exec playwright test
step "Done"
