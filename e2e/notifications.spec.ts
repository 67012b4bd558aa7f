import { expect, test } from '@playwright/test';
import { confirmUpload, newUser, questionsRecording, register, tick, uploadQuestionsAndWait } from './helpers.ts';

// The browser's own Notification, observed: each one shown is recorded. The tab's visibility follows a
// flag the test sets, as when the user switches to another tab.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body?: string }> = [];
    const requests: string[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    (window as unknown as { __permissionRequests: typeof requests }).__permissionRequests = requests;
    const Real = window.Notification;
    class Observed extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
      static override requestPermission(...args: Parameters<typeof Real.requestPermission>) {
        requests.push(new Error().stack ?? '');
        return Real.requestPermission(...args);
      }
    }
    window.Notification = Observed;
    let hidden = false;
    (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden = (h) => {
      hidden = h;
    };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
});

test('a transcription that finishes while the tab is hidden shows a browser notification, once opted in', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['notifications']);
  await register(page, newUser());
  // Nothing is asked on page load.
  expect(await page.evaluate(() => (window as unknown as { __permissionRequests: string[] }).__permissionRequests.length)).toBe(0);

  // Off by default; turned on in Settings.
  await page.goto('/settings');
  const optIn = page.getByRole('checkbox', { name: /Notify me in this browser when a transcription finishes/ });
  await expect(optIn).not.toBeChecked();
  await tick(page, /Notify me in this browser when a transcription finishes/);
  await expect(optIn).toBeChecked();
  await page.goto('/');
  await expect(page.getByRole('treegrid', { name: 'Folders' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(questionsRecording);
  // The user starts the upload and looks elsewhere while it is transcribed. Hidden before the upload
  // starts: a 12 s clip can finish transcribing before a test sees the upload's toast, and a tab that
  // is visible when it finishes rightly shows no notification.
  await page.evaluate(() => (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(true));
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications), { timeout: 120_000 })
    .toEqual([{ title: 'Transcription completed', body: '“questions-en” is ready to read.' }]);
});

test('without opting in, no notification is shown and no permission is asked', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['notifications']);
  await register(page, newUser());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(questionsRecording);
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(true));
  await expect(page.getByRole('article', { name: 'questions-en' })).toContainText(/how long will the migration take/i, {
    timeout: 120_000,
  });
  expect(await page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __permissionRequests: string[] }).__permissionRequests.length)).toBe(0);
});

test("a link to one transcript (the finished-transcription e-mail's) opens it, and the address drops the parameter", async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const id = await page.evaluate(() => localStorage.getItem('selectedTranscriptId'));
  expect(id).toMatch(/^\d+$/);
  // Another transcript chosen meanwhile (none): the link still opens this one.
  await page.evaluate(() => localStorage.removeItem('selectedTranscriptId'));
  await page.goto(`/?transcript=${id}`);
  await expect(page.getByRole('article', { name: 'questions-en' })).toContainText(/how long will the migration take/i);
  await expect(page).toHaveURL(/\/$/);
});
