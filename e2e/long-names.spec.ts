import { expect, test, type Page } from '@playwright/test';
import { newUser, register } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function folder(page: Page, name: string, parentId: number | null): Promise<number> {
  const res = await page.request.post('/api/folders', { headers: XHR, data: { name, parentId } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('a name cut off at the third level is shown whole on hover and on keyboard focus', async ({ page }) => {
  await register(page, newUser());
  const long = 'Quarterly planning meeting with the regional sales teams and the marketing department';
  const top = await folder(page, 'Company', null);
  const middle = await folder(page, 'Departments', top);
  await folder(page, long, middle);
  await page.reload();

  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await tree.getByRole('row', { name: 'Company' }).click();
  await tree.getByRole('row', { name: 'Departments' }).click();
  const row = tree.getByRole('row', { name: long });
  await expect(row).toHaveAttribute('aria-level', '3');
  const whole = row.locator('[data-full-name]');
  // Cut in the panel, and not shown whole until asked for.
  await expect(whole).toHaveAttribute('data-truncated', 'true');
  await expect(whole).toBeHidden();

  await row.hover();
  await expect(whole).toBeVisible();
  await expect(whole).toHaveAttribute('data-full-name', long);
  // The box shows the whole name: nothing of it is cut.
  expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  // Keyboard: focus moves to the row, the whole name shows as well.
  await page.mouse.move(900, 600);
  await expect(whole).toBeHidden();
  await tree.getByRole('row', { name: 'Departments' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
  await expect(whole).toBeVisible();

  // A short name is not cut: no box.
  await tree.getByRole('row', { name: 'Company' }).hover();
  await expect(tree.getByRole('row', { name: 'Company' }).locator('[data-full-name]')).toBeHidden();
});
