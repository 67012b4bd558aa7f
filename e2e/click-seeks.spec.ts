import { expect, test, type Page } from '@playwright/test';
import { newUser, register, saveStatusLine, tutorialDialog, uploadQuestionsAndWait } from './helpers.ts';

/** Seconds shown as "m:ss of m:ss" by the player's seek slider. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const [m, s] = text.split(' ')[0].split(':').map(Number);
  return m * 60 + s;
}

test('in the default view a click on a line plays from there; double-click, Enter and Edit edit it, as the tutorial, the shortcut list and help say', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page, newUser(), { tutorial: 'keep' });

  // The tutorial's 'Read and listen' step (after the sample transcript is made and transcribed) says how.
  const dialog = tutorialDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toHaveAccessibleName('Read and listen', { timeout: 90_000 });
  await expect(dialog).toContainText('click a line to play from there');
  await expect(dialog).toContainText('To correct a line, double-click it, press Enter on it or use Edit.');
  await dialog.getByRole('button', { name: 'Close tutorial' }).click();
  await expect(dialog).toBeHidden();

  // A recording of several lines (the tutorial's sample is one line).
  await uploadQuestionsAndWait(page);
  const article = page.getByRole('article', { name: 'questions-en' });
  // The default view is the plain text.
  await expect(article.getByRole('radio', { name: 'Plain' })).toBeChecked();
  const segments = article.getByRole('group', { name: 'Transcript segments' }).locator('[role="button"][data-index]');
  const field = article.getByRole('textbox', { name: 'Segment text' });
  const count = await segments.count();
  expect(count).toBeGreaterThan(1);

  // A click on the last line: the player jumps there and plays; that line is the highlighted one; no editing.
  const later = segments.last();
  const laterIndex = await later.getAttribute('data-index');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // The highlighted line is recorded in the page as it changes: a short last line can play to its end
  // (and lose the highlight) before a busy runner gets to read it.
  await article.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { highlightedLines: string[] }).highlightedLines = seen;
    new MutationObserver(() => {
      const index = element.querySelector('[data-index][aria-current="time"]')?.getAttribute('data-index');
      if (index != null && seen.at(-1) !== index) seen.push(index);
    }).observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-current'] });
  });
  await later.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThan(2);
  // The first line highlighted after the click is the one clicked.
  await expect.poll(() => page.evaluate(() => (window as unknown as { highlightedLines: string[] }).highlightedLines[0])).toBe(laterIndex);
  await expect(field).toHaveCount(0);

  // Double-click edits the line; Escape leaves it as it was.
  const first = segments.first();
  const firstText = (await first.innerText()).trim();
  await first.dblclick();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(firstText);
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(first).toBeFocused();

  // Enter on the focused line edits it too.
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(firstText);
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);

  // The Edit button edits the line clicked last; the correction is saved.
  const second = segments.nth(1);
  const secondText = (await second.innerText()).trim();
  await second.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await article.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(secondText);
  await page.keyboard.press('End');
  await page.keyboard.type(' Corrected.');
  await page.keyboard.press('Enter');
  await expect(segments.nth(1)).toContainText(/Corrected\.$/);
  await expect(saveStatusLine(article, 'All changes saved')).toBeVisible();

  // The shortcut list says the same.
  await article.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Play from the segment/ })).toContainText('Click');
  await expect(shortcuts.getByRole('row', { name: /Edit the segment's text/ })).toContainText(/Enter\s*or\s*Double-click/);
  await page.keyboard.press('Escape');

  // And so does Help.
  await page.goto('/help');
  await expect(
    page.getByText('click a line to play from there. To correct a line, double-click it, press Enter on it or use Edit.', { exact: false }),
  ).toBeVisible();
});
