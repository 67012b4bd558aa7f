import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { menuBalance, newUser, register, uploadQuestionsAndWait, aiRun } from './helpers.ts';

test("'Extract questions' opens the AI output tab; a time in it seeks the player; outputs export as DOCX and PDF", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);

  // The AI panel: the local engine is the only model without a provider, and says what it is.
  const panel = page.getByRole('region', { name: 'AI Features' });
  await expect(panel.getByLabel('Model')).toContainText('Local engine');
  await expect(panel.getByLabel('Model')).toHaveAccessibleDescription('Rule-based, no language model');
  await panel.getByRole('button', { name: 'Extract questions' }).click();

  // The AI output tab opens with the result.
  await expect(page.getByRole('tab', { name: 'AI output' })).toHaveAttribute('aria-selected', 'true', aiRun);
  const output = page.getByRole('article').filter({ hasText: 'Extract all questions asked in the transcript.' });
  await expect(output).toContainText(/Questions asked in the transcript \(2\)/);
  await expect(output).toContainText(/How long will the migration take\?/i);

  // A time in the output seeks the player.
  const times = output.getByRole('button', { name: /^Play from / });
  await expect(times).toHaveCount(2);
  const label = (await times.nth(1).textContent())!;
  const [m, s] = label.split(':').map(Number);
  const seconds = m * 60 + s;
  expect(seconds).toBeGreaterThan(0);
  await times.nth(1).click();
  await expect
    .poll(() =>
      page
        .locator('audio')
        .first()
        .evaluate((a: HTMLAudioElement) => a.currentTime),
    )
    .toBeGreaterThanOrEqual(seconds);

  // One output as DOCX: the download arrives.
  await output.getByRole('button', { name: /^Download / }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Word (DOCX)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Extractallquestionsaskedinthetranscript.docx');
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 2).toString()).toBe('PK');

  // All outputs as PDF: downloaded like the other formats (no new tab).
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu');
  const pdfResponse = page.waitForResponse((r) => /\/ai-outputs\/export\/pdf\?tz=[\w%]+$/.test(r.url()));
  const pdfDownload = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'PDF' }).first().click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(context.pages()).toHaveLength(1);
});

test('a prompt run after the AI output tab was shown once: the new output appears without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const user = newUser();
  await register(page, user);
  await uploadQuestionsAndWait(page);

  // The AI output tab once (its list is now cached, empty), then back to Transcript.
  const aiTab = page.getByRole('tab', { name: 'AI output' });
  await aiTab.click();
  await expect(page.getByRole('heading', { name: 'No AI outputs yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible();
  const before = await menuBalance(page, user);

  // A default prompt: the app switches to AI output and shows its answer at once.
  await page.getByRole('region', { name: 'AI Features' }).getByRole('button', { name: 'Extract questions' }).click();
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  const output = page.getByRole('article').filter({ hasText: 'Extract all questions asked in the transcript.' });
  await expect(output).toContainText(/Questions asked in the transcript \(2\)/);
  await expect(page.getByRole('heading', { name: 'No AI outputs yet' })).toHaveCount(0);
  // The credit the run spent shows in the menu.
  await expect.poll(() => menuBalance(page, user)).toBe(before - 1);
});
