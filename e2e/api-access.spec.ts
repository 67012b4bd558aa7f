import { expect, request, test } from '@playwright/test';
import { field, newUser, register } from './helpers.ts';

test('Settings: create an API token, use it from a script, revoke it', async ({ page, baseURL }) => {
  await register(page, newUser());
  await page.goto('/settings');
  await field(page, 'Token name').fill('Nightly export');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secretField = field(page, 'Your new token');
  await expect(secretField).toHaveValue(/^scr_/);
  const secret = await secretField.inputValue();

  // A script: no cookie, no X-Requested-With.
  const script = await request.newContext({ baseURL });
  const folder = await script.post('/api/folders', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { name: 'From the script', parentId: null },
  });
  expect(folder.status()).toBe(201);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);
  await page.reload();
  const list = page.getByTestId('token-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Nightly export');
  await expect(list).toContainText(secret.slice(0, 12));
  await expect(list).toContainText('Last used');
  // The secret is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  const after = await script.get('/api/folders/tree', { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe('API_TOKEN_REVOKED');
  await script.dispose();
});

test('Settings: a webhook to a loopback address is refused with a clear message', async ({ page }) => {
  await register(page, newUser());
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Address (URL)' }).fill('https://127.0.0.1/hooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText('Webhook URLs must not point to a private, loopback or link-local address').first()).toBeVisible();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});
