// Search by speaker (GET /api/search?speaker=…) and the speaker names to choose from (GET /api/search/speakers).
import { SNIPPET_MATCH_END as E, SNIPPET_MATCH_START as S, searchLimits, type SearchResponse } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import type { StoredSegment } from '../../src/db/schema.ts';
import { createSearchRepository } from '../../src/features/search/repository.ts';
import { insertTranscript } from '../ai-fixtures.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { libraryUser } from '../library-helpers.ts';

type User = Awaited<ReturnType<typeof libraryUser>>;

const seg = (start: number, speaker: string, text: string): StoredSegment => ({ start, end: start + 4, speaker, text });

describe('search by speaker', () => {
  let server: TestServer;
  let owner: User;
  let other: User;
  let meeting: number;
  beforeAll(async () => {
    server = await startServer();
    owner = await libraryUser(server);
    other = await libraryUser(server);
    meeting = await insertTranscript(server, owner.id, {
      title: 'Budget meeting',
      language: 'en',
      segments: [
        seg(0, 'Anna', 'The budget for the lighthouse is approved.'),
        seg(4, 'Speaker 2', 'The lighthouse budget needs a second look before the deadline.'),
        seg(8, 'Anna', 'We repaint the lighthouse in spring.'),
        seg(12, 'Unknown Speaker', 'Thanks everyone, the lighthouse tour is next.'),
      ],
    });
  });
  afterAll(() => server.close());

  const search = async (q: string, speaker?: string, user: User = owner, extra = '') => {
    const query = `q=${encodeURIComponent(q)}${speaker === undefined ? '' : `&speaker=${encodeURIComponent(speaker)}`}${extra}`;
    const res = await user.get(`/api/search?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as SearchResponse;
  };
  const ids = (body: SearchResponse) => body.results.map((r) => r.transcriptId);
  /** The segment starts of each result's hits, by transcript, best hit first. */
  const starts = (body: SearchResponse) => Object.fromEntries(body.results.map((r) => [r.transcriptId, r.hits.map((h) => h.start)]));
  const sorted = (list: Array<number | undefined>) => [...list].sort((a, b) => (a ?? -1) - (b ?? -1));
  const speakers = async (user: User = owner) => {
    const res = await user.get('/api/search/speakers');
    expect(res.status, res.text).toBe(200);
    return (res.json as unknown as { speakers: string[] }).speakers;
  };
  const db = () => server.app.database.db;
  /** Edits waiting for their search batches (embedded database): none once they are applied. */
  const batchesPending = async () =>
    Number((await selectRows<{ n: number | string }>(db(), sql`select count(*) as n from search_stale where since = 'infinity'`))[0]!.n);

  it("finds only that speaker's segments, every hit a segment of theirs", async () => {
    const all = await search('lighthouse');
    expect(ids(all)).toEqual([meeting]);
    expect(sorted(starts(all)[meeting])).toEqual([0, 4, 8, 12]);

    const anna = await search('lighthouse', 'Anna');
    expect(ids(anna)).toEqual([meeting]);
    expect(anna.results[0].hits.every((h) => h.kind === 'segment')).toBe(true);
    expect(sorted(starts(anna)[meeting])).toEqual([0, 8]);
    expect(anna.results[0].hits.find((h) => h.start === 8)?.snippet).toBe(`We repaint the ${S}lighthouse${E} in spring.`);
    expect(starts(await search('lighthouse', 'Speaker 2'))[meeting]).toEqual([4]);
    // A word only another speaker said: no result for this one.
    expect(ids(await search('deadline', 'Anna'))).toEqual([]);
    expect(ids(await search('deadline', 'Speaker 2'))).toEqual([meeting]);
    // The name as stored, exactly: no other case, no part of it, no one who never spoke.
    expect(ids(await search('lighthouse', 'anna'))).toEqual([]);
    expect(ids(await search('lighthouse', 'Ann'))).toEqual([]);
    expect(ids(await search('lighthouse', 'Nobody'))).toEqual([]);
    // Surrounding spaces are dropped; an empty or blank speaker is no filter.
    expect(sorted(starts(await search('lighthouse', '  Anna '))[meeting])).toEqual([0, 8]);
    expect(starts(await search('lighthouse', ''))[meeting]).toHaveLength(4);
    expect(starts(await search('lighthouse', '   '))[meeting]).toHaveLength(4);
  });

  it("needs every word in the speaker's segments, and leaves titles and AI outputs out", async () => {
    // 'budget' (0 s) and 'spring' (8 s) are both Anna's, in two segments.
    expect(sorted(starts(await search('budget spring', 'Anna'))[meeting])).toEqual([0, 8]);
    // 'deadline' is Speaker 2's only.
    expect(ids(await search('spring deadline'))).toEqual([meeting]);
    expect(ids(await search('spring deadline', 'Anna'))).toEqual([]);
    // 'meeting' is in the title only: found without a speaker, not with one.
    expect((await search('meeting')).results[0].hits).toEqual([{ kind: 'title', snippet: `Budget ${S}meeting${E}` }]);
    expect(ids(await search('meeting', 'Anna'))).toEqual([]);
    const withTitle = await search('budget', 'Anna');
    expect(withTitle.results[0].hits).toEqual([
      { kind: 'segment', start: 0, snippet: `The ${S}budget${E} for the lighthouse is approved.` },
    ]);
  });

  it('offers the speaker names of the current segments in order, without the unknown speaker', async () => {
    expect(await speakers()).toEqual(['Anna', 'Speaker 2']);
    const other = await insertTranscript(server, owner.id, {
      title: 'Interview',
      language: 'de',
      segments: [seg(0, 'Bernd', 'Guten Morgen.'), seg(4, 'Anna', 'Hallo.'), seg(8, 'Speaker 10', '   '), seg(12, 'Speaker 1', 'Ja.')],
    });
    // Each once; a speaker of blank segments only has nothing to find and is not offered.
    expect(await speakers()).toEqual(['Anna', 'Bernd', 'Speaker 1', 'Speaker 2']);
    expect((await owner.del(`/api/transcripts/${other}`)).status).toBe(200);
    expect(await speakers()).toEqual(['Anna', 'Speaker 2']);
  });

  it("never shows another user's speakers or segments, and asks for a session", async () => {
    const theirs = await insertTranscript(server, other.id, {
      title: 'Lighthouse tour',
      language: 'en',
      segments: [seg(0, 'Zora', 'The lighthouse is open on Sundays.'), seg(4, 'Anna', 'The lighthouse keeper retired.')],
    });
    expect(await speakers(other)).toEqual(['Anna', 'Zora']);
    expect(await speakers()).toEqual(['Anna', 'Speaker 2']);
    // The same name in two libraries: each user finds their own only.
    expect(ids(await search('lighthouse', 'Anna'))).toEqual([meeting]);
    expect(ids(await search('lighthouse', 'Anna', other))).toEqual([theirs]);
    expect(ids(await search('lighthouse', 'Zora'))).toEqual([]);
    expect(ids(await search('sundays', 'Zora'))).toEqual([]);
    expect(ids(await search('sundays', 'Zora', other))).toEqual([theirs]);

    expect((await fetch(`${server.url}/api/search/speakers`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/search?q=lighthouse&speaker=Anna`)).status).toBe(401);
  });

  it('answers odd speaker values with results or a 400, never a 500', async () => {
    // Operators, quotes, SQL and LIKE patterns are a name like any other: nobody is called that.
    for (const speaker of ["'", '"', "Anna' or '1'='1", '%', 'Ann_', '\\', '&|!():*', '😀', 'Anna\u0301', '<b>Anna</b>']) {
      const res = await owner.get(`/api/search?q=lighthouse&speaker=${encodeURIComponent(speaker)}`);
      expect(res.status, `${JSON.stringify(speaker)}: ${res.text}`).toBe(200);
      expect(res.json, JSON.stringify(speaker)).toEqual({ results: [] });
    }
    // Too long: cut to searchLimits.speakerMax, not refused.
    const long = `${'Anna'.repeat(2_500)}`;
    expect((await owner.get(`/api/search?q=lighthouse&speaker=${long}`)).json).toEqual({ results: [] });
    expect(searchLimits.speakerMax).toBe(100);
    // Given twice, or with a NUL (PostgreSQL text cannot hold it): refused.
    const twice = await owner.get('/api/search?q=lighthouse&speaker=Anna&speaker=Speaker%202');
    expect(twice.status, twice.text).toBe(400);
    expect(Object.keys((twice.json as { fieldErrors?: object }).fieldErrors ?? {})).toEqual(['speaker']);
    const nul = await owner.get('/api/search?q=lighthouse&speaker=Anna%00');
    expect(nul.status, nul.text).toBe(400);
    expect(nul.json).toMatchObject({ code: 'NUL_CHARACTER' });
    // No words: no results, with a speaker too.
    expect(await search('', 'Anna')).toEqual({ results: [] });
    // With a folder: both filters hold.
    const folder = await owner.createFolder('Empty');
    expect(await search('lighthouse', 'Anna', owner, `&folderId=${folder.id}`)).toEqual({ results: [] });
  });

  it("follows an edit of a segment's speaker, a restore, and the rebuilt document", async () => {
    const id = await insertTranscript(server, owner.id, {
      title: 'Harbour call',
      language: 'en',
      segments: [seg(0, 'Speaker 1', 'The ferry leaves at noon.'), seg(4, 'Speaker 2', 'The ferry is late again.')],
    });
    expect(starts(await search('ferry', 'Speaker 1'))[id]).toEqual([0]);
    expect(await speakers()).toContain('Speaker 1');

    // Speaker 2's segment given to Speaker 1, and Speaker 1 named Carla: nothing else changed.
    const edited = await owner.call('PATCH', `/api/transcripts/${id}`, {
      baseRevision: 1,
      segments: [seg(0, 'Carla', 'The ferry leaves at noon.'), seg(4, 'Carla', 'The ferry is late again.')],
    });
    expect(edited.status, edited.text).toBe(200);
    await expect.poll(batchesPending).toBe(0);
    const check = async () => {
      expect(ids(await search('ferry', 'Speaker 1'))).not.toContain(id);
      expect(ids(await search('ferry', 'Speaker 2'))).not.toContain(id);
      // Both segments are Carla's now; the one with both words first.
      expect(starts(await search('ferry late', 'Carla'))[id]).toEqual([4, 0]);
      expect(sorted(starts(await search('ferry', 'Carla'))[id])).toEqual([0, 4]);
      expect(await speakers()).toEqual(['Anna', 'Carla', 'Speaker 2']);
    };
    // Searched through its rows while its document is stale, then through the rebuilt document.
    await check();
    expect(await createSearchRepository(db()).refreshStale(100, 0)).toBeGreaterThan(0);
    await check();

    // A restore (the database compares the segments itself) brings the old speakers back.
    const restored = await owner.post(`/api/transcripts/${id}/revisions/1/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(starts(await search('ferry', 'Speaker 1'))[id]).toEqual([0]);
    expect(starts(await search('ferry', 'Speaker 2'))[id]).toEqual([4]);
    expect(ids(await search('ferry', 'Carla'))).toEqual([]);
    expect(await speakers()).toEqual(['Anna', 'Speaker 1', 'Speaker 2']);
  });

  it('renames a speaker across a long transcript without stemming its text again', async () => {
    // 150 segments: on the embedded database an edit this large is indexed in batches after it.
    const before = Array.from({ length: 150 }, (_, i) => seg(i * 4, i % 2 === 0 ? 'Speaker 1' : 'Speaker 2', `Buoy number ${i} is fine.`));
    const id = await insertTranscript(server, owner.id, { title: 'Buoy check', language: 'en', segments: before });
    // A word only these rows hold: a row written anew would be stemmed from its text and lose it.
    await db().execute(
      sql`update search_documents set tsv = tsv || to_tsvector('simple', 'kept') where transcript_id = ${id} and kind = 'segment'`,
    );
    const renamed = before.map((s) => (s.speaker === 'Speaker 1' ? { ...s, speaker: 'Dora' } : s));
    const res = await owner.call('PATCH', `/api/transcripts/${id}`, { baseRevision: 1, segments: renamed });
    expect(res.status, res.text).toBe(200);
    await expect.poll(batchesPending, { timeout: 30_000 }).toBe(0);
    const rows = await selectRows<{ speaker: string; n: number | string; kept: number | string }>(
      db(),
      sql`select speaker, count(*) as n, count(*) filter (where tsv @@ to_tsquery('simple', 'kept')) as kept
          from search_documents where transcript_id = ${id} and kind = 'segment' group by speaker order by speaker`,
    );
    expect(rows.map((r) => [r.speaker, Number(r.n), Number(r.kept)])).toEqual([
      ['Dora', 75, 75],
      ['Speaker 2', 75, 75],
    ]);
    expect(ids(await search('buoy', 'Speaker 1'))).not.toContain(id);
    // Segment 42 (at 168 s) was Speaker 1's, segment 43 (at 172 s) Speaker 2's: the best hit, then
    // others of the speaker with 'buoy' (every segment has it), never one of the other speaker.
    const dora = await search('buoy 42', 'Dora');
    expect(starts(dora)[id][0]).toBe(168);
    expect(starts(dora)[id].every((start) => (start! / 4) % 2 === 0)).toBe(true);
    expect(ids(await search('buoy 43', 'Dora'))).toEqual([]);
    const two = await search('buoy 43', 'Speaker 2');
    expect(starts(two)[id][0]).toBe(172);
    expect(starts(two)[id].every((start) => (start! / 4) % 2 === 1)).toBe(true);
  });

  it('indexes the same words said by two speakers at one time twice, and writes rows from before speakers again', async () => {
    const id = await insertTranscript(server, owner.id, {
      title: 'Choir',
      language: 'en',
      segments: [seg(0, 'Anna', 'Together now.'), seg(0, 'Bernd', 'Together now.'), seg(4, 'Anna', 'Once more.')],
    });
    expect(ids(await search('together', 'Bernd'))).toEqual([id]);
    expect(ids(await search('together', 'Anna'))).toEqual([id]);
    // What an index written before speakers were indexed holds: one row per (start, text), no speaker.
    await db().execute(sql`delete from search_documents where transcript_id = ${id} and kind = 'segment' and speaker = 'Bernd'`);
    await db().execute(sql`update search_documents set speaker = null where transcript_id = ${id} and kind = 'segment'`);
    expect(ids(await search('together', 'Anna'))).toEqual([]);
    // The migration's backfill, for this transcript.
    await db().execute(sql`select search_index_segments(${id})`);
    const rows = await selectRows<{ speaker: string; start: number }>(
      db(),
      sql`select speaker, start from search_documents where transcript_id = ${id} and kind = 'segment' order by start, speaker`,
    );
    expect(rows.map((r) => [Number(r.start), r.speaker])).toEqual([
      [0, 'Anna'],
      [0, 'Bernd'],
      [4, 'Anna'],
    ]);
    expect(starts(await search('together', 'Bernd'))[id]).toEqual([0]);
    expect(starts(await search('once', 'Anna'))[id]).toEqual([4]);
  });
});
