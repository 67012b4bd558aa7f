import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmUpload, newUser, register, aiRun } from './helpers.ts';

// The core journey by keyboard alone (desktop): after registering, every step is a key press. The
// only exception is the operating system's file dialog, which the test answers with setFiles.
const recording = join(import.meta.dirname, 'fixtures', 'questions-en.wav');

async function isFocused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) !== 1) return false;
  return locator.evaluate((el) => el === document.activeElement);
}

/** A short description of the focused element, for the failure message. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${role} "${name}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `locator` has the focus: proof that a keyboard user can reach it.
 * Fails with the path the focus took when it never gets there.
 */
async function tabTo(page: Page, locator: Locator, { max = 60, shift = false } = {}) {
  const key = shift ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await isFocused(locator)) return;
    if (i === max) break;
    await page.keyboard.press(key);
    path.push(await describeFocus(page));
  }
  throw new Error(`${locator} was not reached after ${max} presses of ${key}; the focus went: ${path.join(' → ')}`);
}

/** Whether the focused element draws a visible focus indicator (outline or box-shadow). */
async function focusRingVisible(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || shadow;
  });
}

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(slider: Locator): Promise<number> {
  const text = (await slider.getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

test('the core journey by keyboard alone: folder, upload, move, play and seek, prompt, export', async ({ page }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  const focused = page.locator(':focus');

  // 1. A folder: New folder, type the name, Enter.
  const newFolder = page.getByRole('button', { name: 'New folder' });
  await tabTo(page, newFolder);
  expect(await focusRingVisible(newFolder), 'the focused New folder button shows a focus ring').toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Folder' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Folder name' })).toBeFocused();
  await page.keyboard.type('Meetings');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(tree.getByRole('row', { name: 'Meetings' })).toBeVisible();

  // 2. Upload: Tab to 'Upload file', Enter, and answer the file dialog.
  const uploadButton = page.getByRole('button', { name: 'Upload file' });
  await tabTo(page, uploadButton, { shift: true });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(recording);
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  const transcript = page.getByRole('article', { name: 'questions-en' });
  await expect(transcript).toContainText(/how long will the migration take/i, { timeout: 120_000 });

  // 3. Into the folder by keyboard drag and drop: the row's grip, Enter, arrows to the folder, Enter.
  const row = tree.getByRole('row', { name: 'questions-en' });
  await expect(row).toHaveAttribute('aria-level', '1');
  const grip = row.getByRole('button', { name: /^Drag / });
  // Tab enters the tree once (on the selected row); the arrows move between rows.
  await tabTo(page, tree.locator(':focus'));
  for (let i = 0; i < 5 && !(await isFocused(row)); i++) await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
  for (let i = 0; i < 5 && !(await isFocused(grip)); i++) await page.keyboard.press('ArrowRight');
  await expect(grip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(focused).toHaveAccessibleName(/^Drop on /);
  for (let i = 0; i < 8 && (await focused.getAttribute('aria-label')) !== 'Drop on Meetings'; i++) {
    await page.keyboard.press('ArrowUp');
  }
  await expect(focused).toHaveAccessibleName('Drop on Meetings');
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-level', '2');
  const folderRow = tree.getByRole('row', { name: 'Meetings' });
  await expect(folderRow).toHaveAttribute('aria-expanded', 'true');

  // 4. Play and seek with the keyboard (the recording is 12 s long).
  const player = page.getByRole('region', { name: 'Audio player: questions-en' });
  const play = player.getByRole('button', { name: 'Play', exact: true });
  const pause = player.getByRole('button', { name: 'Pause', exact: true });
  const slider = player.getByRole('slider', { name: 'Seek' });
  const elapsed = player.getByLabel('Elapsed', { exact: true });
  await tabTo(page, play);
  expect(await focusRingVisible(play), 'the focused Play button shows a focus ring').toBe(true);
  await page.keyboard.press('Space');
  await expect(pause).toBeFocused();
  await expect.poll(() => playerSeconds(slider), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expect(elapsed).not.toHaveText('0:00');
  await page.keyboard.press('Space');
  await expect(play).toBeFocused();

  await tabTo(page, slider, { max: 5 });
  await page.keyboard.press('Home');
  await expect.poll(() => playerSeconds(slider)).toBe(0);
  await expect(elapsed).toHaveText('0:00');
  await page.keyboard.press('PageUp'); // a tenth of the length
  await expect(elapsed).toHaveText('0:01');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight'); // 0.1 s each
  await expect(elapsed).toHaveText('0:02');
  await page.keyboard.press('End');
  await expect(elapsed).toHaveText('0:12');
  await page.keyboard.press('Home');
  await expect(elapsed).toHaveText('0:00');

  const forward = player.getByRole('button', { name: 'Forward 10 seconds' });
  await tabTo(page, forward, { shift: true, max: 5 });
  await page.keyboard.press('Enter');
  await expect(elapsed).toHaveText('0:10');
  await expect.poll(() => player.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(10, 0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(player.getByRole('button', { name: 'Back 10 seconds' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(elapsed).toHaveText('0:00');

  // 5. A prompt from the AI panel.
  const panel = page.getByRole('region', { name: 'AI Features' });
  const extract = panel.getByRole('button', { name: 'Extract questions' });
  await tabTo(page, extract);
  await page.keyboard.press('Enter');
  const aiTab = page.getByRole('tab', { name: 'AI output' });
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  await expect(page.getByRole('tabpanel')).toContainText(/How long will the migration take\?/i);

  // 6. Export as TXT: back to the Transcript tab by arrow keys, then the transcript's Export menu.
  await tabTo(page, aiTab, { shift: true, max: 80 });
  await page.keyboard.press('ArrowLeft');
  const transcriptTab = page.getByRole('tab', { name: 'Transcript' });
  await expect(transcriptTab).toBeFocused();
  await expect(transcriptTab).toHaveAttribute('aria-selected', 'true');
  expect(await focusRingVisible(transcriptTab), 'the focused Transcript tab shows a focus ring').toBe(true);
  const exportButton = transcript.getByRole('button', { name: 'Export', exact: true });
  await tabTo(page, exportButton, { max: 10 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const txt = menu.getByRole('menuitem', { name: 'Text (TXT)' });
  for (let i = 0; i < 6 && !(await isFocused(txt)); i++) await page.keyboard.press('ArrowDown');
  await expect(txt).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = readFileSync((await (await download).path())!, 'utf8');
  expect(file).toMatch(/how long will the migration take/i);
});
