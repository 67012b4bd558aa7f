import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { confirmUpload, newUser, register, saveStatusLine, transcriptNamed } from './helpers.ts';

/** Three voices taking turns for a minute (packages/server/test/fixtures/audio/README.md). */
const conversation = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio', 'speakers-three-voices.opus');

const editor = (page: Page) => page.getByRole('article', { name: 'speakers-three-voices' });
const segmentList = (page: Page) => editor(page).getByRole('list', { name: 'Transcript segments' });
/** The distinct speaker names of the segments, as their labels show them. */
const speakerNames = async (page: Page) =>
  [
    ...new Set(
      await segmentList(page)
        .locator('[data-speaker]')
        .evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))),
    ),
  ]
    .map((label) => label!.replace(/^Speaker: /, ''))
    .sort();

test('speakers are told apart after the transcription as the upload asked, found again, renamed, merged and restored, and the SRT marks their turns', async ({
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
  await segmentList(page).getByRole('button', { name: 'Speaker: Speaker 1' }).first().click();
  let popover = page.getByRole('dialog', { name: 'Speaker Speaker 1' });
  await popover.getByRole('textbox', { name: 'Rename this speaker everywhere' }).fill('Reader');
  await popover.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect.poll(() => speakerNames(page)).toEqual(['Reader', 'Speaker 2', 'Speaker 3']);
  await segmentList(page).getByRole('button', { name: 'Speaker: Speaker 3' }).first().click();
  popover = page.getByRole('dialog', { name: 'Speaker Speaker 3' });
  await popover.getByRole('textbox', { name: 'Rename this speaker everywhere' }).fill('Reader');
  await popover.getByRole('button', { name: 'Rename', exact: true }).click();
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
