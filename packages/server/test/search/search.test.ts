import { SNIPPET_MATCH_END as E, SNIPPET_MATCH_START as S, type SearchResponse } from '@scribe/api-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { aiOutputs, transcripts, type StoredSegment } from '../../src/db/schema.ts';
import { createSearchRepository } from '../../src/features/search/repository.ts';
import { englishSegments, germanSegments, insertTranscript } from '../ai-fixtures.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { libraryUser } from '../library-helpers.ts';

type User = Awaited<ReturnType<typeof libraryUser>>;

describe('search across the library', () => {
  let server: TestServer;
  let owner: User;
  let other: User;
  let planning: number;
  let kitchen: number;
  beforeAll(async () => {
    server = await startServer();
    owner = await libraryUser(server);
    other = await libraryUser(server);
    planning = await insertTranscript(server, owner.id, { title: 'Weekly planning meeting', language: 'en', segments: englishSegments });
    kitchen = await insertTranscript(server, owner.id, { title: 'Besprechung der Häuser', language: 'de', segments: germanSegments });
  });
  afterAll(() => server.close());

  const search = async (q: string, user: User = owner, extra = '') => {
    const res = await user.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as SearchResponse;
  };
  const ids = (body: SearchResponse) => body.results.map((r) => r.transcriptId);

  it('finds a word of a segment with its start time and the word marked', async () => {
    const body = await search('invoice');
    expect(ids(body)).toEqual([planning]);
    const [result] = body.results;
    expect(result).toMatchObject({ title: 'Weekly planning meeting', folderId: null });
    const hit = result.hits.find((h) => h.kind === 'segment' && h.start === 14);
    expect(hit, JSON.stringify(result.hits)).toBeDefined();
    expect(hit!.snippet).toContain(`${S}invoice${E}`);
    // By stem: 'invoices' in the segment at 24 s matches 'invoice' too.
    expect(result.hits.map((h) => h.start)).toContain(24);
    expect(result.hits.every((h) => h.snippet.includes(S) && h.snippet.includes(E))).toBe(true);
  });

  it('finds a title, the hit first and all of the title in its snippet', async () => {
    const body = await search('weekly');
    expect(ids(body)).toEqual([planning]);
    expect(body.results[0].hits[0]).toEqual({ kind: 'title', snippet: `${S}Weekly${E} planning meeting` });
  });

  it('finds a German word by its stem: Häuser finds Haus, Küchen finds Küche', async () => {
    const id = await insertTranscript(server, owner.id, {
      title: 'Rundgang',
      language: 'de',
      segments: [{ start: 3, end: 9, speaker: 'Anna', text: 'Das Haus am See ist alt.' }],
    });
    const houses = await search('Häuser');
    expect(ids(houses)).toContain(id);
    const hit = houses.results.find((r) => r.transcriptId === id)!.hits[0];
    expect(hit).toEqual({ kind: 'segment', start: 3, snippet: `Das ${S}Haus${E} am See ist alt.` });
    const kitchens = await search('Küchen');
    expect(ids(kitchens)).toEqual([kitchen]);
  });

  it('matches the last word as a prefix while typing, and every word must match', async () => {
    expect(ids(await search('migra'))).toEqual([planning]);
    expect(ids(await search('billing dead'))).toEqual([planning]);
    expect(ids(await search('billing küche'))).toEqual([]);
  });

  it('finds a transcript whose words are spread over its segments and title', async () => {
    // 'welcome' is said at 0 s, 'Monday' at 66 s, 'weekly' is in the title.
    const body = await search('welcome monday');
    expect(ids(body)).toEqual([planning]);
    expect(body.results[0].hits.map((h) => h.start).sort((a, b) => a! - b!)).toEqual([0, 66]);
    expect(ids(await search('weekly monday'))).toEqual([planning]);
  });

  it('finds an edited word after PATCH and forgets the replaced one; a restore brings it back', async () => {
    const id = await insertTranscript(server, owner.id, {
      title: 'Status call',
      language: 'en',
      segments: [{ start: 0, end: 5, speaker: 'A', text: 'The zeppelin arrives on Friday.' }],
    });
    expect(ids(await search('zeppelin'))).toEqual([id]);
    const res = await owner.call('PATCH', `/api/transcripts/${id}`, {
      baseRevision: 1,
      segments: [{ start: 0, end: 5, speaker: 'A', text: 'The hovercraft arrives on Friday.' }],
    });
    expect(res.status, res.text).toBe(200);
    expect(ids(await search('zeppelin'))).toEqual([]);
    const found = await search('hovercraft');
    expect(ids(found)).toEqual([id]);
    expect(found.results[0].hits[0]).toMatchObject({ kind: 'segment', start: 0, snippet: `The ${S}hovercraft${E} arrives on Friday.` });

    const renamed = await owner.call('PATCH', `/api/transcripts/${id}`, { title: 'Airship update' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await search('airship')).results).toMatchObject([{ transcriptId: id, title: 'Airship update' }]);
    expect(ids(await search('status call'))).toEqual([]);

    const restored = await owner.post(`/api/transcripts/${id}/revisions/1/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(ids(await search('zeppelin'))).toEqual([id]);
    expect(ids(await search('hovercraft'))).toEqual([]);
  });

  it('finds an AI output by its id, and forgets it when the output is deleted', async () => {
    const [output] = await server.app.database.db
      .insert(aiOutputs)
      .values({
        transcriptId: planning,
        prompt: 'Summary',
        output: 'Summary: the quarterly budget was approved.',
        engine: 'local',
        model: 'rule-based',
      })
      .returning({ id: aiOutputs.id });
    const body = await search('quarterly budget');
    expect(body.results).toMatchObject([{ transcriptId: planning }]);
    expect(body.results[0].hits).toEqual([
      { kind: 'ai_output', aiOutputId: output.id, snippet: `Summary: the ${S}quarterly${E} ${S}budget${E} was approved` },
    ]);
    await server.app.database.db.delete(aiOutputs).where(eq(aiOutputs.id, output.id));
    expect(ids(await search('quarterly'))).toEqual([]);
  });

  it("never shows a second user's transcripts, titles or AI outputs", async () => {
    const mine = await insertTranscript(server, other.id, {
      title: 'Invoice review',
      language: 'en',
      segments: [{ start: 0, end: 4, speaker: 'B', text: 'Every invoice is checked.' }],
    });
    await server.app.database.db
      .insert(aiOutputs)
      .values({ transcriptId: mine, prompt: 'Summary', output: 'The invoice backlog is gone.', engine: 'local', model: 'rule-based' });
    expect(ids(await search('invoice'))).toEqual([planning]);
    expect(ids(await search('invoice', other))).toEqual([mine]);
    expect(ids(await search('backlog'))).toEqual([]);
    expect(ids(await search('weekly', other))).toEqual([]);
    // Another user's folder is not found, the same as one that does not exist.
    const folder = await other.createFolder('Private');
    expect((await owner.get(`/api/search?q=invoice&folderId=${folder.id}`)).status).toBe(404);
    expect((await owner.get(`/api/search?q=invoice&folderId=2147483647`)).json).toMatchObject({ code: 'FOLDER_NOT_FOUND' });
  });

  it('searches within a folder and its subfolders', async () => {
    const top = await owner.createFolder('Clients');
    const sub = await owner.createFolder('Acme', top.id);
    const inside = await insertTranscript(server, owner.id, {
      title: 'Acme kickoff',
      language: 'en',
      segments: [{ start: 2, end: 4, speaker: 'A', text: 'The walrus project starts.' }],
    });
    const outside = await insertTranscript(server, owner.id, {
      title: 'Zoo visit',
      language: 'en',
      segments: [{ start: 1, end: 3, speaker: 'A', text: 'We saw a walrus.' }],
    });
    expect((await owner.put(`/api/transcripts/${inside}/move`, { folderId: sub.id })).status).toBe(200);
    expect(ids(await search('walrus')).sort()).toEqual([inside, outside].sort());
    const scoped = await search('walrus', owner, `&folderId=${top.id}`);
    expect(scoped.results).toMatchObject([{ transcriptId: inside, folderId: sub.id }]);
  });

  it('ranks the transcript with the better match first and honours the limit', async () => {
    const many = await insertTranscript(server, owner.id, {
      title: 'Gardening tips',
      language: 'en',
      segments: [
        { start: 0, end: 3, speaker: 'A', text: 'Tulips, tulips and more tulips.' },
        { start: 3, end: 6, speaker: 'A', text: 'Plant tulips in autumn.' },
      ],
    });
    const once = await insertTranscript(server, owner.id, {
      title: 'Holiday',
      language: 'en',
      segments: [{ start: 0, end: 9, speaker: 'A', text: 'In Amsterdam we walked along the canals for hours and saw some tulips.' }],
    });
    const titled = await insertTranscript(server, owner.id, { title: 'Tulips', language: 'en', segments: [] });
    expect(ids(await search('tulips'))).toEqual([titled, many, once]);
    expect(ids(await search('tulips', owner, '&limit=2'))).toEqual([titled, many]);
    // A limit out of range is brought into range, not refused.
    expect((await owner.get('/api/search?q=tulips&limit=0')).status).toBe(200);
    expect((await owner.get('/api/search?q=tulips&limit=abc')).status).toBe(200);
  });

  it('answers a clean empty result to queries of operators, quotes or nothing, never a 500', async () => {
    const hostile = [
      '',
      '   ',
      '&',
      '|',
      '!',
      '&|!():*',
      '"',
      "'",
      '""',
      "''",
      ':*',
      '<->',
      '<2>',
      '!!!',
      '(',
      ')',
      '\\',
      '*',
      "'\\'",
      '-',
      '—',
      '😀',
    ];
    for (const q of hostile) {
      const res = await owner.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `${JSON.stringify(q)}: ${res.text}`).toBe(200);
      expect(res.json, JSON.stringify(q)).toEqual({ results: [] });
    }
    // Operators around real words are ignored, the words still match.
    for (const q of ['"billing"', 'billing & !migration', "billing:* | 'dead'", 'billing <-> (team)', 'billing:A']) {
      const res = await owner.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `${q}: ${res.text}`).toBe(200);
    }
    expect(ids(await search('"billing"'))).toEqual([planning]);
    expect(ids(await search('billing & !migration'))).toEqual([planning]);
    // Too long: cut, not refused; no query at all is no results.
    expect((await owner.get(`/api/search?q=${'billing '.repeat(200)}`)).status).toBe(200);
    expect((await owner.get('/api/search')).json).toEqual({ results: [] });
    expect((await owner.get('/api/search?q=a&q=b')).status).toBe(400);
    expect((await owner.get('/api/search?q=billing&folderId=abc')).json).toMatchObject({ code: 'INVALID_ID' });
  });

  it('asks for a session', async () => {
    const res = await fetch(`${server.url}/api/search?q=billing`);
    expect(res.status).toBe(401);
  });

  it('indexes a transcript only once it has completed, and drops it with the transcript', async () => {
    const [row] = await server.app.database.db
      .insert(transcripts)
      .values({ userId: owner.id, title: 'Pelican recording', status: 'processing' })
      .returning({ id: transcripts.id });
    expect(ids(await search('pelican'))).toEqual([]);
    await server.app.database.db
      .update(transcripts)
      .set({ status: 'completed', language: 'en', segments: [{ start: 1, end: 2, speaker: 'A', text: 'A pelican flew by.' }] })
      .where(eq(transcripts.id, row.id));
    expect((await search('pelican')).results[0].hits.map((h) => h.kind)).toEqual(['title', 'segment']);
    expect((await owner.del(`/api/transcripts/${row.id}`)).status).toBe(200);
    expect(ids(await search('pelican'))).toEqual([]);
    const [left] = await selectRows<{ n: number | string }>(
      server.app.database.db,
      sql`select count(*) as n from search_documents where transcript_id = ${row.id}`,
    );
    expect(Number(left.n)).toBe(0);
  });
  it('after an edit, searches the current text until the document is rebuilt, and the same after', async () => {
    const id = await insertTranscript(server, owner.id, {
      title: 'Harbour tour',
      language: 'en',
      segments: [
        { start: 0, end: 4, speaker: 'A', text: 'The lighthouse keeper waved.' },
        { start: 4, end: 8, speaker: 'A', text: 'Gulls circled the pier.' },
      ],
    });
    const res = await owner.call('PATCH', `/api/transcripts/${id}`, {
      baseRevision: 1,
      segments: [
        { start: 0, end: 4, speaker: 'A', text: 'The ferryman waved.' },
        { start: 4, end: 8, speaker: 'A', text: 'Gulls circled the pier.' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const stale = async () =>
      (await selectRows<{ id: number }>(server.app.database.db, sql`select transcript_id as id from search_stale`)).map((r) => r.id);
    const check = async () => {
      expect(ids(await search('lighthouse'))).toEqual([]);
      expect(ids(await search('ferryman gulls'))).toEqual([id]);
      const [result] = (await search('ferryman')).results;
      expect(result.hits).toEqual([{ kind: 'segment', start: 0, snippet: `The ${S}ferryman${E} waved.` }]);
    };
    expect(await stale()).toContain(id);
    await check();
    // What the server does from time to time for transcripts left alone (here without waiting).
    expect(await createSearchRepository(server.app.database.db).refreshStale(100, 0)).toBeGreaterThan(0);
    expect(await stale()).toEqual([]);
    await check();
  });

  it('ranks a title match first even among hundreds of transcripts with the word', async () => {
    const text = (n: number): StoredSegment[] => [{ start: 0, end: 3, speaker: 'A', text: `The narwhal swims past buoy ${n}.` }];
    // The oldest has the word in its title; the 250 after it only in their text.
    const titled = await insertTranscript(server, owner.id, { title: 'Narwhal notes', language: 'en', segments: text(0) });
    await server.app.database.db.insert(transcripts).values(
      Array.from({ length: 250 }, (_, i) => ({
        userId: owner.id,
        title: `Sea log ${i + 1}`,
        status: 'completed' as const,
        language: 'en',
        segments: text(i + 1),
      })),
    );
    const body = await search('narwhal');
    expect(body.results).toHaveLength(20);
    expect(body.results[0]).toMatchObject({
      transcriptId: titled,
      hits: [{ kind: 'title', snippet: `${S}Narwhal${E} notes` }, { kind: 'segment' }],
    });
    expect(ids(await search('narwhal notes'))).toEqual([titled]);
  });
});
