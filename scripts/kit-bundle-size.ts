// The bundle an embedder pays for TranscriptViewer and AudioPlayer: builds ui and the kit as they are
// published, then two host apps with Vite in production mode (bench/kit-bundle/bare: React alone;
// bench/kit-bundle/viewer: the README's viewer-and-player example) and measures the gzip (level 9) of what
// each loads before render and on demand. `pnpm bench kit-bundle` prints it; the kit's package test holds
// the budget (packages/transcript-kit/test/package.test.ts).
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { asProduction, buildPackage } from './build-package.ts';

const root = join(import.meta.dirname, '..');
const apps = join(root, 'bench', 'kit-bundle');
/** What the viewer and the player may add to a host's first load, JS and CSS, gzip (issue 30: 59 KB). */
export const KIT_BUNDLE_BUDGET = 59 * 1024;

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

export interface Size {
  js: number;
  css: number;
  files: number;
}

export interface Sizes {
  /** What the page loads before it renders: the entry chunk, the chunks it imports statically, the CSS. */
  initial: Size;
  /** Chunks loaded on demand (dynamic import), e.g. the player's speed menu at first hover, focus or press. */
  lazy: Size;
  /** Each lazy chunk (named after the module that starts it) with the stylesheet it imports. */
  lazyChunks: Map<string, Size>;
}

/** The chunks a page loads before it renders: the entries and what they import statically. */
export function initialChunks(output: Rollup.RollupOutput): Set<string> {
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

/** The host apps in bench/kit-bundle. */
export type HostApp = 'bare' | 'viewer';

async function buildApp(name: HostApp, outDir: string): Promise<Rollup.RollupOutput> {
  const output = await build({
    root: join(apps, name),
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { alias, dedupe: ['react', 'react-dom'] },
    build: { outDir, emptyOutDir: true },
  });
  return (Array.isArray(output) ? output[0] : output) as Rollup.RollupOutput;
}

export interface KitBundle {
  bare: Size;
  viewer: Size;
  lazy: Size;
  lazyChunks: Map<string, Size>;
  /** What the viewer and the player add to the bare app's first load. */
  added: { js: number; css: number; total: number };
  viewerOutput: Rollup.RollupOutput;
}

/** Builds both apps into `work` (a scratch folder); `packages: false` when ui and the kit are built already. */
export async function measureKitBundle(work: string, { packages = true } = {}): Promise<KitBundle> {
  if (packages) {
    // ui first: the kit's styles take ui's theme variable names from ui's build.
    await buildPackage(join(root, 'packages', 'ui'));
    await buildPackage(join(root, 'packages', 'transcript-kit'));
  }
  const bareOut = await asProduction(() => buildApp('bare', join(work, 'bare')));
  const viewerOutput = await asProduction(() => buildApp('viewer', join(work, 'viewer')));
  const bare = sizeOf(join(work, 'bare'), bareOut).initial;
  const { initial: viewer, lazy, lazyChunks } = sizeOf(join(work, 'viewer'), viewerOutput);
  const added = { js: viewer.js - bare.js, css: viewer.css - bare.css, total: 0 };
  added.total = added.js + added.css;
  return { bare, viewer, lazy, lazyChunks, added, viewerOutput };
}
