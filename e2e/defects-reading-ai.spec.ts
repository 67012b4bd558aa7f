// Issue 13, defects 9 (exports in UTC and English), 10 (German gaps) and 11 (the AI output view), in
// Chromium at 1440×900 as the issue found them.
import { expect, test, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { accountMenuButton, newUser, register, type TestUser, uploadQuestionsAndWait, aiRun } from './helpers.ts';

async function switchToGerman(page: Page, user: TestUser) {
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

const text = async (download: Promise<Download>) => readFileSync((await (await download).path())!, 'utf8');

/** '24.11.2026, 09:28 GMT+9' read back as the instant it names. */
function tokyoInstant(day: string, month: string, year: string, hours: string, minutes: string): number {
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours) - 9, Number(minutes));
}

test.describe('a German reader in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' });

  test('exports the transcript and the AI outputs with German headings and Tokyo times; the local engine answers in German', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const user = newUser();
    await register(page, user);
    const before = Date.now();
    await uploadQuestionsAndWait(page);
    const after = Date.now();
    await switchToGerman(page, user);

    // The transcript as TXT: German words, the creation time on Tokyo's clock, no UTC.
    const article = page.getByRole('article', { name: 'questions-en' });
    await article.getByRole('button', { name: 'Exportieren' }).click();
    const txtDownload = page.waitForEvent('download');
    await page.getByRole('menu').getByRole('menuitem', { name: 'Text (TXT)' }).click();
    const transcriptTxt = await text(txtDownload);
    const created = /^Erstellt: (\d\d)\.(\d\d)\.(\d{4}), (\d\d):(\d\d) GMT\+9$/m.exec(transcriptTxt);
    expect(created, transcriptTxt).not.toBeNull();
    const instant = tokyoInstant(created![1], created![2], created![3], created![4], created![5]);
    expect(instant).toBeGreaterThanOrEqual(before - 60_000);
    expect(instant).toBeLessThanOrEqual(after + 60_000);
    // The same time the app shows above the transcript (German format, the browser's zone).
    await expect(
      article.getByText(`${created![1]}.${created![2]}.${created![3]}, ${created![4]}:${created![5]}`, { exact: true }),
    ).toBeVisible();
    expect(transcriptTxt).toMatch(/^\[\d\d:\d\d – \d\d:\d\d\] Sprecher 1$/m);
    expect(transcriptTxt).not.toMatch(/Speaker 1|Unknown Speaker|UTC|Created/);

    // A default prompt in German: the built-in engine's own words are German over the English sentences.
    await page.getByRole('region', { name: 'KI-Funktionen' }).getByRole('button', { name: 'Fragen extrahieren' }).click();
    await expect(page.getByRole('tab', { name: 'KI-Ausgabe' })).toHaveAttribute('aria-selected', 'true', aiRun);
    const output = page.getByRole('article').filter({ hasText: 'Extrahiere alle im Transkript gestellten Fragen.' });
    await expect(output).toContainText('Im Transkript gestellte Fragen (2):');
    await expect(output).not.toContainText('Questions asked');

    // All AI outputs as text: the German title suffix and times in Tokyo.
    await page.getByRole('tabpanel').getByRole('button', { name: 'Exportieren', exact: true }).click();
    const allDownload = page.waitForEvent('download');
    await page
      .getByRole('menu')
      .getByRole('group', { name: /^alle ausgaben$/i })
      .getByRole('menuitem', { name: 'Text (TXT)' })
      .click();
    const outputsTxt = await text(allDownload);
    expect(outputsTxt.split('\n')[0]).toBe('questions-en – KI-Ausgaben');
    expect(outputsTxt).toMatch(/^Exportiert: \d\d\.\d\d\.\d{4}, \d\d:\d\d GMT\+9$/m);
    expect(outputsTxt).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d GMT\+9 · Extrahiere alle im Transkript gestellten Fragen\.$/m);
    expect(outputsTxt).toContain('Im Transkript gestellte Fragen (2):');
    expect(outputsTxt).not.toMatch(/AI outputs|UTC/);
  });
});

