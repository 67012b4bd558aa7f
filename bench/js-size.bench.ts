// JavaScript shipped (issue 7): what Chromium downloads to show /login and the signed-in workspace (/),
// from a production build of the app served by the real server, each script gzipped (level 6, what a
// compressing proxy sends). Baseline measured in the same run: a production build of React and
// ReactDOM rendering one line (bench/bare-react), the floor any React page pays.
// Targets: login at most 200 KB, workspace at most 400 KB (gzip).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright';
import { build, preview } from 'vite';
import { buildServer } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { solveCaptcha } from '../packages/server/test/captcha-solver.ts';
import { chromiumArgs, chromiumPath, sharedPlugins } from '../vite.shared.ts';

const root = join(import.meta.dirname, '..');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Loads `url` and returns the gzip size of every script it fetched (by URL, each counted once). */
async function scriptsOf(page: Page, url: string, ready: () => Promise<unknown>): Promise<{ gzip: number; files: number }> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('playwright').Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body, { level: 6 }).length),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off("response", onResponse);
  if (process.env.JS_SIZE_DETAIL) for (const [u, s] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${(s / 1024).toFixed(1)} KB ${u.split("/").pop()}`);
  return { gzip: [...sizes.values()].reduce((a, b) => a + b, 0), files: sizes.size };
}

const work = mkdtempSync(join(tmpdir(), 'scribe-js-size-'));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  // Baseline: bare React.
  const bareRoot = join(import.meta.dirname, 'bare-react');
  const bareOut = join(work, 'bare');
  await build({ root: bareRoot, configFile: false, plugins: sharedPlugins(), logLevel: 'warn', build: { outDir: bareOut } });
  const bareServer = await preview({ root: bareRoot, configFile: false, build: { outDir: bareOut }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const barePage = await browser.newPage();
  const bare = await scriptsOf(barePage, bareServer.resolvedUrls!.local[0], () => barePage.getByText('Hello').waitFor());
  await new Promise<void>((resolve) => bareServer.httpServer.close(() => resolve()));

  // The app, built as `pnpm build` does, served by the real server.
  const appOut = join(work, 'app');
  await build({ configFile: join(root, 'packages', 'app', 'vite.config.ts'), logLevel: 'warn', build: { outDir: appOut, emptyOutDir: true } });
  const dataDir = join(work, 'data');
  const app = await buildServer(
    loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', APP_DIST_DIR: appOut, ALTCHA_MAX_NUMBER: '20' }),
  );
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const context = await browser.newContext();
    const page = await context.newPage();
    // Ready when the form and its captcha widget (a lazy chunk the page needs) are there.
    const login = await scriptsOf(page, `${base}/login`, async () => {
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.locator('altcha-widget').waitFor({ state: 'attached' });
    });

    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Size User',
        username: 'size',
        email: 'size@example.com',
        password: 'Size#12345',
        captchaToken: await solveCaptcha({ url: base }),
      }),
    });
    if (!reg.ok) throw new Error(`register: ${reg.status}`);
    const [name, value] = reg.headers.getSetCookie()[0].split(';')[0].split('=');
    const fresh = await browser.newContext();
    await fresh.addCookies([{ name, value, url: base }]);
    const workspacePage = await fresh.newPage();
    const workspace = await scriptsOf(workspacePage, `${base}/`, () =>
      workspacePage.getByRole('treegrid', { name: 'Folders' }).waitFor(),
    );

    console.log(`js size: baseline bare React page: ${kb(bare.gzip)} gzip in ${bare.files} file(s)`);
    console.log(
      `js size: /login: ${kb(login.gzip)} gzip in ${login.files} files (${(login.gzip / bare.gzip).toFixed(2)}x baseline) ` +
        `(target <= 200 KB) ${verdict(login.gzip <= 200 * 1024)}`,
    );
    console.log(
      `js size: / (workspace, signed in): ${kb(workspace.gzip)} gzip in ${workspace.files} files ` +
        `(${(workspace.gzip / bare.gzip).toFixed(2)}x baseline) (target <= 400 KB) ${verdict(workspace.gzip <= 400 * 1024)}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
