import { expect, test } from '@playwright/test';
import { newUser, register } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('a new subfolder shows at once: its parent opens and the new folder has the focus', async ({ page }) => {
  await register(page, newUser());
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  const created = await page.request.post('/api/folders', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Projects', parentId: null },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeVisible();

  await tree.getByRole('row', { name: 'Projects' }).hover();
  await page.getByRole('button', { name: 'Actions for Projects' }).click();
  await page.getByRole('menuitem', { name: 'New Subfolder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Subfolder' });
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Drafts');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  // Without touching the tree: the parent is open, the new folder is on screen and focused.
  await expect(tree.getByRole('row', { name: 'Projects' })).toHaveAttribute('aria-expanded', 'true');
  const drafts = tree.getByRole('row', { name: 'Drafts' });
  await expect(drafts).toBeVisible();
  await expect(drafts).toBeFocused();
  await expect(drafts).toHaveAttribute('aria-level', '2');

  // And a second one inside the new folder, from the keyboard's point of view: the same.
  await drafts.hover();
  await page.getByRole('button', { name: 'Actions for Drafts' }).click();
  await page.getByRole('menuitem', { name: 'New Subfolder' }).click();
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Old');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(tree.getByRole('row', { name: 'Old' })).toBeFocused();
  await expect(tree.getByRole('row', { name: 'Old' })).toHaveAttribute('aria-level', '3');
});
