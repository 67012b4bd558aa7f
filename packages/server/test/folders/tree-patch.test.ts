// The tree route patches the transcripts' part it keeps from the rows changed since (tree_changes,
// written by database triggers) instead of reading all of them again. Whatever changed, and whoever
// changed it, the patched tree must be the tree built afresh from the database, also in a second web
// process that saw fewer of the changes, and also once the log no longer reaches back far enough.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { folders, transcripts } from '../../src/db/schema.ts';
import { createFoldersRepository, type FoldersRepository } from '../../src/features/folders/repository.ts';
import { createFoldersService } from '../../src/features/folders/service.ts';
import { serializeTree } from '../../src/features/folders/tree.ts';
import type { TranscriptFiles } from '../../src/features/transcripts/files.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

const files = {} as TranscriptFiles; // the tree never touches stored files

/** A web process of its own (its own caches) on the shared database, counting how it read the tree. */
function webProcess(server: TestServer) {
  const repo = createFoldersRepository(server.app.database.db);
  const reads = { whole: 0, patches: 0 };
  const counted: FoldersRepository = {
    ...repo,
    listTreeLines: (userId) => (reads.whole++, repo.listTreeLines(userId)),
    treeChangesSince: (userId, since) => (reads.patches++, repo.treeChangesSince(userId, since)),
  };
  return { service: createFoldersService({ repo: counted, files }), reads };
}

/** The tree built from all rows, by the code that does not patch or group (buildTree). */
async function freshTree(server: TestServer, userId: number): Promise<string> {
  const repo = createFoldersRepository(server.app.database.db);
  return serializeTree(await createFoldersService({ repo, files }).tree(userId));
}

