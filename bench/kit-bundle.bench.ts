// Bundle budget of an embedder: what TranscriptViewer and AudioPlayer add to a host app. Builds ui and
// the kit as they are published (scripts/build-package.ts: one module per source file, each importing its
// own stylesheet), then two host apps with Vite in production mode and nothing but @vitejs/plugin-react,
// in this run: a bare React app (bench/kit-bundle/bare) and the same app with the README's
// viewer-and-player example, which imports no stylesheet (the components bring theirs: the smaller way
// the README gives) (bench/kit-bundle/viewer). Prints the gzip size (level 9) of each build's JS and CSS
// that loads before render (entry, its static imports, their stylesheets) and the difference, then what
// loads on demand (the speed menu's chunk, the German catalogs). Target: the viewer and player add at most
// 60 KB gzip, JS and CSS together; measured 58.9 KB (54.3 KB JS + 4.6 KB CSS) plus 28.5 KB + 0.8 KB CSS
// (speed menu) and 5.9 KB (German) on demand, down from 74.1 KB (60.7 KB JS + 13.4 KB CSS, every
// component's styles and both languages).
import react from '@vitejs/plugin-react';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { buildPackage } from '../scripts/build-package.ts';

const root = join(import.meta.dirname, '..');
const BUDGET = 60 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

// The published entry points, as an embedder's bundler resolves them from publishConfig.exports.
const dist = (pkg: string, file: string) => join(root, 'packages', pkg, 'dist', file);
const alias = [
  { find: /^@scribe\/ui$/, replacement: dist('ui', 'index.js') },
  { find: /^@scribe\/ui\/style\.css$/, replacement: dist('ui', 'style.css') },
  { find: /^@scribe\/ui\/theme$/, replacement: dist('ui', 'theme.js') },
  { find: /^@scribe\/ui\/icons$/, replacement: dist('ui', 'icons.js') },
  { find: /^@scribe\/ui\/menu$/, replacement: dist('ui', 'menu.js') },
  { find: /^@scribe\/ui\/i18n$/, replacement: dist('ui', 'i18n.js') },
  { find: /^@scribe\/ui\/store$/, replacement: dist('ui', 'store.js') },
  { find: /^@scribe\/ui\/sprinkles$/, replacement: dist('ui', 'sprinkles.js') },
  { find: /^@scribe\/transcript-kit$/, replacement: dist('transcript-kit', 'index.js') },
  // The example's own import of the kit (a source path, so the repository's type check can follow it).
  { find: /^(\.\.\/)+packages\/transcript-kit\/src\/index\.ts$/, replacement: dist('transcript-kit', 'index.js') },
  { find: /^@scribe\/transcript-kit\/style\.css$/, replacement: dist('transcript-kit', 'style.css') },
];

interface Size {
  js: number;
  css: number;
  files: number;
}

interface Sizes {
  /** What the page loads before it renders: the entry chunk, the chunks it imports statically, the CSS. */
  initial: Size;
  /** Chunks loaded on demand (dynamic import), e.g. the player's speed menu at first hover, focus or press. */
  lazy: Size;
  /** Each lazy chunk (named after the module that starts it) with the stylesheet it imports. */
  lazyChunks: Map<string, Size>;
}

