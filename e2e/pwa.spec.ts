import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { speech } from './audio.ts';
import { confirmUpload, fakeMicrophone, newUser, questionsRecording, register, signIn } from './helpers.ts';

// The installable app (production build): the manifest and icons a browser checks before it offers to
// install, the service worker (app shell offline, API never from a cache) and the Web Share Target.
// The fake microphone is for the phone-sized Record dialog at the end (a browser option, so per file).
test.use({ ...fakeMicrophone(speech), serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope?: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function loadIcon(request: APIRequestContext, url: URL): Promise<string> {
  const response = await request.get(url.href);
  expect(response.status(), url.href).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  return pngSize(await response.body());
}

/** Waits until the service worker is active, then reloads: the page is controlled from then on. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller?.scriptURL ?? 'none';
  });
}

test('the web app manifest makes the app installable: name, scope, display, icons, share target', async ({ page, request, baseURL }) => {
  await page.goto('/login');
  const head = page.locator('head');
  const href = await head.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, page.url());
  const response = await request.get(manifestUrl.href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;

  expect(manifest.name).toBe('Audio Transcription');
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const scope = new URL(manifest.scope ?? '.', manifestUrl);
  const start = new URL(manifest.start_url, manifestUrl);
  expect(scope.href).toBe(`${baseURL}/`);
  expect(start.origin).toBe(scope.origin);
  expect(start.pathname.startsWith(scope.pathname)).toBe(true);
  expect(manifest.display).toBe('standalone');
  // The theme's accent and page background; the page announces the same theme colour.
  expect(manifest.theme_color).toBe('#5550d6');
  expect(manifest.background_color).toBe('#f7f7f8');
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  // Every icon loads and is as large as it says; 192 and 512 for any use, and a maskable one.
  const found: string[] = [];
  for (const icon of manifest.icons) {
    const actual = await loadIcon(request, new URL(icon.src, manifestUrl));
    expect(actual, icon.src).toBe(icon.sizes);
    for (const purpose of (icon.purpose ?? 'any').split(' ')) found.push(`${purpose} ${icon.sizes}`);
  }
  expect(found).toEqual(expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 512x512']));
  const appleIcon = await head.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await loadIcon(request, new URL(appleIcon!, page.url()))).toBe('180x180');

  // The share target takes audio files by POST, inside the scope.
  expect(manifest.share_target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
  expect(new URL(manifest.share_target.action, manifestUrl).href.startsWith(scope.href)).toBe(true);
  expect(manifest.share_target.params.files[0]!.accept).toContain('audio/*');
});

test('the service worker controls the page, serves the app shell offline and never the API', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.goto('/login');
  // /sw.js is revalidated on every check (no long cache) and controls the whole origin.
  const script = await request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL, controller: navigator.serviceWorker.controller };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js`, controller: null });

  expect(await controlledByServiceWorker(page)).toBe(`${baseURL}/sw.js`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Nothing of the API is in any cache, also after the page has used it.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const key of await (await caches.open(name)).keys()) urls.push(new URL(key.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/ws'))).toEqual([]);

  await context.setOffline(true);
  try {
    // The shell (HTML, code, styles, fonts) comes from the cache: the sign-in page draws offline...
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // ...while the API is not answered from any cache.
    const api = await page.evaluate(() =>
      fetch('/api/config', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then(
        (response) => `answered ${response.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
  const online = await page.evaluate(() => fetch('/api/config').then((response) => response.status));
  expect(online).toBe(200);
});

test('with the service worker in control, a reload shows fresh data and offline shows none from a cache', async ({
  page,
  context,
  baseURL,
}) => {
  await register(page, newUser());
  expect(await controlledByServiceWorker(page)).toBe(`${baseURL}/sw.js`);
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await expect(page.getByText('No items found')).toBeVisible();

  // Changed behind the page's back (another device): the reload shows it.
  const created = await page.request.post('/api/folders', {
    data: { name: 'Made elsewhere' },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(tree.getByRole('row', { name: 'Made elsewhere' })).toBeVisible();

  // Offline, the shell draws, but the tree the page has just loaded is not answered from any cache.
  await context.setOffline(true);
  try {
    await page.reload();
    // The cached code runs and draws the page.
    await expect(page.locator('#root > *').first()).toBeAttached();
    const answer = await page.evaluate(() =>
      fetch('/api/folders/tree', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then(
        (response) => `answered ${response.status}`,
        () => 'network error',
      ),
    );
    expect(answer).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});

test('an audio file shared to the app waits through sign-in, then uploads and is transcribed', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const user = newUser();
  await register(page, user);
  expect(await controlledByServiceWorker(page)).toBe(`${baseURL}/sw.js`);
  // Signed out (the session ended), as a phone may be when the user shares from another app.
  await context.clearCookies();

  // The system share sheet posts the file to the manifest's share_target action: a multipart form,
  // handled by the page's service worker.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
  const { action, params } = manifest.share_target;
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      input.id = 'shared-file';
      form.append(input);
      document.body.append(form);
    },
    { action, field: params.files[0]!.name },
  );
  await page.setInputFiles('#shared-file', questionsRecording);
  await page.evaluate(() => (document.getElementById('shared-file') as HTMLInputElement).form!.submit());

  // Signed out: the app asks for sign-in first; the file is still there afterwards.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your shared audio file is waiting' })).toBeVisible();
  await signIn(page, user.username, user.password);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('questions-en.wav');
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'questions-en' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('article', { name: 'questions-en' })).toContainText(/how long will the migration take/i, {
    timeout: 120_000,
  });

  // Offered once: a reload does not offer the same file again.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the Record dialog fits a 390x844 screen and records', async ({ page }) => {
    await register(page, newUser());
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Record audio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Audio' });
    await expect(dialog).toBeVisible();

    /** The dialog and its controls lie inside the screen, and nothing scrolls sideways. */
    const fitsScreen = async (controls: string[]) => {
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      for (const name of controls) {
        const control = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(control.x, name).toBeGreaterThanOrEqual(0);
        expect(control.x + control.width, name).toBeLessThanOrEqual(390);
        expect(control.y, name).toBeGreaterThanOrEqual(0);
        expect(control.y + control.height, name).toBeLessThanOrEqual(844);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    };

    await fitsScreen(['Record']);
    await dialog.getByRole('button', { name: 'Record', exact: true }).tap();
    await expect(dialog.getByRole('button', { name: 'Stop' })).toBeVisible();
    await fitsScreen(['Stop']);
    await page.waitForTimeout(2_000);
    await dialog.getByRole('button', { name: 'Stop' }).tap();
    await expect(dialog.getByRole('region', { name: /Audio player/ })).toBeVisible();
    await fitsScreen(['Upload Recording']);
  });
});
