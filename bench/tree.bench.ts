// The folder tree in Chromium on a production build of bench/tree/: 10,000 transcripts in 1,000 folders
// (the library of library.bench.ts). p50 and p95 over the rounds of: mounting the tree, opening a folder
// (its 9 subfolders and 10 transcripts appear), a transcript starting to process (its spinner appears),
// and closing the folder; baseline measured in the same run: the top-level rows as bare elements.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, sharedPlugins } from '../vite.shared.ts';

const ROUNDS = 20;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const figure = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;

const root = join(import.meta.dirname, 'tree');
const outDir = mkdtempSync(join(tmpdir(), 'scribe-tree-bench-'));
try {
  await build({ root, plugins: sharedPlugins(), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root, build: { outDir }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.resolvedUrls!.local[0]);
    await page.waitForFunction(() => typeof window.runTreeBench === 'function');
    await page.evaluate(() => window.runTreeBench(2)); // warm-up: JIT and style caches
    const r = await page.evaluate((rounds) => window.runTreeBench(rounds), ROUNDS);
    if (errors.length) throw new Error(errors.join('\n'));
    console.log(`tree (10,000 transcripts in 1,000 folders), over ${ROUNDS} rounds:`);
    console.log(`  mount:            ${figure(r.mount)} (baseline bare top-level rows ${figure(r.bareMount)})`);
    console.log(`  open a folder:    ${figure(r.open)} (baseline bare rows ${figure(r.bareOpen)})`);
    console.log(`  processing spins: ${figure(r.processing)}`);
    console.log(`  close the folder: ${figure(r.close)}`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
