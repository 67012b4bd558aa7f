import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { confirmUpload, newUser, register } from './helpers.ts';

/** Names tiny.en mishears without a vocabulary, spoken by espeak-ng (server fixtures README). */
const namesRecording = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio', 'espeak-names.wav');

test('a custom vocabulary saved in Settings is offered for an upload and spells the names right', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await page.goto('/settings');
  const field = page.getByRole('textbox', { name: 'Names and terms' });
  await expect(field).toBeEnabled();
  // Past the bound: the server's reason, and no save.
  await field.fill(Array.from({ length: 101 }, (_, i) => `term ${i}`).join('\n'));
  await expect(page.getByText('The vocabulary may hold at most 100 names and terms')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save vocabulary' })).toBeDisabled();
  await field.fill('Siobhan Kowalczyk\nAnneliese Oyelaran, Zyntrix');
  await page.getByRole('button', { name: 'Save vocabulary' }).click();
  await expect(page.getByText('Vocabulary saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Names and terms' })).toHaveValue('Siobhan Kowalczyk\nAnneliese Oyelaran\nZyntrix');

  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(namesRecording);
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Names and terms to expect' })).toHaveValue(
    'Siobhan Kowalczyk\nAnneliese Oyelaran\nZyntrix',
  );
  await confirmUpload(page);
  const transcript = page.getByRole('article', { name: 'espeak-names' });
  await expect(transcript).toContainText('Siobhan Kowalczyk', { timeout: 120_000 });
  await expect(transcript).toContainText('Anneliese Oyelaran');
  await expect(transcript).toContainText('Zyntrix');
});
