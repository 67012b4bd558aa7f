// Transcript viewer ("the viewer stays smooth with 5,000 segments"), in Chromium on a
// production build of bench/viewer/: the time to render 5,000 segments (commit, layout, first paint)
// and the cost of one highlight update (a new playback time: commit + layout + scroll-into-view),
// each next to a baseline measured in the same run: the same segments as bare spans, nothing memoised.
// Targets: first render under 1 s; a highlight update under 8 ms, half a 60 fps frame (the player
// reports at most every 250 ms, so playback stays smooth with room to spare).
import { withBenchPage } from './browserBench.ts';

const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

await withBenchPage('viewer', async (page, errors) => {
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
});
