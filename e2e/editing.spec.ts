import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { confirmUpload, newUser, questionsRecording, register, saveStatusLine } from './helpers.ts';

/**
 * The questions recording twice with 1.8 s of a tone melody between (C E G C' G E, a quarter second
 * each): tiny.en writes text over the tones, which the built-in engine flags for review (text over what
 * the VAD takes for silence, low confidence). Same name as the fixture: the transcript is 'questions-en'.
 */
function questionsWithTones(path: string): string {
  const wav = readFileSync(questionsRecording);
  const rate = wav.readUInt32LE(24);
  const dataAt = wav.indexOf('data', 12, 'ascii');
  const speech = wav.subarray(dataAt + 8, dataAt + 8 + wav.readUInt32LE(dataAt + 4));
  const notes = [262, 330, 392, 523, 392, 330];
  const count = Math.round(1.8 * rate);
  const tones = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    const f = notes[Math.floor(i / (rate / 4)) % notes.length];
    const v = 0.3 * Math.sin((2 * Math.PI * f * i) / rate) + 0.1 * Math.sin((2 * Math.PI * 2 * f * i) / rate);
    tones.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  const body = Buffer.concat([speech, tones, speech]);
  const header = Buffer.from(wav.subarray(0, dataAt + 8));
  header.writeUInt32LE(header.length - 8 + body.length, 4);
  header.writeUInt32LE(body.length, dataAt + 4);
  writeFileSync(path, Buffer.concat([header, body]));
  return path;
}

async function uploadAndWait(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(file);
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: 'questions-en' })).toContainText(/how long will the migration take/i, {
    timeout: 120_000,
  });
}

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

const editor = (page: Page) => page.getByRole('article', { name: 'questions-en' });
const segmentList = (page: Page) => editor(page).getByRole('list', { name: 'Transcript segments' });
/** The segments' texts (the element that a click or Enter edits). */
const segmentTexts = (page: Page) => segmentList(page).locator('[role="button"][data-index]');
const saveStatus = (page: Page, text: string) => saveStatusLine(editor(page), text);
const saved = (page: Page) => saveStatus(page, 'All changes saved');

/**
 * Keyboard only, from the player's Pause button: Shift+Tab back into the transcript (its one Tab stop is
 * a segment's text), then Home to the first segment.
 */
async function keyboardToFirstSegment(page: Page) {
  const onSegment = () => page.evaluate(() => document.activeElement?.matches('[role="button"][data-index]') ?? false);
  for (let i = 0; i < 40 && !(await onSegment()); i++) await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Home');
  const first = segmentTexts(page).first();
  await expect(first).toBeFocused();
  return first;
}

/** The body of a download that `trigger` starts (the export menu's blob link). */
async function downloadText(page: Page, trigger: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await trigger();
  return readFile(await (await download).path(), 'utf8');
}

async function exportAs(page: Page, item: string | RegExp): Promise<string> {
  return downloadText(page, async () => {
    await editor(page).getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: item }).click();
  });
}

