import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUser, register, uploadQuestionsAndWait } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test("the keyboard shortcuts button ('?') is not shown", async ({ page }) => {
    test.setTimeout(180_000);
    await register(page, newUser());
    await uploadQuestionsAndWait(page);
    // The emulation is a touch screen (the main pointer is coarse) at desktop width.
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const editor = page.getByRole('article', { name: 'questions-en' });
    await expect(editor.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
  });
});

test("the AI model menu shows each option's text whole", async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const select = page.getByRole('combobox', { name: 'Model' });
  await expect(select).toBeVisible();
  // A native menu shows the chosen option in one line: every option's text must fit the box beside its
  // arrow (measured with the menu's own font).
  const fits = await select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const arrow = 24;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return [...element.options].map((option) => ({ text: option.text, width: context.measureText(option.text).width, room }));
  });
  expect(fits.length).toBeGreaterThan(0);
  for (const option of fits) expect(option.width, `"${option.text}" fits in ${option.room}px`).toBeLessThanOrEqual(option.room);
  // What the local engine is stays said, under the menu.
  await expect(select).toHaveAccessibleDescription('Rule-based, no language model');
  await expect(page.getByText('Rule-based, no language model', { exact: true })).toBeVisible();
});

test('Export → PDF downloads the file like the other formats, without a new tab', async ({ page, context }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const editor = page.getByRole('article', { name: 'questions-en' });
  await editor.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page.getByText('Export successful')).toBeVisible();
  expect(context.pages()).toHaveLength(1);
});