test('the AI output view: padded header, tabs that stay in view, an export menu for all outputs and the chosen one, no operator wording', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);

  const panel = page.getByRole('region', { name: 'AI Features' });
  const prompts: Array<[button: string, prompt: string]> = [
    ['Extract questions', 'Extract all questions asked in the transcript.'],
    ['Generate FAQ', 'Generate an FAQ from the transcript.'],
    ['Extract statistics', 'Extract statistics from the transcript.'],
    ['Improve grammar and punctuation', 'Improve the grammar and punctuation of the transcript.'],
    ['Remove filler words', 'Remove filler words from the transcript.'],
    ['Highlight key points', 'Highlight the key points of the transcript.'],
  ];
  for (const [button, prompt] of prompts) {
    await panel.getByRole('button', { name: button }).click();
    await expect(page.getByRole('article').filter({ hasText: prompt })).toBeVisible({ timeout: 30_000 });
  }
  // A free prompt: the built-in engine says it is no language model, in words an end user can act on.
  await panel.getByRole('textbox', { name: 'Prompt' }).fill('What is said about the migration?');
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  const free = page.getByRole('article').filter({ hasText: 'What is said about the migration?' });
  await expect(free).toContainText('ask your administrator to connect an AI provider');
  await expect(page.locator('body')).not.toContainText('AI_BASE_URL');

  // The header does not touch the card's edge.
  const view = page.getByRole('tabpanel', { name: 'AI output' });
  const heading = view.getByRole('heading', { level: 2, name: 'questions-en' });
  const viewBox = (await view.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  expect(headingBox.x - viewBox.x).toBeGreaterThanOrEqual(12);

  // Scrolled to the last output, the tab strip is still on screen and on top.
  const transcriptTab = page.getByRole('tab', { name: 'Transcript' });
  const oldest = page.getByRole('article').filter({ hasText: prompts[0][1] });
  // Whatever scrolls the outputs (the centre, or the view's own card) is scrolled to its end.
  const scrolled = await oldest.evaluate((article) => {
    let el: HTMLElement | null = article.parentElement;
    while (el && !(el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto')) el = el.parentElement;
    if (!el) return 0;
    el.scrollTop = el.scrollHeight;
    return el.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(100);
  // Newest first: the first output run is now at the bottom of the view.
  await expect(oldest).toBeInViewport();
  const tabBox = (await transcriptTab.boundingBox())!;
  expect(tabBox.y).toBeGreaterThanOrEqual(0);
  const onTop = await transcriptTab.evaluate((tab) => {
    const r = tab.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && tab.contains(hit);
  });
  expect(onTop).toBe(true);
  await transcriptTab.click();
  await expect(transcriptTab).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'AI output' }).click();

  // The export menu (issue 33): each readable format once for all outputs and once for the chosen output,
  // the newest until another is pressed; not every output × every format.
  const menu = page.getByRole('menu');
  const groups = menu.getByRole('group');
  await view.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAccessibleName(/^all outputs$/i);
  await expect(groups.first().getByRole('menuitem')).toHaveText(['PDF', 'Word (DOCX)', 'Text (TXT)']);
  await expect(groups.nth(1)).toHaveAccessibleName(/^What is said about the migrati… · .*\d{4}/i);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // The oldest output chosen by pressing its heading: the menu offers it instead.
  await oldest.getByRole('heading', { name: prompts[0][1] }).click();
  await view.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(groups).toHaveCount(2);
  const questions = menu.getByRole('group', { name: /^Extract all questions asked in… · .*\d{4}/i });
  await expect(questions).toHaveCount(1);
  await expect(questions.getByRole('menuitem')).toHaveText(['PDF', 'Word (DOCX)', 'Text (TXT)']);
  const download = page.waitForEvent('download');
  await questions.getByRole('menuitem', { name: 'Text (TXT)' }).click();
  expect((await download).suggestedFilename()).toBe('Extractallquestionsaskedinthetranscript.txt');
});
