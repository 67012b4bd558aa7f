// Long German prompt names in the AI panel: they wrap to a second line, and a name cut even then is shown
// whole while its button is hovered or has the keyboard focus.
import { expect, test } from '@playwright/test';
import { accountMenuButton, newUser, register, uploadQuestionsAndWait } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('a long German prompt name is shown whole on hover and on keyboard focus', async ({ page }) => {
  test.setTimeout(180_000);
  const user = newUser();
  await register(page, user);
  const long =
    'Zusammenfassung der wichtigsten Entscheidungen, offenen Fragen und Verantwortlichkeiten aus der Besprechung mit der Geschäftsführung';
  const saved = await page.request.post('/api/prompts', { headers: XHR, data: { name: long, prompt: 'Fasse zusammen.' } });
  expect(saved.status()).toBe(201);
  await uploadQuestionsAndWait(page);

  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The saved prompt was added through the API: a reload reads it.
  await page.reload();

  const panel = page.getByRole('region', { name: 'KI-Funktionen' });
  const button = panel.getByRole('button', { name: long, exact: true });
  await expect(button).toBeVisible();
  const name = button.locator('[data-full-name]');
  // Cut on the button, and not shown whole until asked for.
  await expect(name).toHaveAttribute('data-truncated', 'true');
  await expect(name).toBeHidden();
  // The name uses two lines before it is cut.
  const label = button.locator('span', { hasText: long }).first();
  const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect((await label.boundingBox())!.height).toBeGreaterThan(lineHeight * 1.5);

  await button.hover();
  await expect(name).toBeVisible();
  await expect(name).toHaveAttribute('data-full-name', long);
  // The box shows the whole name: nothing of it is cut, and it is inside the window.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  const box = (await name.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1440);

  // Keyboard: after a click on the panel's heading, the arrow keys of the prompt's row move to its drag handle and back
  // onto the button; the whole name shows as well.
  await panel.getByRole('heading', { name: 'KI-Funktionen' }).click();
  await expect(name).toBeHidden();
  await button.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(button).not.toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(button).toBeFocused();
  await expect(name).toBeVisible();

  // A short default prompt is not cut: no box on hover.
  const short = panel.getByRole('button', { name: 'Stichpunkte', exact: true });
  await short.hover();
  await expect(short.locator('[data-full-name]')).toBeHidden();
});
