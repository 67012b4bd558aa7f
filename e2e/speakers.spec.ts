import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { confirmUpload, newUser, register, saveStatusLine, transcriptNamed } from './helpers.ts';

/** Two voices taking turns for 44 s (fixtures/README.md). */
const dialogue = join(import.meta.dirname, 'fixtures', 'speakers-two-voices.opus');
/** Three voices taking turns for a minute (packages/server/test/fixtures/audio/README.md). */
const conversation = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio', 'speakers-three-voices.opus');

const editor = (page: Page, name = 'speakers-three-voices') => page.getByRole('article', { name });
const segmentList = (page: Page, name?: string) => editor(page, name).getByRole('list', { name: 'Transcript segments' });
/** The distinct speaker names of the segments, as their labels show them. */
const speakerNames = async (page: Page, name?: string) =>
  [
    ...new Set(
      await segmentList(page, name)
        .locator('[data-speaker]')
        .evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))),
    ),
  ]
    .map((label) => label!.replace(/^Speaker: /, ''))
    .sort();

/** Renames a speaker everywhere through its label's popover. */
async function rename(page: Page, name: string, from: string, to: string) {
  await segmentList(page, name)
    .getByRole('button', { name: `Speaker: ${from}` })
    .first()
    .click();
  const popover = page.getByRole('dialog', { name: `Speaker ${from}` });
  await popover.getByRole('textbox', { name: 'Rename this speaker everywhere' }).fill(to);
  await popover.getByRole('button', { name: 'Rename', exact: true }).click();
}

test('a two-voice recording comes out as two speakers with nothing asked; one renamed, both merged, undone by restoring; the SRT marks the turns', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = 'speakers-two-voices';
  await register(page, newUser());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(dialogue);
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Speakers' })).toHaveValue('auto');
  await confirmUpload(page);
  await expect(editor(page, name).getByText('Completed', { exact: true })).toBeVisible({ timeout: 120_000 });
  const detailed = editor(page, name).getByRole('radio', { name: 'Detailed' });
  await detailed.click();
  await expect(detailed).toBeChecked();
  // Estimated by the transcription itself: two voices, the reader first.
  await expect.poll(() => speakerNames(page, name)).toEqual(['Speaker 1', 'Speaker 2']);
  const first = segmentList(page, name).getByRole('listitem').first();
  await expect(first.getByRole('button', { name: 'Speaker: Speaker 1' })).toBeVisible();

  // The SRT names each voice where its turn starts: the reader's first words, then the second voice's.
  const { id } = await transcriptNamed(page, name);
  const srt = await (await page.request.get(`/api/transcripts/${id}/export/srt`)).text();
  expect(srt).toMatch(/^Speaker 1: /m);
  expect(srt).toMatch(/^Speaker 2: /m);

  // Renamed once for the whole transcript, then merged into the other (a rename to its name).
  await rename(page, name, 'Speaker 1', 'Reader');
  await expect.poll(() => speakerNames(page, name)).toEqual(['Reader', 'Speaker 2']);
  await rename(page, name, 'Speaker 2', 'Reader');
  await expect.poll(() => speakerNames(page, name)).toEqual(['Reader']);
  await expect(saveStatusLine(editor(page, name), 'All changes saved')).toBeVisible();

  // Undone by restoring the transcription's revision: the two voices again.
  await editor(page, name).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await history
    .getByRole('listbox', { name: 'Revisions' })
    .getByRole('option', { name: /^Revision 1\b/ })
    .click();
  await history.getByRole('button', { name: /^Restore revision \d+$/ }).click();
  await expect(history).toBeHidden();
  await expect.poll(() => speakerNames(page, name)).toEqual(['Speaker 1', 'Speaker 2']);
});

test('three voices are told apart as two when the upload says so, found again as three, renamed, merged and restored, and the SRT marks their turns', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await register(page, newUser());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(conversation);
  // The upload says how many speakers: found out by default, here two.
  const speakersField = page.getByRole('dialog').getByRole('combobox', { name: 'Speakers' });
  await expect(speakersField).toHaveValue('auto');
  await speakersField.selectOption('2');
  await confirmUpload(page);
  await expect(editor(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 120_000 });
  const detailed = editor(page).getByRole('radio', { name: 'Detailed' });
  await detailed.click();
  await expect(detailed).toBeChecked();
  // Told apart by the transcription itself, nothing asked afterwards: two speakers, as the upload said.
  await expect.poll(() => speakerNames(page)).toEqual(['Speaker 1', 'Speaker 2']);

  // Found again, estimated: the three voices, as a new revision.
  await editor(page).getByRole('button', { name: 'Speakers', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Find speakers (estimate how many)' }).click();
  await expect(page.getByText('3 speakers found')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => speakerNames(page)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3']);

  // The SRT names each turn's speaker where it starts.
  const { id } = await transcriptNamed(page, 'speakers-three-voices');
  const srt = await (await page.request.get(`/api/transcripts/${id}/export/srt`)).text();
  for (const n of [1, 2, 3]) expect(srt).toMatch(new RegExp(`^Speaker ${n}: `, 'm'));

  // Rename one everywhere, then merge another into it (a rename to its name).
  await rename(page, 'speakers-three-voices', 'Speaker 1', 'Reader');
  await expect.poll(() => speakerNames(page)).toEqual(['Reader', 'Speaker 2', 'Speaker 3']);
  await rename(page, 'speakers-three-voices', 'Speaker 3', 'Reader');
  await expect.poll(() => speakerNames(page)).toEqual(['Reader', 'Speaker 2']);
  await expect(saveStatusLine(editor(page), 'All changes saved')).toBeVisible();

  // Undone by restoring the revision the second detection made.
  await editor(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  // The detection's revision, the first after the transcription's (the renames may be saved as one revision or two).
  const detection = history.getByRole('listbox', { name: 'Revisions' }).getByRole('option', { name: /^Revision 2 Speakers/ });
  await detection.click();
  const restore = history.getByRole('button', { name: /^Restore revision \d+$/ });
  await restore.click();
  await expect(history).toBeHidden();
  await expect.poll(() => speakerNames(page)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3']);
});
