import { expect, test } from '@playwright/test';
import { newUser, register, transcriptNamed, uploadQuestionsAndWait } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('Share from the transcript header; the share page names the speakers in its plain view and keeps the player on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  await uploadQuestionsAndWait(page);

  // Name the speakers (as the editor does), so the plain view has names to keep.
  const transcript = await transcriptNamed(page, 'questions-en');
  const { id } = transcript;
  const end = transcript.metadata.timestamps.at(-1)!.end;
  // A long read: twelve turns of a few sentences each, alternating speakers, within the audio's length.
  const segments = Array.from({ length: 12 }, (_, i) => ({
    start: (end * i) / 12,
    end: (end * (i + 1)) / 12,
    speaker: i % 2 === 0 ? 'Alice Host' : 'Bob Guest',
    text: `Part ${i + 1}. ${'The migration will take about three weeks, and careful reviews keep the plan on track. '.repeat(4).trim()}`,
  }));
  const saved = await page.request.patch(`/api/transcripts/${id}`, { headers: XHR, data: { segments, baseRevision: transcript.revision } });
  expect(saved.status()).toBe(200);
  await page.reload();

  // The Share action sits in the transcript's own header, not only in the tree's row menu.
  const article = page.getByRole('article', { name: 'questions-en' });
  await article.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “questions-en”' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'New link (shown only now)' });
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();

  // A reader on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const shared = await phone.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { name: 'questions-en', exact: true })).toBeVisible();
  // The plain view (the default) names each speaker where their turn starts.
  const plain = shared.getByRole('group', { name: 'Transcript segments' });
  await expect(plain).toContainText('Alice Host:');
  await expect(plain).toContainText('Bob Guest:');

  // The player stays on screen: at the top of the page and scrolled to the end.
  const play = shared.getByRole('button', { name: 'Play', exact: true });
  await expect(play).toBeInViewport();
  await shared.getByText('Part 12.', { exact: false }).scrollIntoViewIfNeeded();
  await shared.mouse.wheel(0, 2000);
  await expect(play).toBeInViewport();
  await phone.close();
});
