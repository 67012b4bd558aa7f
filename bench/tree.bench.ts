// The folder tree in Chromium on a production build of bench/tree/: 10,000 transcripts in 1,000 folders
// (the library of library.bench.ts). p50 and p95 over the rounds of: mounting the tree, opening a folder
// (its 9 subfolders and 10 transcripts appear), a transcript starting to process (its spinner appears),
// and closing the folder; baseline measured in the same run: the top-level rows as bare elements.
import { withBenchPage } from './browserBench.ts';

const ROUNDS = 20;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const figure = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;

await withBenchPage('tree', async (page, errors) => {
  await page.waitForFunction(() => typeof window.runTreeBench === 'function');
  await page.evaluate(() => window.runTreeBench(2)); // warm-up: JIT and style caches
  const r = await page.evaluate((rounds) => window.runTreeBench(rounds), ROUNDS);
  if (errors.length) throw new Error(errors.join('\n'));
  console.log(`tree (10,000 transcripts in 1,000 folders), over ${ROUNDS} rounds:`);
  console.log(`  mount:            ${figure(r.mount)} (baseline bare top-level rows ${figure(r.bareMount)})`);
  console.log(`  open a folder:    ${figure(r.open)} (baseline bare rows ${figure(r.bareOpen)})`);
  console.log(`  processing spins: ${figure(r.processing)}`);
  console.log(`  close the folder: ${figure(r.close)}`);
});
