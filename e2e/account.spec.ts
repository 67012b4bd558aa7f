import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { field, newUser, register, signIn } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('Settings: the account controls pass axe', async ({ page }) => {
  await register(page, newUser());
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  expect(results.violations).toEqual([]);
});

test('changing the password signs out another browser; this one stays', async ({ page, browser }) => {
  const user = newUser();
  await register(page, user);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user.username, user.password);

  await page.goto('/settings');
  await expect(page.getByTestId('session-list').getByRole('listitem')).toHaveCount(2);
  await field(page, 'Current password').fill(user.password);
  await field(page, 'New password').fill('Difference-Engine-1822');
  await field(page, 'Confirm new password').fill('Difference-Engine-1822');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await other.close();
});

test('download my data: the zip holds the transcript', async ({ page }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  const created = await page.request.post('/api/create-tutorial-transcript', { headers: XHR, data: {} });
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/transcripts/${id}`)).json()) as { metadata: { status: string } }).metadata.status,
      {
        timeout: 200_000,
      },
    )
    .toBe('completed');

  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-.+\.zip$/);
  const path = await download.path();
  const listing = execFileSync('unzip', ['-l', path], { encoding: 'utf8' });
  expect(listing).toMatch(new RegExp(`transcripts/${id}-[^/]+/transcript\\.json`));
  expect(listing).toMatch(new RegExp(`transcripts/${id}-[^/]+/audio\\.`));
  const json = execFileSync('unzip', ['-p', path, `transcripts/${id}-*/transcript.json`], { encoding: 'utf8' });
  const transcript = JSON.parse(json) as { segments: unknown[]; content: string };
  expect(transcript.segments.length).toBeGreaterThan(0);
  expect(transcript.content.length).toBeGreaterThan(20);
});

test('deleting the account ends the session and signing in again fails', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await field(page, 'Username or email').fill(user.username);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('checkbox', { name: /not a robot/i }).click();
  await expect(page.getByText(/^Verified$/).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
