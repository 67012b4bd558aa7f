import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { confirmUpload, newUser, register } from './helpers.ts';

// Defect 9 of the new-user run (1440×900, English): the plain view was one unbroken paragraph, sentences
// were split across segments, and 'Unknown Speaker' repeated on every card of the detailed view.

test.describe.configure({ timeout: 180_000 });

/** The espeak recording twice, with 2.5 s of silence between: a pause after a sentence end. */
function twoParts(path: string): string {
  const wav = readFileSync(join(import.meta.dirname, 'fixtures', 'questions-en.wav'));
  const dataAt = wav.indexOf('data', 12, 'ascii');
  const header = Buffer.from(wav.subarray(0, dataAt + 8));
  const samples = wav.subarray(dataAt + 8, dataAt + 8 + wav.readUInt32LE(dataAt + 4));
  const bytesPerSecond = wav.readUInt32LE(28);
  const silence = Buffer.alloc(Math.round(2.5 * bytesPerSecond) & ~1);
  const body = Buffer.concat([samples, silence, samples]);
  header.writeUInt32LE(header.length - 8 + body.length, 4);
  header.writeUInt32LE(body.length, dataAt + 4);
  writeFileSync(path, Buffer.concat([header, body]));
  return path;
}

/** Elements showing exactly `text` that take up room on the screen (not the screen-reader-only copies). */
function shownCount(page: Page, text: string) {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll('article *')].filter((el) => {
        if (el.children.length > 0 || el.textContent?.trim() !== wanted) return false;
        const box = el.getBoundingClientRect();
        return box.width > 2 && box.height > 2;
      }).length,
    text,
  );
}

test('the plain view reads in paragraphs, segments end at sentence ends, the detailed view names the speaker once a turn', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, newUser());
  const file = twoParts(testInfo.outputPath('planning twice.wav'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(file);
  await confirmUpload(page);
  const article = page.getByRole('article', { name: 'planning twice' });
  // Text can show while it is still transcribed: wait for the end.
  await expect(article.getByText('Completed', { exact: true })).toBeVisible({ timeout: 150_000 });
  await expect(article).toContainText(/Monday[\s\S]*migration[\s\S]*Monday/i);

  await article
    .getByRole('radio', { name: 'Plain' })
    .or(article.getByRole('button', { name: 'Plain' }))
    .click();
  // The running text's paragraphs: the blocks whose children are the clickable segments.
  const paragraph = ':is(p, div):has(> [role="button"])';
  const paragraphs = article.locator(paragraph);
  // The 2.5 s pause after "…on Monday." starts a second paragraph.
  await expect.poll(() => paragraphs.count()).toBeGreaterThanOrEqual(2);
  await expect(paragraphs.first()).toContainText(/Monday\.\s*$/i);

  // Every segment (a clickable span in the running text) ends where a sentence ends.
  const segments = await article.locator(`${paragraph} > [role="button"]`).allTextContents();
  expect(segments.length).toBeGreaterThanOrEqual(4);
  for (const text of segments) expect(text.trim()).toMatch(/[.?!]["”’)]?$/);

  await article
    .getByRole('radio', { name: 'Detailed' })
    .or(article.getByRole('button', { name: 'Detailed' }))
    .click();
  const cards = article.getByRole('listitem');
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
  // One speaker throughout (one voice; the music between is no speaker): named once on screen, not on every card.
  expect(await shownCount(page, 'Speaker 1')).toBe(1);
  expect(await shownCount(page, 'Speaker 2')).toBe(0);
});
