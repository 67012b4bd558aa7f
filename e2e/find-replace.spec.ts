import { expect, test, type Page } from '@playwright/test';
import { newUser, register, saveStatusLine, uploadQuestionsAndWait } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const editor = (page: Page) => page.getByRole('article', { name: 'questions-en' });

/** The revisions the History dialog lists (newest first); the dialog is closed again. */
async function revisions(page: Page): Promise<string[]> {
  await editor(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const options = history.getByRole('listbox', { name: 'Revisions' }).getByRole('option');
  // The list ends at the revision the editor shows (the dialog waits for a list that has it).
  await expect(options.first()).toContainText('(current)');
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  return texts;
}

test('find and replace previews the matches and replaces them all as one revision', async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const before = await revisions(page);
  expect(before).toHaveLength(1);

  await editor(page).getByRole('button', { name: 'Find and replace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find and replace' });
  await expect(dialog.getByRole('textbox', { name: 'Find' })).toBeFocused();
  await page.keyboard.type('Migration');
  // The preview: how many matches in how many segments, and the matching lines with each match marked.
  const summary = dialog.getByText(/^\d+ match(es)? in \d+ segments?$/);
  await expect(summary).toBeVisible();
  const [, matches, segments] = /^(\d+) match(?:es)? in (\d+) segments?$/.exec((await summary.innerText()).trim()) ?? [];
  expect(Number(matches)).toBeGreaterThanOrEqual(1);
  const lines = dialog.getByRole('list', { name: 'Matching lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(Number(segments));
  await expect(lines.first()).toContainText(/how long will the migration take/i);
  await expect(dialog.locator('mark')).toHaveCount(Number(matches));
  for (const mark of await dialog.locator('mark').allInnerTexts()) expect(mark.toLowerCase()).toBe('migration');

  await dialog.getByRole('textbox', { name: 'Replace with' }).fill('move');
  await dialog.getByRole('button', { name: 'Replace all' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toContainText(/how long will the move take/i);
  await expect(editor(page)).not.toContainText(/migration/i);
  await expect(saveStatusLine(editor(page), 'All changes saved')).toBeVisible();

  // Exactly one new revision for the whole replacement, and the server keeps it.
  const after = await revisions(page);
  expect(after).toHaveLength(2);
  expect(after[0]).toContain('(current)');
  await page.reload();
  await expect(editor(page)).toContainText(/how long will the move take/i, { timeout: 15_000 });
  await expect(editor(page)).not.toContainText(/migration/i);
});