/** The chunks a page loads before it renders: the entries and what they import statically. */
function initialChunks(output: Rollup.RollupOutput): Set<string> {
  const chunks = new Map(output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return initial;
}

/** gzip of every .js and .css file the build wrote (the whole app: entry and any lazy chunks), split by when it loads. */
function sizeOf(outDir: string, output: Rollup.RollupOutput): Sizes {
  const initial = initialChunks(output);
  // A stylesheet loads before render when an initial chunk imports it (index.html links it); else with its lazy chunk.
  const initialCss = new Set(
    output.output.flatMap((item) =>
      item.type === 'chunk' && initial.has(item.fileName) ? [...(item.viteMetadata?.importedCss ?? [])] : [],
    ),
  );
  const sizes: Sizes = { initial: { js: 0, css: 0, files: 0 }, lazy: { js: 0, css: 0, files: 0 }, lazyChunks: new Map() };
  // The lazy chunk a file belongs to: itself, or the chunk that imports it (a stylesheet).
  const owner = new Map<string, string>();
  for (const item of output.output) {
    if (item.type !== 'chunk' || initial.has(item.fileName)) continue;
    const name = item.facadeModuleId?.split('/packages/').pop() ?? item.name;
    for (const file of [item.fileName, ...(item.viteMetadata?.importedCss ?? [])]) owner.set(file, name);
  }
  const assets = join(outDir, 'assets');
  for (const name of readdirSync(assets)) {
    const gz = gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
    const file = `assets/${name}`;
    const lazy = !(initial.has(file) || initialCss.has(file));
    const chunk = owner.get(file) ?? name;
    if (lazy && !sizes.lazyChunks.has(chunk)) sizes.lazyChunks.set(chunk, { js: 0, css: 0, files: 0 });
    for (const size of lazy ? [sizes.lazy, sizes.lazyChunks.get(chunk)!] : [sizes.initial]) {
      if (name.endsWith('.js')) size.js += gz;
      else if (name.endsWith('.css')) size.css += gz;
      else continue;
      size.files++;
    }
  }
  return sizes;
}

async function buildApp(name: 'bare' | 'viewer', outDir: string): Promise<Rollup.RollupOutput> {
  const output = await build({
    root: join(import.meta.dirname, 'kit-bundle', name),
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { alias, dedupe: ['react', 'react-dom'] },
    build: { outDir, emptyOutDir: true },
  });
  return (Array.isArray(output) ? output[0] : output) as Rollup.RollupOutput;
}

const work = mkdtempSync(join(tmpdir(), 'scribe-kit-bundle-'));
try {
  // ui first: the kit's styles take ui's theme variable names from ui's build.
  await buildPackage(join(root, 'packages', 'ui'));
  await buildPackage(join(root, 'packages', 'transcript-kit'));

  const bareOut = await buildApp('bare', join(work, 'bare'));
  const viewerOut = await buildApp('viewer', join(work, 'viewer'));
  const bare = sizeOf(join(work, 'bare'), bareOut).initial;
  const { initial: viewer, lazy, lazyChunks } = sizeOf(join(work, 'viewer'), viewerOut);

  // What costs: the viewer build's modules by package (rendered size before minification and gzip), lazy
  // chunks marked, without React itself, which the baseline pays too. KIT_BUNDLE_DETAIL=files lists single modules.
  const initial = initialChunks(viewerOut);
  const modules = viewerOut.output.flatMap((chunk) =>
    chunk.type === 'chunk'
      ? Object.entries(chunk.modules).map(([id, m]) => [initial.has(chunk.fileName) ? id : `(lazy) ${id}`, m.renderedLength] as const)
      : [],
  );
  const byPackage = new Map<string, number>();
  for (const [id, length] of modules) {
    const match =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.split('node_modules/.pnpm/').pop()!) ?? /packages\/([^/]+)\/dist\/(.*)$/.exec(id);
    const lazyMark = id.startsWith('(lazy) ') ? '(lazy) ' : '';
    const key = lazyMark + (match ? (match[2] ? `@scribe/${match[1]} ${match[2]}` : match[1]) : id);
    if (/^(react|react-dom|scheduler)$/.test(key)) continue;
    byPackage.set(key, (byPackage.get(key) ?? 0) + length);
  }
  console.log('kit bundle: largest parts added (rendered, before minification and gzip):');
  for (const [key, length] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${kb(length)} ${key}`);
  if (process.env.KIT_BUNDLE_DETAIL === 'files')
    for (const [id, length] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, 60))
      console.log(`  ${kb(length)} ${id.startsWith('(lazy) ') ? '(lazy) ' : ''}${id.split('node_modules/').pop()}`);

  const added = { js: viewer.js - bare.js, css: viewer.css - bare.css };
  const total = added.js + added.css;
  console.log(`kit bundle: baseline bare React app: JS ${kb(bare.js)}, CSS ${kb(bare.css)} gzip (${bare.files} files)`);
  console.log(`kit bundle: with TranscriptViewer + AudioPlayer: JS ${kb(viewer.js)}, CSS ${kb(viewer.css)} gzip (${viewer.files} files)`);
  console.log(
    `kit bundle: added by viewer and player: JS ${kb(added.js)} + CSS ${kb(added.css)} = ${kb(total)} gzip ` +
      `(target <= ${kb(BUDGET)}) ${verdict(total <= BUDGET)}`,
  );
  // Not in the budget: loaded only when used (the speed menu at the player's first hover, focus or press, or on idle).
  console.log(`kit bundle: loaded on demand: JS ${kb(lazy.js)}, CSS ${kb(lazy.css)} gzip (${lazy.files} files)`);
  for (const [name, size] of [...lazyChunks].sort((a, b) => b[1].js + b[1].css - a[1].js - a[1].css))
    console.log(`  on demand: ${name}: JS ${kb(size.js)}, CSS ${kb(size.css)} gzip`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
