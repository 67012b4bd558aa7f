// Bundle budget of an embedder: what TranscriptViewer and AudioPlayer add to a host app. Builds ui and
// the kit as they are published (scripts/build-package.ts: one module per source file, each importing its
// own stylesheet), then two host apps with Vite in production mode and nothing but @vitejs/plugin-react,
// in this run: a bare React app (bench/kit-bundle/bare) and the same app with the README's
// viewer-and-player example, which imports no stylesheet (the components bring theirs: the smaller way
// the README gives) (bench/kit-bundle/viewer). Prints the gzip size (level 9) of each build's JS and CSS
// that loads before render (entry, its static imports, their stylesheets) and the difference, then what
// loads on demand (the speed menu's chunk, the German catalogs). Target (scripts/kit-bundle-size.ts, held
// by the kit's package test): the viewer and player add at most 59 KB gzip, JS and CSS together. Measured
// 55.4 KB (50.7 KB JS + 4.7 KB CSS) plus 28.5 KB + 0.8 KB CSS (speed menu) and 7.5 KB (German) on demand,
// once each module carries its own English (61.7 KB before, when every component's English came in one
// catalog; 74.1 KB before that, with every component's styles and both languages); 55.9 KB once the viewer
// shows the editor's rows; 55.9 KB still once TanStack Virtual (3.13.12) virtualises long transcripts in
// place of the kit's own virtualiser, its 4.3 KB gzip loaded on demand with the first long list (59.7 KB
// when it loaded up front).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialChunks, KIT_BUNDLE_BUDGET, measureKitBundle } from '../scripts/kit-bundle-size.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

const work = mkdtempSync(join(tmpdir(), 'scribe-kit-bundle-'));
try {
  const { bare, viewer, lazy, lazyChunks, added, viewerOutput: viewerOut } = await measureKitBundle(work);

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

  const total = added.total;
  console.log(`kit bundle: baseline bare React app: JS ${kb(bare.js)}, CSS ${kb(bare.css)} gzip (${bare.files} files)`);
  console.log(`kit bundle: with TranscriptViewer + AudioPlayer: JS ${kb(viewer.js)}, CSS ${kb(viewer.css)} gzip (${viewer.files} files)`);
  console.log(
    `kit bundle: added by viewer and player: JS ${kb(added.js)} + CSS ${kb(added.css)} = ${kb(total)} gzip ` +
      `(target <= ${kb(KIT_BUNDLE_BUDGET)}) ${verdict(total <= KIT_BUNDLE_BUDGET)}`,
  );
  // Not in the budget: loaded only when used (the speed menu at the player's first hover, focus or press, or on idle).
  console.log(`kit bundle: loaded on demand: JS ${kb(lazy.js)}, CSS ${kb(lazy.css)} gzip (${lazy.files} files)`);
  for (const [name, size] of [...lazyChunks].sort((a, b) => b[1].js + b[1].css - a[1].js - a[1].css))
    console.log(`  on demand: ${name}: JS ${kb(size.js)}, CSS ${kb(size.css)} gzip`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
