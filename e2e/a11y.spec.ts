import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { accountMenuButton, confirmUpload, newUser, register, tutorialDialog } from './helpers.ts';

/** axe on what is on screen now: no serious or critical violation of WCAG 2.1 A/AA. */
async function expectNoSeriousViolations(page: Page, what: string) {
  // Let finite animations end first: a toast fading out has, for that moment, too little contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // react-aria's hidden live announcer: its transient message nodes point at descriptions already gone.
    .exclude('[data-live-announcer]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
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
  // Many pages and dialogs, each scanned by axe (Settings grew with the account controls).
  test.setTimeout(120_000);
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

test('the tutorial, a transcript with its player, AI output, export menu and every workspace dialog, in English and German', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newUser();
  await register(page, user, { tutorial: 'keep' });
  await expect(tutorialDialog(page)).toBeVisible({ timeout: 5000 });
  await expectNoSeriousViolations(page, 'tutorial (welcome)');
  await tutorialDialog(page).getByRole('button', { name: 'Skip' }).click();
  await expect(tutorialDialog(page)).toBeHidden();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(join(import.meta.dirname, 'fixtures', 'questions-en.wav'));
  await confirmUpload(page);
  const transcript = page.getByRole('article', { name: 'questions-en' });
  await expect(transcript).toContainText(/how long will the migration take/i, { timeout: 120_000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'workspace with a transcript and the player');

  await transcript.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'transcript export menu');
  await page.keyboard.press('Escape');

  const panel = page.getByRole('region', { name: 'AI Features' });
  await panel.getByRole('button', { name: 'New prompt' }).click();
  await expect(page.getByRole('dialog', { name: 'Create prompt' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Create prompt dialog');
  await page.keyboard.press('Escape');

  await panel.getByRole('button', { name: 'Extract questions' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/how long will the migration take\?/i);
  await expectNoSeriousViolations(page, 'AI output tab');

  await page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'questions-en' }).hover();
  await page.getByRole('button', { name: 'Actions for questions-en' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'delete confirmation');
  await page.keyboard.press('Escape');

  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Buy credits' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy credits' });
  await buy.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();
  await expect(buy.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Buy credits dialog with the card form');
  await page.keyboard.press('Escape');

  // German: the same workspace, and the tutorial again from the account menu.
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'German workspace');
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Tutorial neu starten' }).click();
  await expect(tutorialDialog(page)).toBeVisible();
  await expectNoSeriousViolations(page, 'German tutorial');
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
