import { expect, test, type Page } from '@playwright/test';
import { longSpeech } from './audio.ts';
import { confirmUpload, newUser, register } from './helpers.ts';

async function uploadWithButton(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(file);
  await confirmUpload(page);
}

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

test('an upload shows rising progress live, then the transcript follows playback and replays a segment from its start', async ({
  page,
}, testInfo) => {
  // Minutes of speech to transcribe (its waits below allow 120 s each); on a loaded machine 60 s was too tight.
  test.setTimeout(180_000);
  await register(page, newUser());
  // A few minutes of speech, so the job runs long enough for several progress reports.
  await uploadWithButton(page, longSpeech(testInfo.outputPath('lecture.wav'), 24));
  await expect(page.getByText('Upload successful')).toBeVisible({ timeout: 30_000 });

  // The status card (bottom right) shows the percent rising, without a reload.
  const cards = page.getByRole('region', { name: 'Transcription status' });
  const bar = cards.getByRole('progressbar');
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(0);
  const first = Number(await bar.getAttribute('aria-valuenow'));
  await expect
    .poll(async () => ((await bar.count()) ? Number(await bar.getAttribute('aria-valuenow')) : 100), { timeout: 120_000 })
    .toBeGreaterThan(first);
  await expect(cards.getByText('Transcription completed!')).toBeVisible({ timeout: 120_000 });

  // The transcript, with the right words, in the synchronised viewer.
  const transcript = page.getByRole('article', { name: 'lecture' });
  await expect(transcript).toContainText(/leisure to consider how much there might be prudently in his power/i);
  await expect(transcript).toContainText('Completed');
  const segments = transcript.getByRole('group', { name: 'Transcript segments' }).getByRole('button');
  expect(await segments.count()).toBeGreaterThan(10);
  const active = transcript.locator('[aria-current="time"]');

  // Play: the highlight appears and moves on with the audio.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(active).toHaveCount(1, { timeout: 10_000 });
  const firstActive = await active.getAttribute('data-index');
  await expect.poll(async () => active.getAttribute('data-index'), { timeout: 30_000 }).not.toBe(firstActive);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // Replaying a later segment (r on it, as a click on its text does) seeks the player to its start, and
  // that segment is the highlighted one.
  const later = segments.nth(Math.floor((await segments.count()) * 0.75));
  const laterIndex = await later.getAttribute('data-index');
  await later.focus();
  await page.keyboard.press('r');
  await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThan(60);
  await expect(active).toHaveAttribute('data-index', laterIndex!);
});

test('the view picked while the text so far shows stays when the transcript is finished and editable', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  // Minutes of speech: its first text shows long before the whole is transcribed.
  await uploadWithButton(page, longSpeech(testInfo.outputPath('talk.wav'), 24));
  const transcript = page.getByRole('article', { name: 'talk' });
  const detailed = transcript.getByRole('radio', { name: 'Detailed' });
  // The text so far, readable but not yet editable: the reader picks the detailed view.
  await expect(transcript.getByRole('status').filter({ hasText: 'The rest of the text appears here' })).toBeVisible({ timeout: 120_000 });
  await detailed.click();
  await expect(detailed).toBeChecked();
  // Finished: the editable transcript takes its place, in the view the reader picked.
  await expect(transcript.getByRole('button', { name: 'Edit', exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(transcript).toContainText('Completed');
  await expect(detailed).toBeChecked();
  await expect(transcript.getByRole('list', { name: 'Transcript segments' })).toBeVisible();
});
