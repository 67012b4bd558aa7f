import { expect, test, type Page } from '@playwright/test';
import { newUser, register, transcriptNamed, uploadQuestionsAndWait } from './helpers.ts';

/** The word painted as being spoken (CSS Highlight API), or null. */
const spokenWord = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('scribe-spoken-word');
    return highlight && highlight.size > 0 ? [...highlight][0].toString() : null;
  });

test('while the audio plays the spoken word is highlighted and moves on; a click on a word plays from that word', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const transcript = await transcriptNamed(page, 'questions-en');
  const segments = transcript.metadata.timestamps;
  // The built-in engine times every word.
  expect(segments.every((s) => (s.words?.length ?? 0) > 0)).toBe(true);
  const words = segments.flatMap((s) => s.words!.map((w) => w.text.trim()));

  // Where each seek of the player landed.
  await page.evaluate(() => {
    const w = window as unknown as { seeks: number[] };
    w.seeks = [];
    document.addEventListener('seeked', (event) => w.seeks.push((event.target as HTMLMediaElement).currentTime), true);
  });

  // Playing: the painted word is a word of the transcript, and it moves on with the audio.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const word = await spokenWord(page);
        if (word) seen.add(word);
        return seen.size;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(3);
  for (const word of seen) expect(words).toContain(word);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(() => spokenWord(page)).toBeNull();

  // A click on the third word of the last line: the player plays from that word, not from the line's start.
  const last = segments.at(-1)!;
  const target = last.words![2];
  const line = page.getByRole('article', { name: 'questions-en' }).locator(`[role="button"][data-index="${segments.length - 1}"]`);
  const point = await line.evaluate((element, word) => {
    const node = element.firstChild as Text;
    const from = node.data.indexOf(word);
    const range = document.createRange();
    range.setStart(node, from + 1);
    range.setEnd(node, from + 2);
    const box = range.getBoundingClientRect();
    const frame = element.getBoundingClientRect();
    return { x: box.x + box.width / 2 - frame.x, y: box.y + box.height / 2 - frame.y };
  }, target.text.trim());
  await line.click({ position: point });
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const seeks = () => page.evaluate(() => (window as unknown as { seeks: number[] }).seeks);
  await expect.poll(async () => (await seeks()).length).toBeGreaterThan(0);
  const landed = (await seeks()).at(-1)!;
  expect(Math.abs(landed - target.start)).toBeLessThanOrEqual(0.3);
  expect(target.start - last.words![0].start).toBeGreaterThan(0.3);
});
