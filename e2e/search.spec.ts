import { expect, test, type Page } from '@playwright/test';
import { newUser, register, transcriptNamed, uploadQuestionsAndWait } from './helpers.ts';

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

/**
 * Library search from the header: typing shows hits with the word marked, arrows and Enter choose one,
 * the transcript opens and the player plays from the hit's word (the built-in engine times words), in the
 * segment the editor marks as playing. The Speaker choice then limits the hits to that speaker's segments.
 */
test('type in the search, pick a hit, the player jumps there', async ({ page }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  // Where the engine timed the word 'Monday'.
  const transcript = await transcriptNamed(page, 'questions-en');
  const monday = transcript.metadata.timestamps
    .flatMap((segment) => segment.words ?? [])
    .find((word) => /^monday\W*$/i.test(word.text.trim()))!;
  expect(monday).toBeDefined();
  // Where each seek of a media element landed, and where it started playing (seeked and playing do not
  // bubble, so listened for while capturing).
  await page.addInitScript(() => {
    const w = window as unknown as { __seeks: number[]; __plays: number[] };
    const seeks: number[] = (w.__seeks = []);
    const plays: number[] = (w.__plays = []);
    document.addEventListener('seeked', (event) => seeks.push((event.target as HTMLMediaElement).currentTime), true);
    document.addEventListener('playing', (event) => plays.push((event.target as HTMLMediaElement).currentTime), true);
  });
  const lastSeek = () => page.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks.at(-1) ?? -1);
  const lastPlay = () => page.evaluate(() => (window as unknown as { __plays: number[] }).__plays.at(-1) ?? -1);
  // Away from the transcript first, so choosing the hit has to open it.
  await page.goto('/credits');

  const search = page.getByRole('searchbox', { name: 'Search transcripts' });
  await search.fill('monda');
  const results = page.getByRole('listbox', { name: 'Search results' });
  const hit = results.getByRole('option', { name: /^\d+:\d\d\b.*monday/i }).first();
  await expect(hit).toBeVisible({ timeout: 10_000 });
  await expect(hit.locator('mark').first()).toHaveText(/^monday$/i);
  const [, m, s] = /^(\d+):(\d\d)/.exec((await hit.textContent()) ?? '')!;
  const at = Number(m) * 60 + Number(s);
  expect(at).toBeGreaterThan(0);

  // Keyboard: while typing the first hit is focused, the down arrow moves on; Enter chooses the focused one.
  await search.focus();
  const options = results.getByRole('option');
  const index = await options.evaluateAll((all, target) => all.findIndex((o) => o.textContent?.toLowerCase().includes(target)), 'monday');
  for (let i = 0; i < index; i++) await search.press('ArrowDown');
  await search.press('Enter');

  await expect(page).toHaveURL(/\/$/);
  await expect(results).toBeHidden();
  const editor = page.getByRole('article', { name: 'questions-en' });
  await expect(editor.locator('[data-index][aria-current="time"]')).toContainText(/monday/i, { timeout: 15_000 });
  // It jumped to the hit's word (its segment starts within the second after `at`, shown as whole seconds)
  // and plays from there. Where the jump landed is read from the seek itself, not from the playing
  // clock sampled a moment later: on a busy machine that moment can come seconds later.
  await expect.poll(lastSeek, { timeout: 10_000 }).toBeGreaterThanOrEqual(at);
  expect(Math.abs((await lastSeek()) - monday.start)).toBeLessThanOrEqual(0.3);
  await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(at);
  // It started playing from the word. Read from the media element's own event: the clip is short, and on
  // a busy machine it can have played to its end (and shown Play again) before a look at the button.
  await expect.poll(lastPlay, { timeout: 10_000 }).toBeGreaterThanOrEqual(monday.start - 0.3);
  expect(await lastPlay()).toBeLessThan(monday.start + 2);

  // The Speaker choice above the results: the one voice is 'Speaker 1'. With it chosen only its segments
  // are hits, so the title's hit goes and the spoken word stays.
  await search.fill('questions');
  await expect(results.getByRole('option', { name: /^Title\b/ })).toBeVisible({ timeout: 10_000 });
  const speaker = page.getByRole('combobox', { name: 'Speaker' });
  await expect(speaker).toHaveValue('');
  await expect(speaker.getByRole('option')).toHaveText(['All speakers', 'Speaker 1']);
  await speaker.selectOption('Speaker 1');
  await expect(results.getByRole('option', { name: /^Title\b/ })).toHaveCount(0);
  await search.fill('monda');
  await expect(results.getByRole('option', { name: /^\d+:\d\d\b.*monday/i }).first()).toBeVisible({ timeout: 10_000 });
  await expect(speaker).toHaveValue('Speaker 1');
});
