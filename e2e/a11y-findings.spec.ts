import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { aiRun, newUser, register, transcriptNamed, uploadQuestionsAndWait } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** axe with only `rules` (some are best-practice rules the WCAG tags leave out): no finding of them at all. */
async function expectNoFindings(page: Page, rules: string[], what: string) {
  const results = await new AxeBuilder({ page }).withRules(rules).exclude('[data-live-announcer]').analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
  expect.soft(found, `${what}: axe findings`).toEqual([]);
}

test('axe findings fixed: payment form, History dialog, share page, phone AI output', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);
  // A long second revision, so the History dialog's preview has to scroll.
  const transcript = await transcriptNamed(page, 'questions-en');
  const { id } = transcript;
  const end = transcript.metadata.timestamps.at(-1)!.end;
  const segments = Array.from({ length: 30 }, (_, i) => ({
    start: (end * i) / 30,
    end: (end * (i + 1)) / 30,
    speaker: i % 2 === 0 ? 'Alice Host' : 'Bob Guest',
    text: `Part ${i + 1}. The migration will take about three weeks, and careful reviews keep the plan on track.`,
  }));
  const saved = await page.request.patch(`/api/transcripts/${id}`, { headers: XHR, data: { segments, baseRevision: transcript.revision } });
  expect(saved.status()).toBe(200);
  const prompt = await page.request.post(`/api/transcripts/${id}/custom-prompt`, {
    headers: XHR,
    data: { prompt: 'Extract questions', model: 'local' },
    timeout: aiRun.timeout,
  });
  expect(prompt.status()).toBe(201);

  // The History dialog with a revision's text on show.
  await page.reload();
  await page.getByRole('article', { name: 'questions-en' }).getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByRole('region', { name: /Text of revision \d/ })).toBeVisible();
  await expect(history.getByText('Part 30.', { exact: false })).toBeAttached();
  await expectNoFindings(page, ['scrollable-region-focusable'], 'History dialog');
  await page.keyboard.press('Escape');

  // The test-mode payment form.
  await page.goto('/credits');
  await page.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await expectNoFindings(page, ['role-img-alt'], 'payment form');

  // The share page, signed out.
  const share = await page.request.post(`/api/transcripts/${id}/share`, { headers: XHR, data: { includeAiOutputs: true } });
  expect(share.status()).toBe(200);
  const { token } = (await share.json()) as { token: string };
  const reader = await browser.newContext();
  const shared = await reader.newPage();
  await shared.goto(`/s/${token}`);
  await expect(shared.getByRole('heading', { name: 'questions-en', exact: true })).toBeVisible();
  await expectNoFindings(shared, ['landmark-unique', 'page-has-heading-one'], 'share page');
  await reader.close();

  // The AI output on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('tab', { name: 'AI output' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Extract questions');
  await expectNoFindings(page, ['heading-order'], 'phone AI output');
});
