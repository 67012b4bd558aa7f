#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to find: static checks, unit, server over HTTP,
# component stories in Chromium, then whole journeys with Playwright against the production build.
# The static checks and the production build are independent and mostly single-threaded: they run side
# by side. The build comes before the tests because the server tests start from what it makes (the
# database template and the prepared transcription model, as `pnpm start` does) instead of making both
# again for every test server. Each stage prints its duration; the last line sums them up.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime.sh

started=$SECONDS
summary=()
logs=$(mktemp -d)

# cpu_ticks: the machine's busy and total CPU ticks since boot (Linux /proc/stat), to print how much of
# the cores a stage kept busy: where that is far below 100 %, running more side by side would pay.
cpu_ticks() {
  awk '/^cpu /{ busy = $2 + $3 + $4 + $7 + $8; print busy, busy + $5 + $6 }' /proc/stat 2>/dev/null || echo "0 0"
}
busy_share() { # busy_share "BUSY0 TOTAL0": the busy share since then, e.g. " 87 % CPU"
  local before=($1) after=($(cpu_ticks))
  local total=$((after[1] - before[1]))
  [ "$total" -gt 0 ] && printf ' %3s %% CPU' $((100 * (after[0] - before[0]) / total)) || true
}

# stage NAME COMMAND...: runs one stage in the foreground.
stage() {
  local name=$1 at=$SECONDS ticks
  ticks=$(cpu_ticks)
  shift
  printf '\n=== %s (%s) ===\n' "$name" "$(date +%T)"
  "$@"
  summary+=("$(printf '%5ss%s  %s' $((SECONDS - at)) "$(busy_share "$ticks")" "$name")")
}

# together NAME COMMAND [NAME COMMAND ...]: runs shell commands side by side, then prints each one's
# output in order with its duration; fails if any failed.
together() {
  local at=$SECONDS i=0 failed=0 names=() pids=() all=() ticks
  ticks=$(cpu_ticks)
  local args=("$@")
  for ((i = 0; i < ${#args[@]}; i += 2)); do all+=("${args[$i]}"); done
  i=0
  printf '\n=== Side by side: %s (%s) ===\n' "$(IFS=';'; echo "${all[*]}" | sed 's/;/; /g')" "$(date +%T)"
  while [ $# -gt 0 ]; do
    names+=("$1")
    (
      s=$SECONDS
      rc=0
      bash -c "$2" >"$logs/$i.log" 2>&1 || rc=$?
      echo "$((SECONDS - s))" >"$logs/$i.time"
      exit $rc
    ) &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  for i in "${!pids[@]}"; do
    local rc=0
    wait "${pids[$i]}" || rc=$?
    printf '\n--- %s (%ss, %s) ---\n' "${names[$i]}" "$(cat "$logs/$i.time")" "$([ $rc = 0 ] && echo ok || echo FAILED)"
    cat "$logs/$i.log"
    summary+=("$(printf '%5ss  %s (side by side)' "$(cat "$logs/$i.time")" "${names[$i]}")")
    [ $rc = 0 ] || failed=1
  done
  summary+=("$(printf '%5ss%s  = the side-by-side stages' $((SECONDS - at)) "$(busy_share "$ticks")")")
  return $failed
}

finish() {
  local rc=$?
  printf '\n=== Stage times (%s) ===\n' "$([ $rc = 0 ] && echo passed || echo FAILED)"
  printf '%s\n' "${summary[@]}"
  printf '%5ss  total\n' $((SECONDS - started))
  rm -rf "$logs"
}
trap finish EXIT

stage "Chromium" bash scripts/ensure-chromium.sh

together \
  "Lint" "pnpm lint" \
  "Type check" "pnpm typecheck" \
  "Formatting, README configuration table, Lingui catalogs, structure" \
  "pnpm format:check && node --import tsx scripts/readme-config.ts --check && node --import tsx scripts/check-catalogs.ts && pnpm structure" \
  "Production build" "pnpm build"

stage "Unit, server, story and package tests (Vitest)" pnpm exec vitest run

explain() {
  local plans
  plans=$(mktemp)
  node --import tsx scripts/explain-list-routes.ts >"$plans" || {
    cat "$plans"
    rm -f "$plans"
    return 1
  }
  rm -f "$plans"
}
stage "Index review of the list routes (EXPLAIN, PGlite)" explain

stage "End-to-end (Playwright, Chromium)" pnpm exec playwright test
