// A recording made in the Record dialog is transcribed with the custom vocabulary saved in Settings, as
// an upload is. Chromium's fake microphone loops names tiny.en mishears without the vocabulary
// (espeak-ng, server fixtures README): "Please send the report to Siobhan Kowalczyk, Anneliese Oyelaran at Zyntrix".
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeMicrophone, newUser, register } from './helpers.ts';

const namesRecording = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio', 'espeak-names.wav');
test.use(fakeMicrophone(namesRecording));

test('a recording is transcribed with the saved vocabulary and spells the names right', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  // Saved as Settings saves it (the Settings field itself is covered by vocabulary.spec.ts).
  const saved = await page.request.post('/api/user/preferences', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { language: 'en', vocabulary: ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'] },
  });
  expect(saved.status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: 'Record audio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Audio' });
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  // The clip is 5.4 s: one whole pass of it, then Stop.
  await expect(dialog.getByRole('timer', { name: 'Elapsed time' })).toHaveText(/^0:(0[7-9]|[1-5][0-9])$/, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Stop' }).click();
  const finished = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/recordings\/[^/]+\/finish$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Upload Recording' }).click();
  const finish = await finished;
  expect(finish.status()).toBe(201);
  expect(finish.request().postDataJSON()).toMatchObject({ vocabulary: ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'] });

  const transcript = page.getByRole('article', { name: /^Recording from / });
  await expect(transcript.getByText('Completed', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(transcript).toContainText('Siobhan Kowalczyk');
  await expect(transcript).toContainText('Anneliese Oyelaran');
  await expect(transcript).toContainText('Zyntrix');
});
