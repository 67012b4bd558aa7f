import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newUser, register, uploadQuestionsAndWait } from './helpers.ts';

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

test('a share link: created by the owner, read and played signed out in a fresh browser, revoked to a 404', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);

  // The owner creates the link from the transcript's row menu.
  await page.getByRole('button', { name: 'Actions for questions-en' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “questions-en”' });
  await expect(dialog.getByText('This transcript has no share links.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'New link (shown only now)' });
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toHaveCount(1);

  // A stranger: a new browser context without the owner's cookie.
  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  const response = await shared.goto(link);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(shared.getByRole('heading', { name: 'questions-en', exact: true })).toBeVisible();
  await expect(shared.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(shared.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // No editing and no way into the owner's workspace: the only link is the skip link.
  await expect(shared.getByRole('textbox')).toHaveCount(0);
  for (const href of await shared.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).toBe('#main');
  }

  // Accessible as the other pages: axe finds no serious violation.
  const results = await new AxeBuilder({ page: shared })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Play from the second segment: the player jumps there and plays, the segment is marked.
  const segments = shared.getByRole('group', { name: 'Transcript segments' }).locator('[role="button"][data-index]');
  await expect.poll(() => segments.count()).toBeGreaterThanOrEqual(2);
  await segments.nth(1).click();
  await expect(shared.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => playerSeconds(shared), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(segments.nth(1)).toHaveAttribute('aria-current', 'time');

  // Revoked by the owner: the stranger's reload is the 404.
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByText('This transcript has no share links.')).toBeVisible();
  await shared.reload();
  await expect(shared.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(shared.getByText('This link does not exist or is no longer shared')).toBeVisible();
  await expect(shared.getByRole('heading', { name: 'questions-en', exact: true })).toHaveCount(0);
  await stranger.close();
});
