// JavaScript shipped: what Chromium downloads to show /login and the signed-in workspace (/),
// from a production build of the app served by the real server, each script gzipped (level 6, what a
// compressing proxy sends). Baseline measured in the same run: a production build of React and
// ReactDOM rendering one line (bench/bare-react), the floor any React page pays.
// Targets: login at most 200 KB, workspace at most 400 KB (gzip).
// Then what travels over the wire (every response, headers and body as received, all types) for /login
// and the workspace, and the time to a usable workspace: as a browser receives them (brotli from the
// build's precompressed files) against the same pages fetched uncompressed (Accept-Encoding: identity),
// both measured here in the same run, each in a fresh context (empty cache), the median of five loads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
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
  page.off('response', onResponse);
  if (process.env.JS_SIZE_DETAIL)
    for (const [u, s] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${(s / 1024).toFixed(1)} KB ${u.split('/').pop()}`);
  return { gzip: [...sizes.values()].reduce((a, b) => a + b, 0), files: sizes.size };
}

interface Wire {
  bytes: number;
  requests: number;
  ms: number;
}

/** Loads `url` in a fresh context and sums the bytes received (headers and encoded bodies). */
async function wireOf(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  options: { compressed: boolean; cookie?: { name: string; value: string } },
): Promise<Wire> {
  const context = await browser.newContext({
    extraHTTPHeaders: options.compressed ? {} : { 'Accept-Encoding': 'identity' },
  });
  if (options.cookie) await context.addCookies([{ ...options.cookie, url }]);
  const page = await context.newPage();
  const requests: import('playwright').Request[] = [];
  page.on('requestfinished', (request) => void requests.push(request));
  const started = performance.now();
  await page.goto(url);
  await ready(page);
  const ms = performance.now() - started;
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    bytes += sizes.responseHeadersSize + sizes.responseBodySize;
  }
  await context.close();
  return { bytes, requests: requests.length, ms };
}

async function medianWire(...args: Parameters<typeof wireOf>): Promise<Wire> {
  const runs: Wire[] = [];
  for (let i = 0; i < 5; i++) runs.push(await wireOf(...args));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[2];
}

const work = mkdtempSync(join(tmpdir(), 'scribe-js-size-'));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  // Baseline: bare React.
  const bareRoot = join(import.meta.dirname, 'bare-react');
  const bareOut = join(work, 'bare');
  await build({ root: bareRoot, configFile: false, plugins: sharedPlugins(), logLevel: 'warn', build: { outDir: bareOut } });
  const bareServer = await preview({
    root: bareRoot,
    configFile: false,
    build: { outDir: bareOut },
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
  });
  const barePage = await browser.newPage();
  const bare = await scriptsOf(barePage, bareServer.resolvedUrls!.local[0], () => barePage.getByText('Hello').waitFor());
  await new Promise<void>((resolve) => bareServer.httpServer.close(() => resolve()));

  // The app, built as `pnpm build` does, served by the real server.
  const appOut = join(work, 'app');
  await build({
    configFile: join(root, 'packages', 'app', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: appOut, emptyOutDir: true },
  });
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
    const workspace = await scriptsOf(workspacePage, `${base}/`, () => workspacePage.getByRole('treegrid', { name: 'Folders' }).waitFor());

    const cookie = { name, value };
    const loginReady = async (p: Page) => {
      await p.getByRole('button', { name: 'Sign In' }).waitFor();
      await p.locator('altcha-widget').waitFor({ state: 'attached' });
    };
    const workspaceReady = (p: Page) => p.getByRole('treegrid', { name: 'Folders' }).waitFor();
    const wire = {
      loginPlain: await medianWire(browser, `${base}/login`, loginReady, { compressed: false }),
      loginPacked: await medianWire(browser, `${base}/login`, loginReady, { compressed: true }),
      workspacePlain: await medianWire(browser, `${base}/`, workspaceReady, { compressed: false, cookie }),
      workspacePacked: await medianWire(browser, `${base}/`, workspaceReady, { compressed: true, cookie }),
    };
    const line = (label: string, plain: Wire, packed: Wire) =>
      console.log(
        `wire: ${label}: ${kb(packed.bytes)} in ${packed.requests} requests, usable in ${packed.ms.toFixed(0)} ms ` +
          `(baseline uncompressed: ${kb(plain.bytes)}, ${plain.ms.toFixed(0)} ms; ${(plain.bytes / packed.bytes).toFixed(2)}x smaller)`,
      );
    line('/login', wire.loginPlain, wire.loginPacked);
    line('/ (workspace, signed in)', wire.workspacePlain, wire.workspacePacked);

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