describe('tree patched from the changed transcripts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 300_000);
  afterAll(() => server.close());

  it('equals the tree built afresh after every kind of change, in two web processes', async () => {
    const me = await register(server);
    const other = await register(server);
    const db = server.app.database.db;
    let seed = 20_251_126;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const titles = ['Call', 'Standup', 'say "hi"', 'two\nlines', 'Grüße 🎙️', 'a, b', 'back\\slash', 'line \u2028 sep'];
    const statuses = ['processing', 'completed', 'error'] as const;
    // A handful of timestamps, so transcripts share one and order by id.
    const when = () => new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 6) * 3_600_000 + (random() < 0.3 ? 0.4 : 0));

    const ids = async (table: 'folders' | 'transcripts', userId: number) =>
      (await selectRows<{ id: number }>(db, sql`select id from ${sql.identifier(table)} where user_id = ${userId} order by id`)).map((r) =>
        Number(r.id),
      );
    const folderOf = async (userId: number) => (random() < 0.25 ? null : pick([null, ...(await ids('folders', userId))]));
    const newTranscripts = async (userId: number, count: number) =>
      db.insert(transcripts).values(
        await Promise.all(
          Array.from({ length: count }, async () => ({
            userId,
            folderId: await folderOf(userId),
            title: `${pick(titles)} ${Math.floor(random() * 100)}`,
            status: pick(statuses),
            durationSeconds: random() < 0.3 ? null : Math.round(random() * 4000) / 4,
            createdAt: when(),
          })),
        ),
      );

    for (let i = 0; i < 6; i++) {
      const parent = i < 2 ? null : pick(await ids('folders', me.user.id));
      await db.insert(folders).values({ userId: me.user.id, parentId: parent, name: `Folder ${i}` });
    }
    await db.insert(folders).values({ userId: other.user.id, name: 'Theirs' });
    await newTranscripts(me.user.id, 30);
    await newTranscripts(other.user.id, 5);

    const changes: Array<[string, (t: number, f: number | null) => Promise<unknown>]> = [
      [
        'rename',
        (t) =>
          db
            .update(transcripts)
            .set({ title: `${pick(titles)} ${Math.floor(random() * 100)}` })
            .where(sql`id = ${t}`),
      ],
      [
        'move',
        async (t, f) =>
          db
            .update(transcripts)
            .set({ folderId: f })
            .where(sql`id = ${t}`),
      ],
      [
        'status',
        (t) =>
          db
            .update(transcripts)
            .set({ status: pick(statuses) })
            .where(sql`id = ${t}`),
      ],
      [
        'duration',
        (t) =>
          db
            .update(transcripts)
            .set({ durationSeconds: random() < 0.5 ? null : random() * 100 })
            .where(sql`id = ${t}`),
      ],
      [
        'created',
        (t) =>
          db
            .update(transcripts)
            .set({ createdAt: when() })
            .where(sql`id = ${t}`),
      ],
      [
        'progress only',
        (t) =>
          db
            .update(transcripts)
            .set({ progress: Math.floor(random() * 100) })
            .where(sql`id = ${t}`),
      ],
      ['delete', (t) => db.delete(transcripts).where(sql`id = ${t}`)],
      ['add', () => newTranscripts(me.user.id, 1 + Math.floor(random() * 3))],
      // One statement changing several rows, some of them in ways the tree does not show.
      [
        'many',
        (_, f) =>
          db.execute(sql`update transcripts set status = 'completed', folder_id = ${f} where user_id = ${me.user.id} and id % 3 = 0`),
      ],
      [
        'give away',
        (t) =>
          db
            .update(transcripts)
            .set({ userId: other.user.id, folderId: null })
            .where(sql`id = ${t}`),
      ],
      [
        'take back',
        async () => {
          const [t] = await ids('transcripts', other.user.id);
          if (t)
            await db
              .update(transcripts)
              .set({ userId: me.user.id, folderId: null })
              .where(sql`id = ${t}`);
        },
      ],
      [
        'folder renamed',
        async (_, f) =>
          f &&
          db
            .update(folders)
            .set({ name: `Renamed ${Math.floor(random() * 100)}` })
            .where(sql`id = ${f}`),
      ],
      ['folder added', () => db.insert(folders).values({ userId: me.user.id, name: `New ${Math.floor(random() * 100)}` })],
      // Its transcripts and sub-folders go with it (foreign keys cascading).
      ['folder deleted', async (_, f) => f && random() < 0.5 && db.delete(folders).where(sql`id = ${f}`)],
    ];

    const web1 = webProcess(server);
    const web2 = webProcess(server);
    const seen = new Set<string>();
    let compared = 0;
    for (let step = 0; step < 160; step++) {
      const mine = await ids('transcripts', me.user.id);
      if (mine.length < 5) await newTranscripts(me.user.id, 5);
      const [name, change] = pick(changes);
      await change(pick(await ids('transcripts', me.user.id)), await folderOf(me.user.id));
      seen.add(name);
      // The first process reads after most changes, the second after a few (several changes at once).
      for (const web of random() < 0.7 ? (random() < 0.2 ? [web1, web2] : [web1]) : []) {
        const expected = await freshTree(server, me.user.id);
        expect(await web.service.treeJson(me.user.id), `after ${name} (step ${step})`).toBe(expected);
        compared++;
      }
    }
    expect(await web2.service.treeJson(me.user.id)).toBe(await freshTree(server, me.user.id));
    expect(seen.size).toBe(changes.length);
    expect(compared).toBeGreaterThan(100);
    // Each process read all the transcripts once, and patched its kept part ever after.
    expect(web1.reads.whole).toBe(1);
    expect(web2.reads.whole).toBe(1);
    expect(web1.reads.patches).toBeGreaterThan(50);
    expect(web2.reads.patches).toBeGreaterThan(5);
    // The other user's tree, given and taken transcripts, is right too (a first reading: built whole).
    expect(await web1.service.treeJson(other.user.id)).toBe(await freshTree(server, other.user.id));
  }, 120_000);

  it('shows a route rename on the next request, and rebuilds once the log no longer reaches back', async () => {
    const { cookie, user } = await register(server);
    const db = server.app.database.db;
    const [t] = await db
      .insert(transcripts)
      .values({ userId: user.id, title: 'Interview', status: 'completed' })
      .returning({ id: transcripts.id });
    await db
      .insert(transcripts)
      .values(Array.from({ length: 20 }, (_, i) => ({ userId: user.id, title: `Other ${i}`, status: 'completed' as const })));
    const client = api(server, cookie);
    const web = webProcess(server);
    expect(await web.service.treeJson(user.id)).toBe(await freshTree(server, user.id));
    expect((await client.call('PATCH', `/api/transcripts/${t.id}`, { title: 'Interview, edited' })).status).toBe(200);
    const tree = await web.service.treeJson(user.id);
    expect(tree).toContain('"name":"Interview, edited"');
    expect(tree).toBe(await freshTree(server, user.id));
    expect(web.reads).toEqual({ whole: 1, patches: 1 });

    // 600 changes (one statement each): the log keeps the last 500 versions, so the patch is refused.
    for (let i = 0; i < 600; i++)
      await db
        .update(transcripts)
        .set({ title: `Take ${i}` })
        .where(sql`id = ${t.id}`);
    const kept = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from tree_changes where user_id = ${user.id}`);
    expect(kept[0].n).toBeLessThanOrEqual(500);
    expect(await web.service.treeJson(user.id)).toBe(await freshTree(server, user.id));
    expect(await web.service.treeJson(user.id)).toContain('"name":"Take 599"');
    expect(web.reads).toEqual({ whole: 2, patches: 2 });
  }, 120_000);

  it('an account deleted with its transcripts leaves no changes logged', async () => {
    const { cookie, user, account } = await register(server);
    const folder = await api(server, cookie).createFolder('Mine');
    await server.app.database.db
      .insert(transcripts)
      .values(
        [1, 2, 3].map((i) => ({ userId: user.id, folderId: i === 1 ? null : folder.id, title: `T${i}`, status: 'completed' as const })),
      );
    const logged = async () =>
      (
        await selectRows<{ n: number }>(server.app.database.db, sql`select count(*)::int as n from tree_changes where user_id = ${user.id}`)
      )[0].n;
    expect(await logged()).toBe(3);
    expect((await api(server, cookie).call('DELETE', '/api/account', { password: account.password })).status).toBe(200);
    expect(await logged()).toBe(0);
  });
});
