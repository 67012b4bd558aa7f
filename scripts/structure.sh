#!/usr/bin/env bash
# The code's structure in figures: import circles inside the packages, source files over 600 lines, and
# blocks of 6 or more lines repeated in the packages' sources (tests, stories and catalogs left out).
# Fails on a circle or a long file; the repeated blocks are reported. `pnpm structure`.
set -euo pipefail
cd "$(dirname "$0")/.."
sources=(packages/ui/src packages/transcript-kit/src packages/app/src packages/api-client/src packages/server/src)

echo "Import circles:"
# Imports between packages go one way (dependencies.test.ts, the lint rules); this looks inside each.
npx madge --circular --no-spinner --extensions ts,tsx --ts-config tsconfig.base.json "${sources[@]}"

echo "Source files over 600 lines (tests and stories included, catalogs not):"
long=$(find packages -path '*/node_modules' -prune -o -path '*/dist' -prune -o -path '*/locales' -prune -o \
  -type f \( -name '*.ts' -o -name '*.tsx' \) -print | xargs wc -l | grep -v ' total$' | awk '$1 > 600' | sort -rn)
if [ -n "$long" ]; then
  echo "$long"
  exit 1
fi
echo "  none"

echo "Repeated blocks of 6 or more lines in the packages' sources:"
npx jscpd --min-lines 6 --silent --reporters console --format typescript,tsx \
  --ignore '**/*.test.ts,**/*.test.tsx,**/*.stories.tsx,**/testing/**,**/locales/**,**/dist/**,**/node_modules/**' "${sources[@]}"
