// Issue 33: the built-in engine answers a free question with the passage that holds the answer, quoted
// with its time (which seeks the player there); a question the transcript does not answer costs nothing;
// an AI output is deleted with Undo.
//
// The recording (fixtures/README.md) says 'How long will the migration take? The migration will take
// about three weeks. …'. The question is one whose words every CPU's transcription keeps: tiny.en's int8
// arithmetic differs between CPUs, and on one 'Who reviews the plan?' came out as 'Who removes the plan?'.
import { expect, test, type Page } from '@playwright/test';
import { menuBalance, newUser, register, uploadQuestionsAndWait, aiRun } from './helpers.ts';

const notifications = (page: Page) => page.getByRole('region', { name: /^(Notification|Benachrichtigung)$/ });

/** Runs a free prompt from the AI panel; the AI output tab opens with its answer. */
async function ask(page: Page, question: string) {
  const panel = page.getByRole('region', { name: 'AI Features' });
  await panel.getByRole('textbox', { name: 'Prompt' }).fill(question);
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(page.getByRole('tab', { name: 'AI output' })).toHaveAttribute('aria-selected', 'true', aiRun);
  const output = page.getByRole('tabpanel', { name: 'AI output' }).getByRole('article').filter({ hasText: question });
  await expect(output).toHaveCount(1, { timeout: 30_000 });
  return output;
}

test('a free question is answered with its passage and time, which seeks the player; an unanswerable one costs nothing; an output is deleted with Undo', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = newUser();
  await register(page, user);
  await uploadQuestionsAndWait(page);
  const start = await menuBalance(page, user);

  // Every position the player jumps to, as the media element reports it once the jump is done.
  await page
    .locator('audio')
    .first()
    .evaluate((audio: HTMLAudioElement) => {
      const w = window as unknown as { seekedTo: number[] };
      w.seekedTo = [];
      audio.addEventListener('seeked', () => w.seekedTo.push(audio.currentTime));
    });

  // The answer: the value asked for, then the passage that holds it, with its time.
  const run = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/transcripts\/\d+\/custom-prompt$/.test(r.url()));
  const answer = await ask(page, 'How long will the migration take?');
  await expect(answer).toContainText(/Answer from the transcript/);
  const passage = /^three weeks — \[(\d\d):(\d\d)\] (The migration will take about three weeks\.)/m;
  await expect(answer).toContainText(passage);
  const [, mm, ss, sentence] = passage.exec((await answer.textContent())!) ?? [];
  const seconds = Number(mm) * 60 + Number(ss);
  expect(seconds).toBeGreaterThan(0);
  const transcriptId = /\/api\/transcripts\/(\d+)\//.exec((await run).url())![1];
  const {
    metadata: { timestamps: segments },
  } = (await (await page.request.get(`/api/transcripts/${transcriptId}`)).json()) as {
    metadata: { timestamps: Array<{ start: number; end: number; text: string }> };
  };
  // The passage starts where the transcript's segment holding it starts; its time shows that second.
  const segment = segments.find((x) => x.text.includes(sentence));
  expect(segment, JSON.stringify(segments)).toBeDefined();
  expect(Math.floor(segment!.start)).toBe(seconds);
  // The answer was charged: the passage answers the question.
  await expect.poll(() => menuBalance(page, user)).toBe(start - 1);

  // The time is a button; pressed, the player goes to the passage's start (within half a second).
  const time = answer.getByRole('button', { name: `Play from ${mm}:${ss}` });
  await expect(time).toHaveCount(1);
  await time.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { seekedTo: number[] }).seekedTo))
    .toContainEqual(expect.closeTo(segment!.start, 0));

  // A question the transcript does not answer: it says so, and the balance stays.
  const none = await ask(page, 'Which hotel hosts the winter conference in Lisbon?');
  await expect(none).toContainText('No passage of the transcript answers this');
  await expect(none).toContainText('This answer cost no credit.');
  // The answer is stored after its charge, so the server's balance is final now; the menu shows it too.
  const balance = await page.request.get('/api/credits/balance');
  expect(((await balance.json()) as { balance: number }).balance).toBe(start - 1);
  expect(await menuBalance(page, user)).toBe(start - 1);

  // Delete the answer: it leaves at once, a toast offers Undo, and Undo brings it back.
  const view = page.getByRole('tabpanel', { name: 'AI output' });
  const answers = view.getByRole('article').filter({ hasText: 'How long will the migration take?' });
  await answers.getByRole('button', { name: /^Delete How long will the migration/ }).click();
  await expect(answers).toHaveCount(0);
  const toast = notifications(page);
  await expect(toast.getByText('AI output deleted')).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(answers).toHaveCount(1);
  await expect(answers).toContainText(sentence);

  // Delete it again and let the toast go: the DELETE goes out, and after a reload it stays gone.
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && /\/api\/transcripts\/\d+\/ai-outputs\/\d+$/.test(r.url()),
    { timeout: 30_000 },
  );
  await answers.getByRole('button', { name: /^Delete How long will the migration/ }).click();
  await expect(answers).toHaveCount(0);
  await expect(toast.getByText('AI output deleted')).toBeVisible();
  expect((await deleted).status()).toBe(200);
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeHidden();
  await page.reload();
  await page.getByRole('tab', { name: 'AI output' }).click();
  await expect(view.getByRole('article').filter({ hasText: 'Which hotel hosts the winter conference' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(answers).toHaveCount(0);
});
