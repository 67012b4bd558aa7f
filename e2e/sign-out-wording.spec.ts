import { expect, test } from '@playwright/test';
import { accountMenuButton, newUser, register } from './helpers.ts';

test('signing out is worded the same on the desktop and on a phone', async ({ page }) => {
  const user = newUser();
  await register(page, user);

  // Desktop: the account menu.
  await accountMenuButton(page, user).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Phone: the profile menu in the left drawer says the same, and signs out.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /, profile menu$/ })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /log ?out/i })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});
