import { expect, test } from '@playwright/test';
import { speech } from './audio.ts';
import { dayBetween, fakeMicrophone, newUser, register } from './helpers.ts';

// Chromium's fake microphone plays the LibriVox clip in a loop (a browser option, hence its own file).
test.use(fakeMicrophone(speech));

test('a recording from the (fake) microphone is previewed, uploaded and transcribed', async ({ page }) => {
  await register(page, newUser());
  await page.getByRole('button', { name: 'Record audio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Audio' });
  const started = new Date();
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Stop' })).toBeVisible();
  // The fake microphone plays the 7 s clip; record one full pass of it.
  await page.waitForTimeout(8_000);
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog.getByRole('region', { name: /Audio player/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload Recording' }).click();
  await expect(dialog.getByText('Transcription completed!')).toBeVisible({ timeout: 90_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Titled by when it was recorded, in the reader's date format, not the bare 'recording'.
  const title = new RegExp(`^Recording from ${dayBetween(started, { dateStyle: 'medium' })}, \\d{1,2}:\\d{2}`);
  const transcript = page.getByRole('article', { name: title });
  await expect(transcript).toContainText(/considered|power|leisure|prudently/i, { timeout: 30_000 });
  const row = page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: title });
  await expect(row).toBeVisible();
  await expect(page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'recording', exact: true })).toHaveCount(0);
});
