// Transcript viewer ("the viewer stays smooth with 5,000 segments"), in Chromium on a
// production build of bench/viewer/: the time to render 5,000 segments (commit, layout, first paint)
// and the cost of one highlight update (a new playback time: commit + layout + scroll-into-view),
// each next to a baseline measured in the same run: the same segments as bare spans, nothing memoised.
// Targets: first render under 1 s; a highlight update under 8 ms, half a 60 fps frame (the player
// reports at most every 250 ms, so playback stays smooth with room to spare).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, sharedPlugins } from '../vite.shared.ts';

const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

const root = join(import.meta.dirname, 'viewer');
const outDir = mkdtempSync(join(tmpdir(), 'scribe-viewer-bench-'));
try {
  await build({ root, plugins: sharedPlugins(), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root, build: { outDir }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.resolvedUrls!.local[0]);
    await page.waitForFunction(() => typeof window.runViewerBench === 'function');
    await page.evaluate(() => window.runViewerBench(1)); // warm-up: JIT and style caches
    const r = await page.evaluate((rounds) => window.runViewerBench(rounds), ROUNDS);
    if (errors.length) throw new Error(errors.join('\n'));

    const render = median(r.viewerRender);
    const update = median(r.viewerUpdate);
    console.log(
      `viewer: render 5,000 segments: median ${render.toFixed(0)} ms over ${ROUNDS} rounds ` +
        `(baseline bare spans ${median(r.bareRender).toFixed(0)} ms) (target < 1000 ms) ${verdict(render < 1000)}`,
    );
    console.log(
      `viewer: one highlight update: median ${update.toFixed(2)} ms ` +
        `(baseline bare spans, all re-rendered: ${median(r.bareUpdate).toFixed(2)} ms) (target < 8 ms) ${verdict(update < 8)}`,
    );
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
