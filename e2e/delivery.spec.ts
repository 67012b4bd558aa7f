import { expect, test, type Request } from '@playwright/test';
import { newUser, register } from './helpers.ts';

// A signed-in workspace at 1440x900: its code arrives compressed, and the page's chunks are fetched
// side by side rather than one after another as each lazy part renders.
test('the workspace loads compressed code, its chunks in parallel', async ({ page: first, browser }) => {
  await register(first, newUser());
  // A new visit with the session but an empty cache, as on the next day.
  const context = await browser.newContext();
  await context.addCookies(await first.context().cookies());
  const page = await context.newPage();

  const events: string[] = [];
  const pending: Promise<void>[] = [];
  const scripts: { url: string; encoding: string | undefined; bytes: number }[] = [];
  const chunk = (request: Request) =>
    request
      .url()
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '');
  page.on('request', (request) => {
    if (request.resourceType() === 'script') events.push(`asked ${chunk(request)}`);
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    events.push(`arrived ${chunk(request)}`);
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        scripts.push({ url: request.url(), encoding: response?.headers()['content-encoding'], bytes: sizes.responseBodySize });
      })(),
    );
  });

  await page.goto('/');
  await expect(page.getByRole('treegrid', { name: 'Folders' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  // Every script of some size came brotli-compressed (the build's precompressed files).
  const sizeable = scripts.filter((s) => s.bytes > 1024);
  expect(sizeable.length).toBeGreaterThan(5);
  for (const script of sizeable) expect(script.encoding, script.url).toBe('br');
  expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThan(400 * 1024);

  // The workspace chunk was asked for before the signed-in shell's chunk had arrived: no waterfall.
  const workspaceAsked = events.indexOf('asked WorkspacePage');
  const shellArrived = events.indexOf('arrived AppLayout');
  expect(workspaceAsked, events.join('\n')).toBeGreaterThanOrEqual(0);
  expect(shellArrived, events.join('\n')).toBeGreaterThanOrEqual(0);
  expect(workspaceAsked, events.join('\n')).toBeLessThan(shellArrived);
  await context.close();
});
