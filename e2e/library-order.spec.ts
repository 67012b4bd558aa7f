import { expect, test, type Page } from '@playwright/test';
import { wavHeader } from '../packages/api-client/src/wav.ts';
import { readFileSync } from 'node:fs';
import { newUser, questionsRecording, register } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A silent 16 kHz WAV of `seconds`: transcribed to nothing, but measured. */
function silentWav(seconds: number): Buffer {
  const data = seconds * 16_000 * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.set(wavHeader(data, 16_000));
  return buffer;
}

/**
 * German speech: the English-only engine ends it as 'Not English', a failed transcript. (A file with no
 * decodable audio is refused at upload, so it never becomes one.)
 */
const germanSpeech = () => readFileSync(new URL('../packages/server/test/fixtures/audio/german-espeak-meeting.mp3', import.meta.url));

async function apiUpload(page: Page, name: string, buffer: Buffer, mimeType = 'audio/wav'): Promise<number> {
  const res = await page.request.post('/api/transcripts/upload', {
    headers: XHR,
    multipart: { audio: { name, mimeType, buffer } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the library sorts by name, date, length and status, and shows only the transcripts of one status', async ({ page }) => {
  test.setTimeout(150_000);
  await register(page, newUser());
  // Uploaded in this order: the newest is the broken one.
  await apiUpload(page, 'bravo-long.wav', silentWav(6));
  await apiUpload(page, 'Alpha-short.wav', silentWav(1));
  // Real speech: this one completes.
  await apiUpload(page, 'charlie-mid.wav', readFileSync(questionsRecording));
  await apiUpload(page, 'delta-broken.mp3', germanSpeech(), 'audio/mpeg');
  // Wait until every transcription has ended (the broken one fails; silence may too, depending on the engine).
  type Row = { name: string; status: string; duration: number | null };
  let rows: Row[] = [];
  await expect
    .poll(
      async () => {
        rows = (await (await page.request.get('/api/folders/tree')).json()) as Row[];
        return rows.filter((n) => n.status === 'processing').length;
      },
      { timeout: 120_000 },
    )
    .toBe(0);
  const withStatus = (status: string) =>
    rows
      .filter((n) => n.status === status)
      .map((n) => n.name)
      .sort();
  expect(withStatus('error')).toContain('delta-broken');
  expect(withStatus('completed')).toContain('charlie-mid');
  await page.reload();

  const tree = page.getByRole('treegrid', { name: 'Folders' });
  const names = async () => (await tree.getByRole('row').allInnerTexts()).map((text) => text.split('\n')[0].trim());
  const order = async (choice: string) => {
    await page.getByRole('button', { name: /^Sort:/ }).click();
    await page.getByRole('menuitemradio', { name: choice }).click();
    await expect(page.getByRole('button', { name: `Sort: ${choice}` })).toBeVisible();
  };

  // The server's order: newest first.
  await expect.poll(names).toEqual(['delta-broken', 'charlie-mid', 'Alpha-short', 'bravo-long']);
  await order('Name (A–Z)');
  await expect.poll(names).toEqual(['Alpha-short', 'bravo-long', 'charlie-mid', 'delta-broken']);
  await order('Name (Z–A)');
  await expect.poll(names).toEqual(['delta-broken', 'charlie-mid', 'bravo-long', 'Alpha-short']);
  await order('Oldest first');
  await expect.poll(names).toEqual(['bravo-long', 'Alpha-short', 'charlie-mid', 'delta-broken']);
  // Length: longest first, those without a measured length last (newest first among them).
  const measured = rows.filter((n) => typeof n.duration === 'number' && n.duration > 0);
  const unmeasured = rows.filter((n) => !measured.includes(n)).map((n) => n.name);
  const byLength = [...measured].sort((a, b) => b.duration! - a.duration!).map((n) => n.name);
  expect(byLength.length).toBeGreaterThan(0);
  await order('Longest first');
  await expect.poll(names).toEqual([...byLength, ...unmeasured]);
  await order('Shortest first');
  await expect.poll(names).toEqual([...[...byLength].reverse(), ...unmeasured]);
  await order('Status');
  // Status: completed before failed, newest first within each (the API lists newest first).
  const ofStatus = (status: string) => rows.filter((n) => n.status === status).map((n) => n.name);
  await expect.poll(names).toEqual([...ofStatus('completed'), ...ofStatus('error')]);

  // Filter by status.
  await page.getByRole('button', { name: /^Show:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Failed' }).click();
  await expect.poll(async () => (await names()).sort()).toEqual(withStatus('error'));
  await page.getByRole('button', { name: 'Show: Failed' }).click();
  await page.getByRole('menuitemradio', { name: 'Completed' }).click();
  await expect.poll(async () => (await names()).sort()).toEqual(withStatus('completed'));
  await page.getByRole('button', { name: 'Show: Completed' }).click();
  await page.getByRole('menuitemradio', { name: 'Processing' }).click();
  await expect(tree.getByText('No items found')).toBeVisible();
  await page.getByRole('button', { name: 'Show: Processing' }).click();
  await page.getByRole('menuitemradio', { name: 'All transcripts' }).click();
  await expect.poll(names).toHaveLength(4);
});
