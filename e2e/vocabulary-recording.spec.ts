// A recording made in the Record dialog goes to the engine with the custom vocabulary saved in Settings,
// as an upload does. The names' spelling is asserted where the audio is fixed: an upload
// (vocabulary.spec.ts) and a streamed recording's pieces (server test/transcription/vocabulary-jobs.test.ts).
// Here the fake microphone loops a 5.4 s clip of names, and where the loop is cut, and the browser's Opus
// encoding, decide what tiny.en makes of it (engines/whisper/prompt-fallback.ts has the measures): this
// journey shows the vocabulary going up with the recording and the transcript being made.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeMicrophone, newUser, register } from './helpers.ts';

const namesRecording = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio', 'espeak-names.wav');
test.use(fakeMicrophone(namesRecording));

test('a recording goes up with the saved vocabulary and becomes a transcript', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  // Saved as Settings saves it (the Settings field itself is covered by vocabulary.spec.ts).
  const saved = await page.request.post('/api/user/preferences', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { language: 'en', vocabulary: ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'] },
  });
  expect(saved.status()).toBe(200);
  // On a busy machine the dialog's support check (this browser's outbox and the server's unfinished
  // recordings) can answer after Record is pressed. Held here until the recording has stopped, it must
  // not turn the recording into a whole-file upload.
  let releaseCheck = () => {};
  const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
  let checkAsked = false;
  await page.route(/\/api\/recordings$/, async (route) => {
    if (route.request().method() === 'GET') {
      checkAsked = true;
      await checkHeld;
    }
    await route.continue();
  });
  await page.reload();

  await page.getByRole('button', { name: 'Record audio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Audio' });
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByRole('timer', { name: 'Elapsed time' })).toHaveText(/^0:0[3-9]$/, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Stop' }).click();
  expect(checkAsked).toBe(true);
  releaseCheck();
  const finished = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/recordings\/[^/]+\/finish$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Upload Recording' }).click();
  const finish = await finished;
  expect(finish.status()).toBe(201);
  expect(finish.request().postDataJSON()).toMatchObject({ vocabulary: ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'] });

  // The transcription ran on it: it ends, whichever way tiny.en hears the cut clip.
  const transcript = page.getByRole('article', { name: /^Recording from / });
  await expect(transcript.getByText(/^(Completed|Failed)$/)).toBeVisible({ timeout: 120_000 });
});
