// Compiles the server to JavaScript for production: src/main.ts and the admin CLI become one ES module
// each in dist/, with the workspace packages they import (TypeScript sources) bundled in and every
// npm dependency left as an import from node_modules. Run time then needs neither tsx nor TypeScript.
//   node build.mjs             build
//   node build.mjs --if-stale  build only when a source file the last build read has changed
// Plain JavaScript on purpose: `pnpm start` runs the check on every start, before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

const root = import.meta.dirname;
const outDir = join(root, 'dist');
const stampPath = join(outDir, '.build-stamp.json');
const entries = {
  main: 'src/main.ts',
  admin: 'src/cli/admin.ts',
  'build-snapshot': 'src/db/build-snapshot.ts',
  'build-model': 'src/features/transcription/engines/whisper/build-model.ts',
  // Live-draft passes run in a child process of their own (features/live-draft/engine.ts forks it).
  'draft-process': 'src/features/live-draft/draft-process.ts',
  // The built-in engine's inference processes (transcription/engines/whisper/pool.ts forks them).
  'inference-host': 'src/features/transcription/engines/whisper/inference-host.ts',
};
// The bundle's output format and this script are inputs too: a change to either rebuilds.
const BUILD_VERSION = 1;

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
  for (const [file, hash] of Object.entries(stamp.inputs)) {
    const path = resolve(root, file);
    if (!existsSync(path) || sha1(path) !== hash) return false;
  }
  return true;
}

/** Bare specifiers of npm packages stay imports; workspace packages (`@scribe/*`) are bundled. */
const externalNpm = {
  name: 'external-npm',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@scribe/') || args.kind === 'entry-point') return undefined;
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
  const inputs = {};
  const files = [
    ...Object.keys(result.metafile.inputs),
    ...readdirSync(join(root, 'drizzle'), { recursive: true }).map((f) => join('drizzle', f)),
    // The template's job schema is pg-boss's: another pg-boss version makes it again.
    relative(root, createRequire(import.meta.url).resolve('pg-boss/package.json')),
  ];
  for (const file of files) {
    const path = resolve(root, file);
    if (file.startsWith('<') || !/\.(ts|js|mjs|json|sql)$/.test(path)) continue;
    inputs[relative(root, path)] = sha1(path);
  }
  writeFileSync(stampPath, JSON.stringify({ version: BUILD_VERSION, script: sha1(import.meta.filename), inputs }, null, 2) + '\n');
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
