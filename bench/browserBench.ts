// A bench page in Chromium: a production build of a folder under bench/ (its index.html), served by
// vite's preview server, opened in a fresh page that records uncaught errors. The bench then runs its
// rounds inside the page; build output, server and browser are cleaned up whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, sharedPlugins } from '../vite.shared.ts';

/**
 * Builds and opens bench/`folder`, then runs `use` with the page and the errors it has thrown so far.
 * `browserArgs` adds Chromium switches (e.g. frames drawn as soon as they are ready).
 */
export async function withBenchPage(
  folder: string,
  measure: (page: Page, errors: string[]) => Promise<void>,
  browserArgs: string[] = [],
): Promise<void> {
  const root = join(import.meta.dirname, folder);
  const outDir = mkdtempSync(join(tmpdir(), `scribe-${folder}-bench-`));
  try {
    await build({ root, plugins: sharedPlugins(), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
    const server = await preview({ root, build: { outDir }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
    const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...browserArgs] });
    try {
      const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.resolvedUrls!.local[0]);
      await measure(page, errors);
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
