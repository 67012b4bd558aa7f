import { eq, inArray, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { transcripts } from '../../src/db/schema.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { fixture, libraryUser, transcriptIds, type TreeNode } from '../library-helpers.ts';

/** The folder each of the user's transcripts is in (null: the top level), by id. */
async function folderOf(server: TestServer, ids: number[]): Promise<Record<number, number | null>> {
  const rows = await server.app.database.db
    .select({ id: transcripts.id, folderId: transcripts.folderId })
    .from(transcripts)
    .where(inArray(transcripts.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.folderId]));
}

async function statusOf(server: TestServer, id: number): Promise<string | undefined> {
  const [row] = await selectRows<{ status: string }>(server.app.database.db, sql`select status from transcripts where id = ${id}`);
  return row?.status;
}

describe('POST /api/transcripts/bulk: several transcripts at once, all or nothing, owner only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const bulk = (user: Awaited<ReturnType<typeof libraryUser>>, body: unknown) => user.post('/api/transcripts/bulk', body);

  it('moves all of them into a folder, or none when one id is not the caller’s or the folder is someone else’s', async () => {
    const owner = await libraryUser(server);
    const other = await libraryUser(server);
    const folder = await owner.createFolder('Archive');
    const a = await insertTranscript(server, owner.id, { title: 'Alpha', language: 'en', segments: englishSegments });
    const b = await insertTranscript(server, owner.id, { title: 'Beta', language: 'en', segments: englishSegments });
    const foreign = await insertTranscript(server, other.id, { title: 'Theirs', language: 'en', segments: englishSegments });
    const foreignFolder = await other.createFolder('Their folder');

    const mixed = await bulk(owner, { action: 'move', ids: [a, b, foreign], folderId: folder.id });
    expect(mixed.status).toBe(404);
    expect(mixed.json.code).toBe('TRANSCRIPT_NOT_FOUND');
    expect(await folderOf(server, [a, b, foreign])).toEqual({ [a]: null, [b]: null, [foreign]: null });

    const intoTheirs = await bulk(owner, { action: 'move', ids: [a, b], folderId: foreignFolder.id });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.json.code).toBe('FOLDER_NOT_FOUND');
    expect(await folderOf(server, [a, b])).toEqual({ [a]: null, [b]: null });

    const moved = await bulk(owner, { action: 'move', ids: [a, b], folderId: folder.id });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ ok: true, count: 2 });
    const tree = await owner.tree();
    const archive = tree.find((n) => n.type === 'folder' && n.id === folder.id) as Extract<TreeNode, { type: 'folder' }>;
    expect(transcriptIds(archive.children).sort()).toEqual([a, b].sort());

    // The other user cannot move the owner's transcripts, even together with their own.
    const stolen = await bulk(other, { action: 'move', ids: [foreign, a], folderId: null });
    expect(stolen.status).toBe(404);
    expect(await folderOf(server, [a, foreign])).toEqual({ [a]: folder.id, [foreign]: null });
  });

  it('deletes all of them, or none when one id is missing or someone else’s', async () => {
    const owner = await libraryUser(server);
    const other = await libraryUser(server);
    const a = await insertTranscript(server, owner.id, { title: 'One', language: 'en', segments: englishSegments });
    const b = await insertTranscript(server, owner.id, { title: 'Two', language: 'en', segments: englishSegments });
    const foreign = await insertTranscript(server, other.id, { title: 'Not yours', language: 'en', segments: englishSegments });

    for (const ids of [
      [a, b, foreign],
      [a, 2_000_000_000],
    ]) {
      const refused = await bulk(owner, { action: 'delete', ids });
      expect(refused.status).toBe(404);
      expect(refused.json.code).toBe('TRANSCRIPT_NOT_FOUND');
    }
    expect(transcriptIds(await owner.tree()).sort()).toEqual([a, b].sort());
    expect(transcriptIds(await other.tree())).toEqual([foreign]);

    const deleted = await bulk(owner, { action: 'delete', ids: [a, b] });
    expect(deleted.json).toEqual({ ok: true, count: 2 });
    expect(transcriptIds(await owner.tree())).toEqual([]);
    expect(transcriptIds(await other.tree())).toEqual([foreign]);
  });

  it('exports a zip with one file per transcript in the chosen format, only of the caller’s own', async () => {
    const owner = await libraryUser(server);
    const other = await libraryUser(server);
    const a = await insertTranscript(server, owner.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });
    const b = await insertTranscript(server, owner.id, {
      title: 'Planning meeting',
      language: 'en',
      segments: englishSegments.slice(0, 2),
    });
    const foreign = await insertTranscript(server, other.id, { title: 'Secret', language: 'en', segments: englishSegments });

    const refused = await bulk(owner, { action: 'export', ids: [a, foreign], format: 'txt' });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('TRANSCRIPT_NOT_FOUND');

    const res = await fetch(`${server.url}/api/transcripts/bulk`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({ action: 'export', ids: [a, b], format: 'txt' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('transcripts-txt.zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['Planningmeeting-2.txt', 'Planningmeeting.txt']);
    expect(strFromU8(files['Planningmeeting.txt'])).toContain(englishSegments[2].text);
    expect(strFromU8(files['Planningmeeting-2.txt'])).not.toContain(englishSegments[2].text);
  });

  it('retries failed transcriptions together, and none when one of them has not failed', async () => {
    const owner = await libraryUser(server);
    const ids: number[] = [];
    for (const name of ['first.wav', 'second.wav']) {
      const up = await owner.upload(name, fixture('wav'));
      expect(up.status).toBe(201);
      ids.push(up.json.id!);
    }
    // The worker is off in this server: mark them failed as a failed transcription would.
    await server.app.database.db.update(transcripts).set({ status: 'error', error: 'boom' }).where(inArray(transcripts.id, ids));
    const done = await insertTranscript(server, owner.id, { title: 'Fine', language: 'en', segments: englishSegments });

    const mixed = await bulk(owner, { action: 'retry', ids: [...ids, done] });
    expect(mixed.status).toBe(409);
    expect(mixed.json.code).toBe('RETRY_NOT_FAILED');
    expect([await statusOf(server, ids[0]), await statusOf(server, ids[1])]).toEqual(['error', 'error']);

    const retried = await bulk(owner, { action: 'retry', ids });
    expect(retried.json).toEqual({ ok: true, count: 2 });
    expect([await statusOf(server, ids[0]), await statusOf(server, ids[1])]).toEqual(['processing', 'processing']);
  });

  it('refuses bad requests with a code, and needs X-Requested-With', async () => {
    const owner = await libraryUser(server);
    const a = await insertTranscript(server, owner.id, { title: 'Kept', language: 'en', segments: englishSegments });
    const empty = await bulk(owner, { action: 'delete', ids: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain('BULK_IDS_REQUIRED');
    const tooMany = await bulk(owner, { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.json)).toContain('BULK_TOO_MANY');
    const noFormat = await bulk(owner, { action: 'export', ids: [a] });
    expect(noFormat.status).toBe(400);
    expect(JSON.stringify(noFormat.json)).toContain('BULK_FORMAT_REQUIRED');
    const unknown = await bulk(owner, { action: 'shred', ids: [a] });
    expect(unknown.status).toBe(400);

    const withoutHeader = await fetch(`${server.url}/api/transcripts/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({ action: 'delete', ids: [a] }),
    });
    expect(withoutHeader.status).toBe(403);
    const [row] = await server.app.database.db.select({ id: transcripts.id }).from(transcripts).where(eq(transcripts.id, a));
    expect(row?.id).toBe(a);
  });
});
