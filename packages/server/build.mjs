// Compiles the server to JavaScript for production: src/main.ts and the admin CLI become one ES module
// each in dist/, with the workspace packages they import (TypeScript sources) bundled in and every
// npm dependency left as an import from node_modules. Run time then needs neither tsx nor TypeScript.
//   node build.mjs             build
//   node build.mjs --if-stale  build only when a source file the last build read has changed
// Plain JavaScript on purpose: `pnpm start` runs the check on every start, before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

const root = import.meta.dirname;
const outDir = join(root, 'dist');
const stampPath = join(outDir, '.build-stamp.json');
const lockfile = join(root, '..', '..', 'pnpm-lock.yaml');
const entries = {
  // The entry point turns on the compile cache, then imports server-main.js (src/main.ts says why).
  main: 'src/main.ts',
  'server-main': 'src/server-main.ts',
  admin: 'src/cli/admin.ts',
  'build-snapshot': 'src/db/build-snapshot.ts',
  'build-model': 'src/features/transcription/engines/whisper/build-model.ts',
  // Live-draft passes run in a child process of their own (features/live-draft/engine.ts forks it).
  'draft-process': 'src/features/live-draft/draft-process.ts',
  // The built-in engine's inference processes (transcription/engines/whisper/pool.ts forks them).
  'inference-host': 'src/features/transcription/engines/whisper/inference-host.ts',
  // The worker threads of exports and large edits (work/pool.ts starts them).
  'heavy-work': 'src/work/heavy-work.ts',
  // The embedded database's thread (db/pglite-thread.ts starts it).
  'pglite-host': 'src/db/pglite-host.ts',
  // The thread that decodes an upload for transcription (transcription/engines/whisper/decode-thread.ts).
  'decode-worker': 'src/features/transcription/engines/whisper/decode-worker.ts',
};
// The bundle's output format and this script are inputs too: a change to either rebuilds.
const BUILD_VERSION = 1;

const statOf = (path) => {
  const info = statSync(path);
  return `${info.size} ${info.mtimeMs}`;
};
const sha1 = (path) => createHash('sha1').update(readFileSync(path)).digest('hex');

/** True when the last build's stamp lists the same inputs with the same contents. */
export function isFresh() {
  if (!existsSync(stampPath)) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return false;
  }
  if (stamp.version !== BUILD_VERSION || stamp.script !== sha1(import.meta.filename)) return false;
  for (const name of [...Object.keys(entries).map((e) => `${e}.js`), 'db-template.json']) if (!existsSync(join(outDir, name))) return false;
  // A file with the size and modification time it had at the build is not read again (a restart then
  // checks ~240 files by their metadata alone); any other is compared by its contents.
  const stats = stamp.stats ?? {};
  for (const [file, hash] of Object.entries(stamp.inputs)) {
    const path = resolve(root, file);
    if (!existsSync(path)) return false;
    if (stats[file] !== undefined && stats[file] === statOf(path)) continue;
    if (sha1(path) !== hash) return false;
  }
  return true;
}

/**
 * npm packages bundled in rather than imported at run time. drizzle-orm: Node's ES module loader reads
 * the package scope of every module it loads, and drizzle's package.json (180 KB, an export map of every
 * file) made its ~100 modules cost 1-2 s of each start (measured: `import('drizzle-orm/pglite')` 1.5 s
 * against 0.2 s for the same modules bundled). It is plain JavaScript without files of its own to read.
 */
const BUNDLED_NPM = ['drizzle-orm'];
const bundledNpm = (path) => BUNDLED_NPM.some((name) => path === name || path.startsWith(`${name}/`));

/** Bare specifiers of npm packages stay imports; workspace packages (`@scribe/*`) and BUNDLED_NPM are bundled. */
const externalNpm = {
  name: 'external-npm',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@scribe/') || args.kind === 'entry-point' || bundledNpm(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // Stack traces name the source files; nothing is minified on a server.
    minify: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalNpm],
  });
  // The snapshot a new embedded database starts from (src/db/snapshot.ts), made with the built code.
  // And the rewritten transcription model (engines/whisper/model.ts), which a data folder would otherwise make.
  for (const step of ['build-snapshot', 'build-model']) {
    const run = spawnSync(process.execPath, [join(outDir, `${step}.js`)], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`@scribe/server: ${step} failed`);
  }
  // The stamp lists the project's own sources; the bundled npm packages (BUNDLED_NPM) change only with
  // the lockfile, which stands for them.
  const inputs = existsSync(lockfile) ? { [relative(root, lockfile)]: sha1(lockfile) } : {};
  const files = [
    ...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')),
    ...readdirSync(join(root, 'drizzle'), { recursive: true }).map((f) => join('drizzle', f)),
    // The template's job schema is pg-boss's: another pg-boss version makes it again.
    relative(root, createRequire(import.meta.url).resolve('pg-boss/package.json')),
  ];
  for (const file of files) {
    const path = resolve(root, file);
    if (file.startsWith('<') || !/\.(ts|js|mjs|json|sql)$/.test(path)) continue;
    inputs[relative(root, path)] = sha1(path);
  }
  const stats = Object.fromEntries(Object.keys(inputs).map((file) => [file, statOf(resolve(root, file))]));
  writeFileSync(stampPath, JSON.stringify({ version: BUILD_VERSION, script: sha1(import.meta.filename), inputs, stats }, null, 2) + '\n');
  const took = Math.round(performance.now() - started);
  console.log(
    `@scribe/server: built ${Object.keys(entries).length} entries from ${Object.keys(inputs).length} files into ${relative(process.cwd(), outDir) || '.'} (${took} ms)`,
  );
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  if (process.argv.includes('--if-stale') && isFresh()) {
    console.log('@scribe/server: build is up to date');
  } else {
    await buildServer();
  }
}
