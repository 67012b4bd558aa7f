import { expect, test } from '@playwright/test';
import { aiRun, newUser, register, uploadQuestionsAndWait } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('a search hit inside an older AI output opens that output, scrolled to, focused and marked', async ({ page }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  const panel = page.getByRole('region', { name: 'AI Features' });
  const aiTab = page.getByRole('tab', { name: 'AI output' });

  // Two outputs: the one with the questions first, then a newer one that does not hold the word searched.
  await panel.getByRole('button', { name: 'Extract questions' }).click();
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  const questions = page.getByRole('listitem').filter({ hasText: 'Questions asked in the transcript' });
  await expect(questions).toBeVisible(aiRun);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await panel.getByRole('button', { name: 'Identify emotions' }).click();
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  const items = page.locator('[data-output-id]');
  await expect(items).toHaveCount(2, aiRun);
  // The newest output is listed first, and it is not the one with the word.
  await expect(items.first()).not.toContainText('asked');

  // Away from the workspace, then the hit inside the older output.
  await page.goto('/credits');
  const search = page.getByRole('searchbox', { name: 'Search transcripts' });
  await search.fill('asked');
  const hit = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option', { name: /^AI output/ })
    .first();
  await expect(hit).toBeVisible({ timeout: 15_000 });
  await hit.click();

  await expect(aiTab).toHaveAttribute('aria-selected', 'true');
  const revealed = page.locator('[data-output-id][aria-current="true"]');
  await expect(revealed).toHaveCount(1);
  await expect(revealed).toContainText('Questions asked in the transcript');
  await expect(revealed).toBeFocused();
  await expect(revealed).toBeInViewport();
  // It is the older of the two, not the newest.
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
});
