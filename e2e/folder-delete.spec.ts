// Deleting a folder: the confirmation names how many transcripts go with it, the folder is deleted on the
// server at once (a reload or a new page no longer shows it, even while Undo is offered), and Undo
// restores it with its sub-folders and transcripts.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { newUser, questionsRecording, register } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function folder(page: Page, name: string, parentId: number | null): Promise<number> {
  const res = await page.request.post('/api/folders', { headers: XHR, data: { name, parentId } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function transcriptIn(page: Page, name: string, folderId: number): Promise<number> {
  const res = await page.request.post('/api/transcripts/upload', {
    headers: XHR,
    multipart: { audio: { name, mimeType: 'audio/wav', buffer: readFileSync(questionsRecording) } },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const moved = await page.request.put(`/api/transcripts/${id}/move`, { headers: XHR, data: { folderId } });
  expect(moved.status()).toBe(200);
  return id;
}

async function askToDelete(page: Page, name: string) {
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await tree.getByRole('row', { name }).hover();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  return page.getByRole('alertdialog', { name: 'Delete folder' });
}

test('a folder is deleted at once with its transcripts named in the confirmation, and Undo brings it back', async ({ page, context }) => {
  test.setTimeout(120_000);
  await register(page, newUser());
  const projects = await folder(page, 'Projects', null);
  const sub = await folder(page, 'Drafts', projects);
  await transcriptIn(page, 'kickoff.wav', projects);
  await transcriptIn(page, 'review.wav', projects);
  await transcriptIn(page, 'notes.wav', sub);
  await folder(page, 'Empty', null);
  await page.reload();
  const tree = page.getByRole('treegrid', { name: 'Folders' });
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeVisible();

  // The confirmation names the folder and every transcript below it; an empty folder goes alone.
  let confirm = await askToDelete(page, 'Empty');
  await expect(confirm).toContainText('Delete folder “Empty”?');
  await expect(confirm).not.toContainText('transcript');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  confirm = await askToDelete(page, 'Projects');
  await expect(confirm).toContainText('Delete folder “Projects” and its 3 transcripts?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeHidden();
  const toast = page.getByRole('region', { name: 'Notification' });
  await expect(toast.getByText('Folder deleted')).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();

  // Deleted on the server already: a new page (the tab closed and opened again) does not show it, while
  // Undo is still offered in the first one.
  // (The pointer rests on the toast, which holds it open meanwhile.)
  await toast.getByRole('button', { name: 'Undo' }).hover();
  const other = await context.newPage();
  await other.goto('/');
  const otherTree = other.getByRole('treegrid', { name: 'Folders' });
  await expect(otherTree.getByRole('row', { name: 'Empty' })).toBeVisible();
  await expect(otherTree.getByRole('row', { name: 'Projects' })).toBeHidden();
  await other.close();

  // Undo before the toast ends: the folder is back with its sub-folder and transcripts, also after a reload.
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeVisible();
  await page.reload();
  await tree.getByRole('row', { name: 'Projects' }).click();
  await expect(tree.getByRole('row', { name: 'Drafts' })).toBeVisible();
  await expect(tree.getByRole('row', { name: /^kickoff/ })).toBeVisible();
  await expect(tree.getByRole('row', { name: /^review/ })).toBeVisible();

  // Deleted again and not undone: a reload no longer shows it.
  confirm = await askToDelete(page, 'Projects');
  await expect(confirm).toContainText('Delete folder “Projects” and its 3 transcripts?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeHidden();
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.reload();
  await expect(tree.getByRole('row', { name: 'Empty' })).toBeVisible();
  await expect(tree.getByRole('row', { name: 'Projects' })).toBeHidden();
});
