import { expect, test, type Page } from '@playwright/test';
import { newUser, register } from './helpers.ts';

// Page-level visual baselines (components have theirs in Storybook), kept in e2e/visual.spec.ts-snapshots.
// Only what is the same on every run is compared: names are fixed, dates and usernames are masked.
const shot = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const;

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
  // Tablets: portrait, with the AI features under the transcript, and landscape.
  ['tablet-820x1180', { width: 820, height: 1180 }],
  ['tablet-1024x768', { width: 1024, height: 768 }],
] as const) {
  test.describe(device, () => {
    test.use({ viewport, hasTouch: device === 'phone' });

    test(`sign-in and registration pages (${device})`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(`login-${device}.png`, shot);
      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(`register-${device}.png`, { ...shot, fullPage: true });
    });

    test(`workspace and credits pages (${device})`, async ({ page }) => {
      await register(page, newUser());
      await expect(
        page.getByText(device === 'phone' ? 'Tap the menu button to select a transcript or record a new one' : 'No items found'),
      ).toBeVisible();
      // The sign-up toast leaves after 5 s, before or after the screenshot on a busy machine: it is gone first.
      await expect(page.getByRole('status').filter({ hasText: 'Account created successfully' })).toHaveCount(0, { timeout: 15_000 });
      await settle(page);
      await expect(page).toHaveScreenshot(`workspace-empty-${device}.png`, shot);
      await page.goto('/credits');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/\$9\.99/)).toBeVisible();
      await settle(page);
      // The credit history's dates change with every run.
      const history = page.getByRole('table');
      await expect(history.getByRole('row')).toHaveCount(2);
      await expect(page).toHaveScreenshot(`credits-${device}.png`, {
        ...shot,
        fullPage: true,
        mask: [history.getByRole('row').nth(1).getByRole('cell').first()],
      });
    });
  });
}
