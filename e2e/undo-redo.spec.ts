import { expect, test, type Page } from '@playwright/test';
import { newUser, register, saveStatusLine, uploadQuestionsAndWait } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const editor = (page: Page) => page.getByRole('article', { name: 'questions-en' });
const segmentList = (page: Page) => editor(page).getByRole('list', { name: 'Transcript segments' });
const segmentTexts = (page: Page) => segmentList(page).locator('[role="button"][data-index]');
const saved = (page: Page) => saveStatusLine(editor(page), 'All changes saved');

test('undo and redo take back and redo text edits, split, merge and speaker changes, by keys and buttons, and the result is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const detailed = editor(page).getByRole('radio', { name: 'Detailed' });
  await detailed.click();
  await expect(detailed).toBeChecked();
  const undoButton = editor(page).getByRole('button', { name: 'Undo', exact: true });
  const redoButton = editor(page).getByRole('button', { name: 'Redo', exact: true });
  await expect(undoButton).toBeDisabled();
  await expect(redoButton).toBeDisabled();

  const first = segmentTexts(page).first();
  const original = (await first.innerText()).trim();
  const count = await segmentTexts(page).count();

  // A text edit: Ctrl/Cmd+Z takes it back, Shift+Ctrl/Cmd+Z does it again.
  await first.dblclick();
  const field = editor(page).getByRole('textbox', { name: 'Segment text' });
  await expect(field).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited');
  await page.keyboard.press('Enter');
  await expect(first).toHaveText(`${original} Edited`);
  await expect(first).toBeFocused();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(first).toHaveText(original);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(first).toHaveText(`${original} Edited`);

  // A split (Shift+Enter), undone and redone with the buttons.
  await first.dblclick();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+ArrowRight');
  await page.keyboard.press('ControlOrMeta+ArrowRight');
  await page.keyboard.press('Shift+Enter');
  await expect(segmentTexts(page)).toHaveCount(count + 1);
  await undoButton.click();
  await expect(segmentTexts(page)).toHaveCount(count);
  await expect(first).toHaveText(`${original} Edited`);
  await redoButton.click();
  await expect(segmentTexts(page)).toHaveCount(count + 1);
  await undoButton.click();
  await expect(segmentTexts(page)).toHaveCount(count);

  // A merge (m on the segment), undone by keyboard.
  await first.focus();
  await page.keyboard.press('m');
  await expect(segmentTexts(page)).toHaveCount(count - 1);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(segmentTexts(page)).toHaveCount(count);
  await expect(first).toHaveText(`${original} Edited`);

  // A speaker renamed everywhere, undone with the button.
  await segmentList(page).getByRole('button', { name: 'Speaker: Speaker 1' }).first().click();
  const popover = page.getByRole('dialog', { name: 'Speaker Speaker 1' });
  await popover.getByRole('textbox', { name: 'Rename this speaker everywhere' }).fill('Carol');
  await popover.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Carol' })).toHaveCount(count);
  await undoButton.click();
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Carol' })).toHaveCount(0);
  await expect(redoButton).toBeEnabled();

  // What undo left is what the server keeps.
  await expect(saved(page)).toBeVisible();
  await page.reload();
  await editor(page).getByRole('radio', { name: 'Detailed' }).click();
  await expect(segmentTexts(page).first()).toHaveText(`${original} Edited`);
  await expect(segmentTexts(page)).toHaveCount(count);
  await expect(segmentList(page).getByRole('button', { name: 'Speaker: Speaker 1' })).toHaveCount(count);

  // The shortcut dialog lists both.
  await editor(page).getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Undo the last change/ })).toContainText(/Ctrl\s*\+\s*Z/);
  await expect(shortcuts.getByRole('row', { name: /Redo the change undone last/ })).toContainText(/Ctrl\s*\+\s*Shift\s*\+\s*Z/);
});
