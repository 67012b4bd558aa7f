// `pnpm start` runs this before the server: the app (Vite) and the server (packages/server/build.mjs)
// are built only when their sources changed since the last build, so a restart starts at once.
// Plain JavaScript: it runs on every start, before anything could compile TypeScript.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const appDist = join(root, 'packages', 'app', 'dist');
const appStamp = join(appDist, '.build-stamp');

/** One digest over every source file the app build reads: its packages and the shared build config. */
function appSourcesDigest() {
  const hash = createHash('sha1');
  const skip = new Set(['node_modules', 'dist', 'storybook-static', '.vitest-attachments', 'test-results']);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  for (const pkg of ['app', 'ui', 'transcript-kit', 'api-client']) walk(join(root, 'packages', pkg));
  for (const file of ['vite.shared.ts', 'lingui.config.ts', 'tsconfig.base.json', 'pnpm-lock.yaml']) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function run(args, cwd) {
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const digest = appSourcesDigest();
const built = existsSync(appStamp) ? readFileSync(appStamp, 'utf8').trim() : '';
if (built === digest && existsSync(join(appDist, 'index.html'))) {
  console.log('@scribe/app: build is up to date');
} else {
  run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], join(root, 'packages', 'app'));
  writeFileSync(appStamp, digest + '\n');
}
run([join(root, 'packages', 'server', 'build.mjs'), '--if-stale'], join(root, 'packages', 'server'));