/** No serious or critical axe violation (WCAG 2.1 A and AA) on the page as it is now. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(serious).toEqual([]);
}

async function showDetailed(page: Page) {
  const detailed = editor(page).getByRole('radio', { name: 'Detailed' });
  await detailed.click();
  await expect(detailed).toBeChecked();
}

async function segmentCount(list: Locator) {
  return list.locator('[role="button"][data-index]').count();
}

test('a transcript is corrected while listening, saved as revisions, shared safely between tabs, restored, exported and reviewed', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadAndWait(page, questionsWithTones(testInfo.outputPath('questions-en.wav')));
  // The detailed view: a card per segment with its speaker and times.
  await showDetailed(page);
  await expect(segmentTexts(page).first()).toBeVisible();
  const original = (await segmentTexts(page).first().innerText()).trim();
  expect(original).toMatch(/welcome/i);

  // Play, then edit a word by keyboard alone while the audio goes on.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const first = await keyboardToFirstSegment(page);
  const before = await playerSeconds(page);
  await page.keyboard.press('Enter');
  const field = editor(page).getByRole('textbox', { name: 'Segment text' });
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+Shift+ArrowRight');
  await page.keyboard.type('Greetings');
  await page.keyboard.press('Enter');
  await expect(first).toContainText(/^Greetings\b/);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(saved(page)).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // Split the first segment at a word (Shift+Enter at the caret), then merge it back (m).
  const count = await segmentCount(segmentList(page));
  await first.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+ArrowRight');
  await page.keyboard.press('ControlOrMeta+ArrowRight');
  await page.keyboard.press('Shift+Enter');
  await expect.poll(() => segmentCount(segmentList(page))).toBe(count + 1);
  await expect(segmentTexts(page).first()).toHaveText(/^Greetings to\s*$/);
  await segmentTexts(page).first().focus();
  await page.keyboard.press('m');
  await expect.poll(() => segmentCount(segmentList(page))).toBe(count);
  await expect(segmentTexts(page).first()).toContainText(/^Greetings to the/);

  // Rename the speaker everywhere.
  await segmentList(page).getByRole('button', { name: 'Speaker: Speaker 1' }).first().click();
  const popover = page.getByRole('dialog', { name: 'Speaker Speaker 1' });
  await popover.getByRole('textbox', { name: 'Rename this speaker everywhere' }).fill('Carol');
  await popover.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Carol' })).toHaveCount(count);
  await expect(saved(page)).toBeVisible();

  // A reload shows the edits (they were saved as revisions on the server).
  await page.reload();
  await showDetailed(page);
  await expect(segmentTexts(page).first()).toContainText(/^Greetings to the/);
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Carol' })).toHaveCount(count);

  // Two tabs: this one loses its connection to the server while it edits; the other saves meanwhile.
  const other = await context.newPage();
  await other.goto(page.url());
  await showDetailed(other);
  await expect(segmentTexts(other).first()).toContainText(/^Greetings to the/);
  await page.route('**/api/transcripts/*', (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await segmentTexts(page).last().dblclick();
  await page.keyboard.press('End');
  await page.keyboard.type(' Mine');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page, 'Offline: changes are kept on this device')).toBeVisible({ timeout: 15_000 });

  await segmentTexts(other).last().dblclick();
  await other.keyboard.press('End');
  await other.keyboard.type(' Theirs');
  await other.keyboard.press('Enter');
  await expect(saved(other)).toBeVisible();

  // The first tab learns of the newer revision: its unsaved text is not overwritten, it asks.
  await page.unroute('**/api/transcripts/*');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(saveStatus(page, 'Conflict: this transcript was changed elsewhere.')).toBeVisible({ timeout: 15_000 });
  await expect(segmentTexts(page).last()).toContainText(/Mine$/);
  await editor(page).getByRole('button', { name: 'Keep my text' }).click();
  await expect(saved(page)).toBeVisible();
  // The other tab, with nothing unsaved, follows quietly.
  await expect(segmentTexts(other).last()).toContainText(/Mine$/, { timeout: 15_000 });
  await expect(segmentTexts(other).last()).not.toContainText('Theirs');
  await other.close();

  // Export TXT and SRT: both carry the edits.
  const txt = await exportAs(page, 'Text (TXT)');
  expect(txt).toContain('Greetings to the');
  expect(txt).toContain('Carol');
  const srt = await exportAs(page, 'SRT (subtitles)');
  expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
  expect(srt).toContain('Greetings');
  expect(srt).toContain('Mine');
  // Subtitle options: shorter lines, remembered for the next export.
  await editor(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Subtitle options…' }).click();
  const options = page.getByRole('dialog', { name: 'Subtitle options' });
  await expect(options).toBeVisible();
  await expectAccessible(page);
  await options.getByRole('textbox', { name: 'Characters per line (at most)' }).fill('24');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options).toBeHidden();
  const narrow = await exportAs(page, 'SRT (subtitles)');
  const textLines = narrow.split(/\r?\n/).filter((line) => line && !/^\d+$/.test(line) && !line.includes(' --> '));
  expect(textLines.length).toBeGreaterThan(0);
  for (const line of textLines) expect(line.length).toBeLessThanOrEqual(24);
  expect(narrow).toContain('Mine');

  // History: the revisions with what they changed; the original comes back as a new revision.
  await editor(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const revisions = history.getByRole('listbox', { name: 'Revisions' });
  await expect(revisions.getByRole('option').last()).toContainText('Original (engine output)');
  await expect(revisions.getByRole('option').first()).toContainText('(current)');
  await revisions.getByRole('option').last().click();
  await expect(history.getByRole('region', { name: 'Text of revision 1' })).toContainText(original);
  await expectAccessible(page);
  await history.getByRole('button', { name: 'Restore revision 1' }).click();
  await expect(history).toBeHidden();
  await expect(segmentTexts(page).first()).toHaveText(original);
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Carol' })).toHaveCount(0);
  await editor(page).getByRole('button', { name: 'History' }).click();
  await expect(history.getByRole('listbox', { name: 'Revisions' }).getByRole('option').first()).toContainText('Restored from revision 1');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // The review queue: the text over the tones is flagged; 'Next to review' goes there and plays it.
  const flagged = segmentList(page).locator('[role="button"][data-index][data-review]');
  await expect(flagged.first()).toBeVisible();
  const flaggedIndex = Number(await flagged.first().getAttribute('data-index'));
  // Its start, from its 'Go to m:ss.t – m:ss.t' button.
  const goTo = await segmentList(page)
    .getByRole('listitem')
    .nth(flaggedIndex)
    .getByRole('button', { name: /^Go to / })
    .textContent();
  const [, m, sec] = /(\d+):(\d+(?:\.\d+)?)/.exec(goTo ?? '') ?? [];
  const flaggedStart = Number(m) * 60 + Number(sec);
  expect(flaggedStart).toBeGreaterThan(5);
  await expect(editor(page).getByText(/^\d+ to review$/)).toBeVisible();
  await editor(page).getByRole('button', { name: 'Next to review' }).click();
  await expect(segmentTexts(page).nth(flaggedIndex)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.floor(flaggedStart));

  // Rename from the tree's row menu: the tree and the transcript's heading take the new title.
  await page.getByRole('button', { name: 'Actions for questions-en' }).click();
  await page.getByRole('menu', { name: 'Actions for questions-en' }).getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename transcript' });
  await rename.getByRole('textbox', { name: 'Title' }).fill('Planning meeting');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'Planning meeting' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Planning meeting' }).getByRole('heading', { name: 'Planning meeting' })).toBeVisible();
});
