import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { wavHeader } from '../packages/api-client/src/wav.ts';
import { newUser, register } from './helpers.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A short silent 16 kHz WAV: the transcript's title comes from the file name. */
function silentWav(bytes = 32_044): Buffer {
  const buffer = Buffer.alloc(bytes);
  buffer.set(wavHeader(bytes - 44, 16_000));
  return buffer;
}

async function apiUpload(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/transcripts/upload', {
    headers: XHR,
    multipart: { audio: { name, mimeType: 'audio/wav', buffer: silentWav() } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

type Node = { id: number; type: 'folder' | 'transcript'; name: string; children?: Node[] };
async function apiTree(page: Page): Promise<Node[]> {
  return (await (await page.request.get('/api/folders/tree')).json()) as Node[];
}

test.use({ viewport: { width: 1440, height: 900 } });

test('several transcripts at once: pick with Shift and Ctrl, export a zip, move, delete with the count named', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, newUser());
  // Oldest first: the tree lists the newest first (Delta, Charlie, Bravo, Alpha).
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) await apiUpload(page, `${name}.wav`);
  const folder = await page.request.post('/api/folders', { headers: XHR, data: { name: 'Archive', parentId: null } });
  expect(folder.status()).toBe(201);
  await page.reload();

  const tree = page.getByRole('treegrid', { name: 'Folders' });
  const row = (name: string) => tree.getByRole('row', { name });
  const checkbox = (name: string) => row(name).getByRole('checkbox');
  await expect(row('Alpha')).toBeVisible();

  await page.getByRole('button', { name: 'Select' }).click();
  const bar = page.getByRole('toolbar', { name: 'Selected transcripts' });
  await expect(bar.getByRole('status')).toHaveText('0 transcripts selected');

  // A click checks a row (and does not open it); Shift-click checks the range up to it.
  await row('Delta').click();
  await expect(bar.getByRole('status')).toHaveText('1 transcript selected');
  await expect(page.getByText('Select a transcript to view')).toBeVisible();
  await row('Bravo').click({ modifiers: ['Shift'] });
  await expect(bar.getByRole('status')).toHaveText('3 transcripts selected');
  for (const name of ['Delta', 'Charlie', 'Bravo']) await expect(checkbox(name)).toBeChecked();
  await expect(checkbox('Alpha')).not.toBeChecked();
  // Ctrl/Cmd-click takes one out again.
  await row('Charlie').click({ modifiers: ['ControlOrMeta'] });
  await expect(bar.getByRole('status')).toHaveText('2 transcripts selected');
  await expect(checkbox('Charlie')).not.toBeChecked();

  // Export: one zip with a text file per chosen transcript.
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Text (TXT)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('transcripts-txt.zip');
  const zip = readFileSync(await file.path()).toString('latin1');
  expect(zip.startsWith('PK')).toBe(true);
  expect(zip).toContain('Delta.txt');
  expect(zip).toContain('Bravo.txt');
  expect(zip).not.toContain('Charlie.txt');

  // Move both into a folder in one go.
  await row('Delta').click();
  await row('Bravo').click();
  await expect(bar.getByRole('status')).toHaveText('2 transcripts selected');
  await bar.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move to…' });
  await move.getByText('Archive', { exact: true }).click();
  await expect(move.getByRole('radio', { name: 'Archive' })).toBeChecked();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText('Moved 2 transcripts')).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('0 transcripts selected');
  await expect
    .poll(async () => {
      const archive = (await apiTree(page)).find((n) => n.type === 'folder' && n.name === 'Archive');
      return (archive?.children ?? []).map((n) => n.name).sort();
    })
    .toEqual(['Bravo', 'Delta']);

  // Delete two: the confirmation names the count; both are gone at once.
  await row('Alpha').click();
  await row('Charlie').click({ modifiers: ['Shift'] });
  await expect(bar.getByRole('status')).toHaveText('2 transcripts selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete transcripts' });
  await expect(confirm).toContainText('Delete 2 transcripts? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 transcripts')).toBeVisible();
  await expect(row('Alpha')).toHaveCount(0);
  await expect(row('Charlie')).toHaveCount(0);
  await expect.poll(async () => (await apiTree(page)).filter((n) => n.type === 'transcript').length).toBe(0);

  // Done leaves the selection mode: a click opens a transcript again.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(bar).toBeHidden();
});
