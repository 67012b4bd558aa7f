import { expect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { longSpeech, speech } from './audio.ts';
import { wavHeader } from '../packages/api-client/src/wav.ts';
import { confirmUpload, newUser, register, aiRun } from './helpers.ts';

const speechTitle = 'librivox-sense-and-sensibility-0870';

async function uploadWithButton(page: Page, files: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(files);
  await confirmUpload(page);
}

async function openRowMenu(page: Page, name: string) {
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await tree.getByRole('row', { name }).hover();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
}

/** A valid 16 kHz mono 16-bit WAV of `bytes` total size, silent. */
function silentWav(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes);
  buffer.set(wavHeader(bytes - 44, 16_000));
  return buffer;
}

test('folders, upload, drag and drop by mouse and keyboard, persistence and delete', async ({ page }, testInfo) => {
  // A long journey (upload, two drag and drops, reloads): room for a busy 2-core machine.
  test.setTimeout(120_000);
  await register(page, newUser());
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(page.getByText('Select a transcript to view')).toBeVisible();

  // A folder: a blank name is refused with the spec's message.
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Please enter a folder name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Meetings');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(tree.getByRole('row', { name: 'Meetings' })).toBeVisible();

  // A subfolder, then renamed.
  await openRowMenu(page, 'Meetings');
  await page.getByRole('menuitem', { name: 'New Subfolder' }).click();
  const sub = page.getByRole('dialog', { name: 'New Subfolder' });
  await sub.getByRole('textbox', { name: 'Folder name' }).fill('Weekly');
  await sub.getByRole('button', { name: 'Create' }).click();
  await expect(sub).toBeHidden();
  // The new subfolder is shown at once: its parent opens by itself (e2e/subfolder.spec.ts).
  await expect(tree.getByRole('row', { name: 'Meetings' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('row', { name: 'Weekly' })).toBeVisible();
  await openRowMenu(page, 'Weekly');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Folder' });
  await expect(rename.getByRole('textbox', { name: 'Folder name' })).toHaveValue('Weekly');
  await rename.getByRole('textbox', { name: 'Folder name' }).fill('Standups');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(tree.getByRole('row', { name: 'Standups' })).toBeVisible();

  // Upload with the button: the new transcript is selected and shown as processing.
  await uploadWithButton(page, longSpeech(testInfo.outputPath('meeting-recording.wav'), 30));
  await expect(page.getByRole('article', { name: 'meeting-recording' })).toBeVisible({ timeout: 30_000 });
  const row = tree.getByRole('row', { name: 'meeting-recording' });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row.getByRole('progressbar', { name: 'Processing' })).toBeVisible();

  // Into the subfolder with the mouse.
  await row.dragTo(tree.getByRole('row', { name: 'Standups' }));
  await expect(row).toHaveAttribute('aria-level', '3');

  // Back to the top level with the keyboard: grip, Enter, choose the target, Enter.
  await row.focus();
  const grip = row.getByRole('button', { name: /^Drag / });
  for (let i = 0; i < 5 && !(await grip.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(grip).toBeFocused();
  await page.keyboard.press('Enter');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName(/^Drop on /);
  for (let i = 0; i < 8 && (await focused.getAttribute('aria-label')) !== 'Drop on Folders'; i++) {
    await page.keyboard.press('ArrowUp');
  }
  await expect(focused).toHaveAccessibleName('Drop on Folders');
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-level', '1');

  // The move is stored, and a reload keeps the selection and the tab.
  await page.getByRole('tab', { name: 'AI output' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'AI output' })).toHaveAttribute('aria-selected', 'true', aiRun);
  await expect(tree.getByRole('row', { name: 'meeting-recording' })).toHaveAttribute('aria-selected', 'true');
  await expect(tree.getByRole('row', { name: 'meeting-recording' })).toHaveAttribute('aria-level', '1');

  // Deleting the folder asks first; the transcript outside it stays.
  await openRowMenu(page, 'Meetings');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete folder' });
  // The transcript was moved out: the folder goes alone.
  await expect(confirm).toContainText('Delete folder “Meetings”?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('row', { name: 'Meetings' })).toBeHidden();
  await page.reload();
  await expect(tree.getByRole('row', { name: 'meeting-recording' })).toBeVisible();
  await expect(tree.getByRole('row', { name: 'Meetings' })).toBeHidden();
});

test('a 60 MB file goes up in 25 MB chunks and resumes after a chunk request is cut off', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // 60 MB through the browser, the server's checks and the join
  await register(page, newUser());
  // Playwright passes files over 50 MB by path only.
  const big = testInfo.outputPath('big-60mb.wav');
  writeFileSync(big, silentWav(60 * 1024 * 1024));
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/transcripts/')) requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  let cut = false;
  await page.route('**/api/transcripts/upload-chunk', async (route) => {
    const head = route.request().postDataBuffer()?.subarray(0, 2000).toString('latin1') ?? '';
    if (!cut && /name="chunkIndex"\r\n\r\n1\r\n/.test(head)) {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await uploadWithButton(page, big);
  await expect(page.getByRole('dialog', { name: 'Uploading File' })).toBeVisible();
  await expect(page.getByText('Upload successful')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('treegrid', { name: 'Folders' }).getByRole('row', { name: 'big-60mb' })).toBeVisible();

  const chunkPosts = requests.filter((r) => r === 'POST /api/transcripts/upload-chunk');
  expect(cut).toBe(true);
  // Three chunks, plus chunk 1 sent again after the cut; never the whole file in one request.
  expect(chunkPosts).toHaveLength(4);
  expect(requests).not.toContain('POST /api/transcripts/upload');
  expect(requests.some((r) => r.startsWith('GET /api/transcripts/uploads/'))).toBe(true);
  expect(requests.filter((r) => r === 'POST /api/transcripts/finalize-upload')).toHaveLength(1);
});

test('files dragged over the page: the overlay, the size check before sending, then the first file is uploaded', async ({ page }) => {
  await register(page, newUser());
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/transcripts/upload')) sent.push(request.url());
  });
  // A real DataTransfer with real files, as the browser builds it for a drag from the desktop.
  // `content` is the file's bytes; without it, `size` zero bytes.
  const drag = (files: Array<{ name: string; size?: number; content?: number[] }>) =>
    page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const { name, size, content } of list) {
        data.items.add(new File([content ? new Uint8Array(content) : new Uint8Array(size ?? 0)], name, { type: 'audio/wav' }));
      }
      return data;
    }, files);

  // Over the limit (100 MB from /api/config): the spec's toast, and nothing goes to the server.
  const tooLarge = await drag([{ name: 'huge.wav', size: 100 * 1024 * 1024 + 1 }]);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: tooLarge });
  await expect(page.getByText('Drop your audio file here')).toBeVisible();
  await expect(page.getByText('Release to upload and start transcription')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer: tooLarge });
  await expect(page.getByText('Drop your audio file here')).toBeHidden();
  const toast = page.getByRole('region', { name: /Notification/ });
  await expect(toast.getByText('File too large')).toBeVisible();
  await expect(toast.getByText('Please upload a file smaller than 100MB.')).toBeVisible();
  expect(sent).toEqual([]);

  // Two files: only the first one is used (docs/product-spec.md §5).
  const wav = [...silentWav(32_044)];
  const two = await drag([
    { name: 'dropped-first.wav', content: wav },
    { name: 'dropped-second.wav', content: wav },
  ]);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: two });
  await page.dispatchEvent('body', 'drop', { dataTransfer: two });
  await confirmUpload(page);
  await expect(toast.getByText('Upload successful')).toBeVisible();
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await expect(tree.getByRole('row', { name: /dropped-first/ })).toBeVisible();
  await expect(tree.getByRole('row', { name: /dropped-second/ })).toHaveCount(0);
  expect(sent).toHaveLength(1);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('drawers open and a transcript is selected from the list', async ({ page }) => {
    await register(page, newUser());
    await expect(page.getByText('Tap the menu button to select a transcript or record a new one')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audio Transcription');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const chooser = page.waitForEvent('filechooser');
    await drawer.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles(speech);
    await confirmUpload(page);
    await expect(page.getByRole('article', { name: speechTitle })).toBeVisible({ timeout: 30_000 });

    // Start from no selection, then pick the transcript in the drawer's list.
    await page.evaluate(() => localStorage.removeItem('selectedTranscriptId'));
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('button', { name: /, profile menu$/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: /^Drag / })).toHaveCount(0);
    await drawer.getByRole('row', { name: speechTitle }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(speechTitle);

    await page.getByRole('button', { name: 'Open AI features' }).click();
    await expect(page.getByRole('dialog', { name: 'AI Features' })).toContainText('Process your transcript with AI');
  });
});
