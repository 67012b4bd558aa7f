// `pnpm start` runs this before the server: the app (Vite) and the server (packages/server/build.mjs)
// are built only when their sources changed since the last build, so a restart starts at once.
// Plain JavaScript: it runs on every start, before anything could compile TypeScript.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const appDist = join(root, 'packages', 'app', 'dist');
const appStamp = join(appDist, '.build-stamp');

const skip = new Set(['node_modules', 'dist', 'storybook-static', '.vitest-attachments', 'test-results']);
const sharedFiles = ['vite.shared.ts', 'lingui.config.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'];

/** Every source file the app build reads (its packages and the shared build config), in a fixed order. */
function appSourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  for (const pkg of ['app', 'ui', 'transcript-kit', 'api-client']) walk(join(root, 'packages', pkg));
  for (const file of sharedFiles) if (existsSync(join(root, file))) files.push(join(root, file));
  return files;
}

/** One digest over the contents of `files`. */
function digestOf(files) {
  const hash = createHash('sha1');
  for (const path of files) {
    // Keys as the stamps before this one made them (the shared files by name), so those stay valid.
    const key = path.slice(root.length);
    hash.update(sharedFiles.includes(key.slice(1)) ? key.slice(1) : key).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** Size and modification time of each file: when none changed, the contents need not be read. */
function statsOf(files) {
  return files.map((path) => {
    const info = statSync(path);
    return `${path.slice(root.length)} ${info.size} ${info.mtimeMs}`;
  });
}

/** The stamp of the last build: `{ digest, stats }` (an older stamp held the digest alone). */
function readStamp() {
  if (!existsSync(appStamp)) return { digest: '', stats: [] };
  const text = readFileSync(appStamp, 'utf8').trim();
  try {
    const stamp = JSON.parse(text);
    return { digest: String(stamp.digest ?? ''), stats: Array.isArray(stamp.stats) ? stamp.stats : [] };
  } catch {
    return { digest: text, stats: [] };
  }
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function run(args, cwd) {
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Up to date when no source file was added, removed, resized or modified since the stamp (a walk of
// the folders, no reads); when one was, the contents decide (a file saved again unchanged is no reason
// to build, and the stamp then takes the new times).
const files = appSourceFiles();
const stats = statsOf(files);
const stamp = readStamp();
const writeStamp = (digest) => writeFileSync(appStamp, JSON.stringify({ digest, stats }) + '\n');
if (!existsSync(join(appDist, 'index.html'))) {
  run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], join(root, 'packages', 'app'));
  writeStamp(digestOf(files));
} else if (sameList(stats, stamp.stats)) {
  console.log('@scribe/app: build is up to date');
} else {
  const digest = digestOf(files);
  if (digest === stamp.digest) {
    console.log('@scribe/app: build is up to date');
  } else {
    run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], join(root, 'packages', 'app'));
  }
  writeStamp(digest);
}
// The server's check runs in this process (one Node start less); a build runs as before.
const server = await import(pathToFileURL(join(root, 'packages', 'server', 'build.mjs')).href);
if (server.isFresh()) console.log('@scribe/server: build is up to date');
else run([join(root, 'packages', 'server', 'build.mjs')], join(root, 'packages', 'server'));
