// Virtualised transcript viewer, in Chromium on a production build of bench/viewer-virtual/: for each
// view (plain and detailed), the first render of 5,000 segments and a scroll from top to bottom (one
// step per frame), next to a naive list (a plain map of <p>s with the same text) in the same run.
// PASS when the viewer's first render is no slower than the naive list's and its p95 frame time during
// the scroll is at most 16.7 ms (60 fps); dropped frames are those that took longer. Chromium draws each
// frame as soon as it is ready (no vsync, no frame-rate limit), so a frame's time is the work it took
// (scroll, render of new rows, layout, paint), not the wait for the next 60 Hz tick.
import { withBenchPage } from './browserBench.ts';
import type { ViewerVirtualResult } from './viewer-virtual/main.tsx';

const ROUNDS = 5;
const FRAMES = 600;
const FRAME_MS = 16.7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

let failed = false;
await withBenchPage(
  'viewer-virtual',
  async (page, errors) => {
    await page.waitForFunction(() => typeof window.runViewerVirtualBench === 'function');
    await page.evaluate(() => window.runViewerVirtualBench(1, 0)); // warm-up: JIT and style caches
    const r: ViewerVirtualResult = await page.evaluate(
      ([rounds, frames]) => window.runViewerVirtualBench(rounds, frames),
      [ROUNDS, FRAMES],
    );
    if (errors.length) throw new Error(errors.join('\n'));

    for (const view of ['plain', 'detailed']) {
      const naiveRender = median(r.render[`naive ${view}`]);
      const viewerRender = median(r.render[`viewer ${view}`]);
      const scroll = (kind: string) => {
        const times = r.scroll[`${kind} ${view}`];
        return { frames: times.length, p95: p95(times), dropped: times.filter((t) => t > FRAME_MS).length };
      };
      const naive = scroll('naive');
      const viewer = scroll('viewer');
      const renderOk = viewerRender <= naiveRender;
      const scrollOk = viewer.p95 <= FRAME_MS;
      if (!renderOk || !scrollOk) failed = true;
      console.log(
        `viewer-virtual ${view}: first render of 5,000 segments: viewer median ${viewerRender.toFixed(0)} ms ` +
          `(${r.rendered[view]} rows in the document) vs naive list ${naiveRender.toFixed(0)} ms over ${ROUNDS} rounds ` +
          `(target: no slower) ${verdict(renderOk)}`,
      );
      console.log(
        `viewer-virtual ${view}: scroll top to bottom: viewer ${viewer.frames} frames, p95 ${viewer.p95.toFixed(1)} ms, ` +
          `${viewer.dropped} dropped (> ${FRAME_MS} ms) vs naive list ${naive.frames} frames, p95 ${naive.p95.toFixed(1)} ms, ` +
          `${naive.dropped} dropped (target: p95 <= ${FRAME_MS} ms) ${verdict(scrollOk)}`,
      );
    }
  },
  ['--disable-gpu-vsync', '--disable-frame-rate-limit'],
);
console.log(`viewer-virtual: ${failed ? 'MISS' : 'PASS'}`);
