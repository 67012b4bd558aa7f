import { strFromU8, unzipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { transcripts, type StoredSegment } from '../../src/db/schema.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import type { TranscriptionEngine } from '../../src/features/transcription/engines/types.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { libraryUser } from '../library-helpers.ts';
import { measuredSeconds, toneWav } from '../support/audio.ts';
import { openLive } from '../transcription/server-helpers.ts';

type User = Awaited<ReturnType<typeof libraryUser>>;
interface TranscriptBody {
  title: string;
  content: string;
  revision: number;
  metadata: { timestamps: StoredSegment[] };
}
interface RevisionBody {
  number: number;
  title: string;
  segments: StoredSegment[];
  changes: string[];
  restoredFrom: number | null;
  createdAt: string;
}

const docxText = (bytes: Uint8Array) =>
  [...strFromU8(unzipSync(bytes)['word/document.xml']).matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');

describe('transcript editing and revisions', () => {
  let server: TestServer;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    server = await startServer();
    owner = await libraryUser(server);
    other = await libraryUser(server);
  });
  afterAll(() => server.close());

  const fresh = (title = 'Planning meeting', segments = englishSegments) =>
    insertTranscript(server, owner.id, { title, language: 'en', segments });
  const read = async (id: number, user: User = owner) => (await user.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody;
  const patch = (id: number, body: unknown, user: User = owner) => user.call('PATCH', `/api/transcripts/${id}`, body);
  const revisionCount = async (id: number) => {
    const [row] = await selectRows<{ n: number | string }>(
      server.app.database.db,
      sql`select count(*) as n from transcript_revisions where transcript_id = ${id}`,
    );
    return Number(row.n);
  };
  const edited = (i: number, text: string) => englishSegments.map((s, j) => (j === i ? { ...s, text, reviewed: true } : s));

  it('an edit creates revision 2; revision 1 stays readable and unchanged', async () => {
    const id = await fresh();
    expect((await read(id)).revision).toBe(1);
    const segments = edited(1, 'Uh, how long will the migration of the invoicing system take?');
    const res = await patch(id, { segments, baseRevision: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ revision: 2 });

    const now = await read(id);
    expect(now.revision).toBe(2);
    expect(now.metadata.timestamps[1]).toMatchObject({
      text: 'Uh, how long will the migration of the invoicing system take?',
      reviewed: true,
    });
    expect(now.content).toContain('migration of the invoicing system');
    expect(now.content).not.toContain('billing system take');

    const list = (await owner.get(`/api/transcripts/${id}/revisions`)).json as unknown as { revisions: RevisionBody[] };
    expect(list.revisions.map((r) => [r.number, r.changes, r.restoredFrom])).toEqual([
      [2, ['text'], null],
      [1, ['original'], null],
    ]);
    const original = (await owner.get(`/api/transcripts/${id}/revisions/1`)).json as unknown as RevisionBody;
    expect(original.title).toBe('Planning meeting');
    expect(original.segments).toEqual(englishSegments);
    const second = (await owner.get(`/api/transcripts/${id}/revisions/2`)).json as unknown as RevisionBody;
    expect(second.segments).toEqual(segments);

    // Later edits never touch revision 1.
    expect((await patch(id, { title: 'Weekly planning' })).json).toEqual({ revision: 3 });
    expect(((await owner.get(`/api/transcripts/${id}/revisions/1`)).json as unknown as RevisionBody).segments).toEqual(englishSegments);
    expect((await owner.get(`/api/transcripts/${id}/revisions/4`)).json.code).toBe('REVISION_NOT_FOUND');
  });

  it('a title alone needs no base revision; it is trimmed and named in the changes', async () => {
    const id = await fresh();
    const res = await patch(id, { title: '  Budget review \n' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ revision: 2 });
    expect((await read(id)).title).toBe('Budget review');
    const [latest] = ((await owner.get(`/api/transcripts/${id}/revisions`)).json as unknown as { revisions: RevisionBody[] }).revisions;
    expect(latest.changes).toEqual(['title']);
    // The same title again is no new revision.
    expect((await patch(id, { title: 'Budget review' })).json).toEqual({ revision: 2 });
    expect(await revisionCount(id)).toBe(2);
  });

  it('names what changed: speakers, timing, split, merge, review', async () => {
    const id = await fresh();
    const renamed = englishSegments.map((s) => (s.speaker === 'Bob' ? { ...s, speaker: 'Robert' } : s));
    expect((await patch(id, { segments: renamed, baseRevision: 1 })).json).toEqual({ revision: 2 });
    const [a, b, ...rest] = renamed;
    const split = [
      a,
      { ...b, end: 10, text: 'Uh, how long will' },
      { ...b, start: 10, text: 'the migration of the billing system take?' },
      ...rest,
    ];
    expect((await patch(id, { segments: split, baseRevision: 2 })).json).toEqual({ revision: 3 });
    expect((await patch(id, { segments: renamed, baseRevision: 3 })).json).toEqual({ revision: 4 });
    const retimed = renamed.map((s, i) => (i === 0 ? { ...s, end: 6.4 } : s));
    expect((await patch(id, { segments: retimed, baseRevision: 4 })).json).toEqual({ revision: 5 });
    const confirmed = retimed.map((s, i) => (i === 3 ? { ...s, reviewed: true } : s));
    expect((await patch(id, { segments: confirmed, baseRevision: 5 })).json).toEqual({ revision: 6 });
    const list = ((await owner.get(`/api/transcripts/${id}/revisions`)).json as unknown as { revisions: RevisionBody[] }).revisions;
    expect(list.map((r) => r.changes)).toEqual([['review'], ['timing'], ['merge'], ['split'], ['speakers'], ['original']]);
  });

  it('a stale base revision gets 409 with the current revision and changes nothing', async () => {
    const id = await fresh();
    expect((await patch(id, { segments: edited(0, 'Welcome, everyone.'), baseRevision: 1 })).status).toBe(200);
    const before = await read(id);
    const res = await patch(id, { segments: edited(0, 'Hello from the other tab.'), baseRevision: 1 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'REVISION_CONFLICT', params: { current: 2 } });
    expect(res.json.error).toBe('This transcript was changed elsewhere (now revision 2). Reload it or keep your text.');
    expect(await read(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(2);
    // A title with a stale base is refused as well.
    expect((await patch(id, { title: 'Other tab', baseRevision: 1 })).status).toBe(409);
    expect((await read(id)).title).toBe('Planning meeting');
  });

  it('two concurrent edits on the same base: one is saved, the other gets 409', async () => {
    const id = await fresh();
    const results = await Promise.all([
      patch(id, { segments: edited(2, 'First tab wins?'), baseRevision: 1 }),
      patch(id, { segments: edited(2, 'Second tab wins?'), baseRevision: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.json).toEqual({ revision: 2 });
    const now = await read(id);
    expect(now.revision).toBe(2);
    expect(['First tab wins?', 'Second tab wins?']).toContain(now.metadata.timestamps[2].text);
    expect(await revisionCount(id)).toBe(2);
  });

  it('restore makes a new revision equal to the old one', async () => {
    const id = await fresh();
    await patch(id, { segments: edited(0, 'Changed once.'), baseRevision: 1 });
    await patch(id, { title: 'Renamed', segments: edited(0, 'Changed twice.'), baseRevision: 2 });
    const res = await owner.post(`/api/transcripts/${id}/revisions/1/restore`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ revision: 4 });
    const now = await read(id);
    expect(now.title).toBe('Planning meeting');
    expect(now.metadata.timestamps).toEqual(englishSegments);
    expect(now.revision).toBe(4);
    const restored = (await owner.get(`/api/transcripts/${id}/revisions/4`)).json as unknown as RevisionBody;
    expect(restored).toMatchObject({
      number: 4,
      changes: ['restore'],
      restoredFrom: 1,
      title: 'Planning meeting',
      segments: englishSegments,
    });
    expect((await owner.post(`/api/transcripts/${id}/revisions/9/restore`)).json.code).toBe('REVISION_NOT_FOUND');
  });

  it('a transcript that predates revisions gets its original kept on first read', async () => {
    const id = await fresh();
    expect(await revisionCount(id)).toBe(0);
    const list = ((await owner.get(`/api/transcripts/${id}/revisions`)).json as unknown as { revisions: RevisionBody[] }).revisions;
    expect(list.map((r) => r.number)).toEqual([1]);
    expect(await revisionCount(id)).toBe(1);
  });

  it("a second user gets 404 on every new route and the owner's transcript stays as it was", async () => {
    const id = await fresh();
    await patch(id, { segments: edited(0, 'Private words.'), baseRevision: 1 });
    const before = await read(id);
    const answers = [
      await patch(id, { title: 'Mine now' }, other),
      await patch(id, { segments: englishSegments, baseRevision: 2 }, other),
      await other.get(`/api/transcripts/${id}/revisions`),
      await other.get(`/api/transcripts/${id}/revisions/1`),
      await other.get(`/api/transcripts/${id}/revisions/2`),
      await other.post(`/api/transcripts/${id}/revisions/1/restore`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('TRANSCRIPT_NOT_FOUND');
      expect(res.text).not.toContain('Private words');
    }
    expect(await read(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(2);
  });

  it('refuses bad edits with 400 and the right code, and writes nothing', async () => {
    const id = await fresh();
    await patch(id, { title: 'Checked' });
    const before = await read(id);
    const beforeCount = await revisionCount(id);
    const base = before.revision;
    const with0 = (change: Partial<StoredSegment>) => englishSegments.map((s, i) => (i === 0 ? { ...s, ...change } : s));
    const cases: Array<[unknown, string, Record<string, number>?]> = [
      [{ segments: with0({ text: 'a'.repeat(2001) }), baseRevision: base }, 'SEGMENT_TEXT_TOO_LONG', { max: 2000 }],
      [{ segments: with0({ text: 'ring \u0007 bell' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
      [{ segments: with0({ text: 'two\nlines' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
      [{ segments: with0({ text: 'next line \u0085 C1' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
      [{ segments: with0({ text: 'half \ud800 pair' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
      [{ segments: with0({ speaker: 'Al\tice' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
      [{ segments: with0({ start: 5, end: 4 }), baseRevision: base }, 'SEGMENT_TIMES_INVALID'],
      [{ segments: with0({ start: 7, end: 8 }), baseRevision: base }, 'SEGMENT_TIMES_INVALID'],
      [{ segments: with0({ start: -1 }), baseRevision: base }, 'SEGMENT_TIMES_INVALID'],
      [
        { segments: [...englishSegments.slice(0, -1), { ...englishSegments.at(-1)!, end: 90 }], baseRevision: base },
        'SEGMENT_TIMES_INVALID',
      ],
      [{ segments: with0({ speaker: '   ' }), baseRevision: base }, 'SPEAKER_NAME_REQUIRED'],
      [{ segments: with0({ speaker: 'x'.repeat(101) }), baseRevision: base }, 'SPEAKER_NAME_TOO_LONG', { max: 100 }],
      [
        {
          segments: Array.from({ length: 20001 }, (_, i) => ({ start: i / 1000, end: (i + 1) / 1000, text: 'x', speaker: 'A' })),
          baseRevision: base,
        },
        'TOO_MANY_SEGMENTS',
        { max: 20000 },
      ],
      [{ title: ' \n ' }, 'TITLE_REQUIRED'],
      [{ title: 'T'.repeat(201) }, 'TITLE_TOO_LONG', { max: 200 }],
      [{ segments: englishSegments }, 'BASE_REVISION_REQUIRED'],
      [{}, 'NOTHING_TO_SAVE'],
      // One bad part refuses the whole edit: the good title is not saved either.
      [{ title: 'Good title', segments: with0({ text: 'bad \u0000' }), baseRevision: base }, 'NUL_CHARACTER'],
      [{ title: 'Good title', segments: with0({ text: 'bad \u001b[31m' }), baseRevision: base }, 'SEGMENT_CONTROL_CHARACTERS'],
    ];
    for (const [body, code, params] of cases) {
      const res = await patch(id, body);
      expect(res.status, code).toBe(400);
      expect(res.json.code, JSON.stringify(body).slice(0, 120)).toBe(code);
      if (params) expect(res.json.params).toEqual(params);
    }
    expect(await read(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(beforeCount);
  });

  it('allows an empty segment text, and keeps an engine text with a line break when another segment is edited', async () => {
    const withBreak = englishSegments.map((s, i) => (i === 3 ? { ...s, text: 'I am worried.\nWhat happens if invoices are lost?' } : s));
    const id = await fresh('Engine output', withBreak);
    const segments = withBreak.map((s, i) => (i === 0 ? { ...s, text: '' } : s));
    const res = await patch(id, { segments, baseRevision: 1 });
    expect(res.status, res.text).toBe(200);
    const now = await read(id);
    expect(now.metadata.timestamps[0].text).toBe('');
    expect(now.content.startsWith('Uh, how long')).toBe(true);
  });

  it('only a completed transcript can be edited or restored', async () => {
    const id = await fresh();
    await server.app.database.db.update(transcripts).set({ status: 'processing' }).where(eq(transcripts.id, id));
    const res = await patch(id, { title: 'Too early' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('TRANSCRIPT_NOT_EDITABLE');
    expect((await owner.post(`/api/transcripts/${id}/revisions/1/restore`)).json.code).toBe('TRANSCRIPT_NOT_EDITABLE');
    await server.app.database.db.update(transcripts).set({ status: 'error' }).where(eq(transcripts.id, id));
    expect((await patch(id, { segments: englishSegments, baseRevision: 1 })).json.code).toBe('TRANSCRIPT_NOT_EDITABLE');
    expect(await revisionCount(id)).toBe(0);
  });

  it("announces a new revision on the user's live channel, and only to them", async () => {
    const id = await fresh();
    const mine = await openLive(server, owner.cookie);
    const theirs = await openLive(server, other.cookie);
    try {
      await patch(id, { title: 'Announced' });
      const event = await mine.until((m) => m.type === 'transcript_revised', 5000);
      expect(event.data).toEqual({ transcriptId: id, revision: 2 });
      await patch(id, { title: 'Announced again' });
      await mine.until((m) => m.type === 'transcript_revised' && (m.data as { revision: number }).revision === 3, 5000);
      expect(theirs.messages.filter((m) => m.type === 'transcript_revised')).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('deleting a transcript deletes its revisions', async () => {
    const id = await fresh();
    await patch(id, { title: 'Soon gone' });
    expect(await revisionCount(id)).toBe(2);
    expect((await owner.del(`/api/transcripts/${id}`)).status).toBe(200);
    expect(await revisionCount(id)).toBe(0);
  });

  it("the account's data export carries every revision of an edited transcript, and only the user's own", async () => {
    const id = await fresh('Exported history');
    await patch(id, { segments: edited(0, 'Edited for the record.'), baseRevision: 1 });
    const theirs = await insertTranscript(server, other.id, { title: 'Not mine', language: 'en', segments: englishSegments });
    await patch(theirs, { title: 'Theirs, edited' }, other);
    const res = await fetch(`${server.url}/api/account/export`, { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const revisions = JSON.parse(strFromU8(files[`transcripts/${id}-Exported-history/revisions.json`])) as RevisionBody[];
    expect(revisions.map((r) => [r.number, r.changes])).toEqual([
      [1, ['original']],
      [2, ['text']],
    ]);
    expect(revisions[0].segments).toEqual(englishSegments);
    expect(revisions[1].segments[0].text).toBe('Edited for the record.');
    expect(Object.keys(files).some((f) => f.includes(`transcripts/${theirs}`))).toBe(false);
    expect(Object.values(files).some((f) => strFromU8(f).includes('Theirs, edited'))).toBe(false);
  });

  it('exports and AI prompts read the latest revision with its speaker names', async () => {
    const id = await fresh();
    const segments = englishSegments.map((s) => ({
      ...s,
      speaker: s.speaker === 'Alice' ? 'Anna Schmidt' : 'Ben',
      text: s.text.replace('billing', 'invoicing'),
    }));
    expect((await patch(id, { title: 'Invoicing plan', segments, baseRevision: 1 })).status).toBe(200);

    const txt = (await owner.get(`/api/transcripts/${id}/export/txt`)).text;
    expect(txt.split('\n')[0]).toBe('Invoicing plan');
    expect(txt).toContain('[00:06 – 00:14] Ben\nUh, how long will the migration of the invoicing system take?');
    expect(txt).toContain('Anna Schmidt');
    expect(txt).not.toMatch(/Alice|Bob|billing system/);

    const docxRes = await fetch(`${server.url}/api/transcripts/${id}/export/docx`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: owner.cookie },
    });
    const docx = docxText(new Uint8Array(await docxRes.arrayBuffer()));
    expect(docx).toContain('Invoicing plan');
    expect(docx).toContain('[00:06 – 00:14] Ben');
    expect(docx).toContain('Uh, how long will the migration of the invoicing system take?');
    expect(docx).not.toMatch(/Alice|Bob/);

    const srt = (await owner.get(`/api/transcripts/${id}/export/srt`)).text;
    expect(srt).toMatch(/\nBen: Uh, how long will\s+the migration/);
    expect(srt).toContain('invoicing');
    expect(srt).not.toMatch(/Alice|Bob|billing system/);

    const vtt = (await owner.get(`/api/transcripts/${id}/export/vtt`)).text;
    expect(vtt).toContain('<v Anna Schmidt>Um, welcome to the weekly planning');
    expect(vtt).toContain('<v Ben>');
    expect(vtt).not.toMatch(/Alice|Bob/);

    const stats = await owner.post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Extract statistics from the transcript.' });
    expect(stats.status, stats.text).toBe(201);
    const output = String(stats.json.output);
    expect(output).toContain('Anna Schmidt: Talk share');
    expect(output).toContain('Ben: Talk share');
    expect(output).not.toMatch(/Alice|Bob/);
    const grammar = await owner.post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Correct the grammar of the transcript.' });
    expect(String(grammar.json.output)).toMatch(/Anna Schmidt: Next week the team starts the invoicing migration/);
  });
});

describe('revision 1 from the transcription worker', () => {
  let server: TestServer;
  const engine: TranscriptionEngine = {
    name: 'revision-test-engine',
    languages: ['en'],
    async transcribe(input) {
      const seconds = await measuredSeconds(input);
      await input.onDuration?.(seconds);
      return {
        durationSeconds: seconds,
        language: 'en',
        segments: [
          { start: 0, end: 1, text: 'A tone', speaker: 'Unknown Speaker' },
          { start: 1, end: seconds, text: 'and more tone.', speaker: 'Unknown Speaker' },
        ],
      };
    },
  };
  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '5' }, { worker: true, engine });
  });
  afterAll(() => server.close());

  it("keeps the engine's output as revision 1 as soon as the transcription completes", async () => {
    const u = await libraryUser(server);
    const up = await u.upload('tone.wav', toneWav(3));
    expect(up.status).toBe(201);
    const id = up.json.id!;
    const deadline = Date.now() + 60_000;
    let t: TranscriptBody & { metadata: { status: string } };
    for (;;) {
      t = (await u.get(`/api/transcripts/${id}`)).json as unknown as typeof t;
      if (t.metadata.status !== 'processing' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(t.metadata.status).toBe('completed');
    // Written by the worker, before anyone asked for the revisions.
    const rows = await selectRows<{ number: number; title: string; segments: StoredSegment[]; changes: string[] }>(
      server.app.database.db,
      sql`select number, title, segments, changes from transcript_revisions where transcript_id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: 1, title: t.title, changes: ['original'], segments: t.metadata.timestamps });

    const edited = t.metadata.timestamps.map((s, i) => (i === 0 ? { ...s, text: 'A loud tone', speaker: 'Synth' } : s));
    const res = await u.call('PATCH', `/api/transcripts/${id}`, { segments: edited, baseRevision: 1 });
    expect(res.json).toEqual({ revision: 2 });
    const original = (await u.get(`/api/transcripts/${id}/revisions/1`)).json as unknown as RevisionBody;
    // The engine's text, with the speaker detection that follows each transcription found (one voice).
    expect(original.segments[0]).toMatchObject({ text: 'A tone', speaker: 'Speaker 1' });
    const latest = (await u.get(`/api/transcripts/${id}/revisions`)).json as unknown as { revisions: RevisionBody[] };
    expect(latest.revisions.map((r) => [r.number, r.changes])).toEqual([
      [2, ['text', 'speakers']],
      [1, ['original']],
    ]);
  });
});
