import { expect, test, type Page } from '@playwright/test';
import { aiRun, newUser, payWithTestCard, register, uploadQuestionsAndWait } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Buys a package through the API with the test card (as the card form does). Many in a row pass the
 * per-second request budget: a 429 is tried again (toPass) until the budget lets it through.
 */
async function buyThroughApi(page: Page, credits: number) {
  let clientSecret = '';
  await expect(async () => {
    const bought = await page.request.post('/api/credits/purchase', { headers: XHR, data: { credits } });
    expect(bought.status()).toBe(200);
    clientSecret = ((await bought.json()) as { clientSecret: string }).clientSecret;
  }).toPass();
  await expect(async () => {
    const paid = await page.request.post('/api/credits/test-payments/confirm', {
      headers: XHR,
      data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);
  }).toPass();
}

test('the Credits page lists grants, the purchase with its receipt, charges per transcript and per prompt, newest first, paged', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = newUser();
  await register(page, user);
  // A transcription (charged per started minute) and a prompt on it (charged per prompt).
  await uploadQuestionsAndWait(page);
  const tree = (await (await page.request.get('/api/folders/tree')).json()) as Array<{ id: number; type: string; name: string }>;
  const transcript = tree.find((n) => n.type === 'transcript' && n.name === 'questions-en')!;
  const prompt = await page.request.post(`/api/transcripts/${transcript.id}/custom-prompt`, {
    headers: XHR,
    data: { prompt: 'Extract questions', model: 'local' },
    timeout: aiRun.timeout,
  });
  expect(prompt.status()).toBe(201);

  await page.goto('/credits');
  await page.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();
  await payWithTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('region', { name: /Notification/ }).getByText('Payment successful')).toBeVisible();

  const history = page.getByRole('region', { name: 'Credit history' });
  const rows = history.getByTestId('credit-history-entry');
  await expect(rows).toHaveCount(4);
  // Newest first: the purchase, the prompt, the transcription, the starting grant.
  await expect(rows.nth(0)).toContainText('Purchase');
  await expect(rows.nth(0)).toContainText('+100');
  await expect(rows.nth(1)).toContainText('AI prompt on “questions-en”');
  await expect(rows.nth(1)).toContainText('−1');
  await expect(rows.nth(2)).toContainText('Transcription of “questions-en”');
  await expect(rows.nth(2)).toContainText('1 started minute');
  await expect(rows.nth(2)).toContainText('−1');
  await expect(rows.nth(3)).toContainText('Starting credits');
  await expect(rows.nth(3)).toContainText('+60');

  // The receipt: amount, date, package and the provider's reference.
  const receipt = rows.nth(0).getByRole('definition');
  const terms = await rows.nth(0).getByRole('term').allTextContents();
  expect(terms).toEqual(['Amount', 'Date', 'Package', 'Reference']);
  await expect(receipt.nth(0)).toHaveText('$9.99');
  await expect(receipt.nth(1)).toHaveText(/\d{4}/);
  await expect(receipt.nth(2)).toHaveText('100 credits');
  await expect(receipt.nth(3)).toHaveText(/^testpay_[0-9a-f]+ \(test mode\)$/);

  // The newest balance after is the balance shown above.
  const balance = (await page.getByTestId('credit-balance').textContent())!;
  await expect(rows.nth(0).getByRole('cell').nth(3)).toHaveText(balance);
  expect(balance).toBe('158');

  // Paged: 22 more purchases make 26 entries, 20 on the first page, the rest behind "Show older entries".
  for (let i = 0; i < 22; i++) await buyThroughApi(page, 100);
  await page.reload();
  await expect(rows).toHaveCount(20);
  await expect(rows.nth(0)).toContainText('Purchase');
  await history.getByRole('button', { name: 'Show older entries' }).click();
  await expect(rows).toHaveCount(26);
  await expect(rows.nth(25)).toContainText('Starting credits');
  await expect(history.getByRole('button', { name: 'Show older entries' })).toBeHidden();
});
