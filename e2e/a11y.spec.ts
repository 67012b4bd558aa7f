import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accountMenuButton, newUser, register } from './helpers.ts';

/** axe on what is on screen now: no serious or critical violation of WCAG 2.1 A/AA. */
async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // react-aria's hidden live announcer: its transient message nodes point at descriptions already gone.
    .exclude('[data-live-announcer]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(", ")}`);
  expect(serious, `${what}: axe violations`).toEqual([]);
}

test('public pages have no serious or critical axe violation', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', /Sign in|Welcome/i],
    ['/register', /Create|Register/i],
    ['/contact', /Contact/i],
    ['/terms', /Terms/i],
    ['/privacy-policy', /Privacy/i],
    ['/no-such-page', /not found|404/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
});

test('signed-in pages and dialogs have no serious or critical axe violation', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await expect(page.getByRole('treegrid', { name: 'Folders' })).toBeVisible();
  await expectNoSeriousViolations(page, 'workspace');

  await page.getByRole('button', { name: 'New folder' }).click();
  await expect(page.getByRole('dialog', { name: 'New Folder' })).toBeVisible();
  await expectNoSeriousViolations(page, 'New Folder dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Record audio' }).click();
  await expect(page.getByRole('dialog', { name: 'Record Audio' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Record Audio dialog');
  await page.keyboard.press('Escape');

  await accountMenuButton(page, user).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'account menu');
  await page.keyboard.press('Escape');

  for (const path of ['/settings', '/help', '/credits']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the phone workspace and its drawers have no serious or critical axe violation', async ({ page }) => {
    await register(page, newUser());
    await expectNoSeriousViolations(page, 'phone workspace');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousViolations(page, 'phone menu drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open AI features' }).click();
    await expect(page.getByRole('dialog', { name: 'AI Features' })).toBeVisible();
    await expectNoSeriousViolations(page, 'phone AI drawer');
  });
});
