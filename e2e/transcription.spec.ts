import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { newUser, register } from './helpers.ts';

const speech = join(import.meta.dirname, '../packages/server/test/fixtures/audio/librivox-sense-and-sensibility-0870.wav');

test('an uploaded recording is transcribed by the built-in engine and shows up live', async ({ page }) => {
  await register(page, newUser());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(speech);
  await expect(page.getByText('Upload successful')).toBeVisible({ timeout: 30_000 });

  // No reload: the live channel reports completion and the transcript appears with the right words.
  const transcript = page.getByRole('article', { name: 'librivox-sense-and-sensibility-0870' });
  await expect(transcript).toContainText(/leisure to consider how much there might be prudently in his power/i, { timeout: 90_000 });
  await expect(transcript).toContainText('Completed');
  const row = page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'librivox-sense-and-sensibility-0870' });
  await expect(row.getByRole('progressbar', { name: 'Processing' })).toHaveCount(0);
});
