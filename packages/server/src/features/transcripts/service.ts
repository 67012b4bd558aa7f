import { paths, type Revision, type RevisionSummary, type Transcript, type TranscriptRevisedEvent } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptRevisionRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { WorkPool } from '../../work/pool.ts';
import type { LiveHub } from '../live/hub.ts';
import { CHANGE_ORDER } from './edit.ts';
import type { EditRefusal } from './prepare-edit.ts';
import { SEARCH_BATCH_CHARS, type SearchBacklog } from './search-backlog.ts';
import type { TranscriptionGate } from '../credits/service.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import type { ByteRange, Storage, StoredObject } from '../../storage/index.ts';
import { withLocalCopy } from '../uploads/audio-probe.ts';
import type { TranscriptFiles } from './files.ts';
import type { CommitResult, TranscriptsRepository } from './repository.ts';

/** The live event that tells the user's other tabs a transcript has a new revision. */
export const TRANSCRIPT_REVISED = 'transcript_revised';

const summaryOf = (r: Pick<TranscriptRevisionRow, 'number' | 'createdAt' | 'changes' | 'restoredFrom'>): RevisionSummary => ({
  number: r.number,
  createdAt: r.createdAt.toISOString(),
  changes: r.changes,
  restoredFrom: r.restoredFrom,
});

export type AudioAnswer =
  | { kind: 'full'; object: StoredObject; mime: string }
  | { kind: 'partial'; object: StoredObject; mime: string; range: ByteRange }
  | { kind: 'unsatisfiable'; size: number };

/**
 * One `bytes=` range of an object of `size` bytes (RFC 9110 §14.1.2), clamped to the object;
 * 'ignore' for anything else (several ranges, another unit, malformed), which means the whole file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'ignore' | 'unsatisfiable' {
  if (!header) return 'ignore';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'ignore';
  if (m[1] === '') {
    // Suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A stored audio file, whole or one range of it (the owner's audio route and shared links). */
export async function readAudio(
  storage: Storage,
  file: { key: string; mime: string | null },
  rangeHeader: string | undefined,
  notFound: () => Error,
): Promise<AudioAnswer> {
  const mime = file.mime ?? 'application/octet-stream';
  const info = await storage.stat(file.key);
  if (!info) throw notFound();
  const range = parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
  const object = await storage.get(file.key, range === 'ignore' ? undefined : range);
  if (!object) throw notFound();
  return range === 'ignore' ? { kind: 'full', object, mime } : { kind: 'partial', object, mime, range };
}

export function createTranscriptsService(deps: {
  repo: TranscriptsRepository;
  storage: Storage;
  files: TranscriptFiles;
  /** Retry: the job queue, and the credit check (402 when a charge is due and the balance cannot pay it). */
  queue?: TranscriptionQueue;
  credits?: TranscriptionGate;
  /** Edits: a new revision is announced to the user's sockets. */
  hub?: LiveHub;
  log?: FastifyBaseLogger;
  /** Edits and restores are parsed, checked and diffed in its edit threads (503 when their queue is full). */
  pool: WorkPool;
  /** TRANSCRIPT_MAX_TEXT_CHARS: what the segments' texts and speaker names may hold together (413 past it). */
  maxTextChars: number;
  /** Embedded database: a large edit's search changes are applied after it, in batches (search-backlog.ts). */
  searchBacklog?: SearchBacklog;
  /** Speaker detection: where the audio is copied to and decoded. */
  tmpDir: string;
}) {
  const { repo, storage, files, pool } = deps;
  const notFound = () => new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
  const refuse = (r: EditRefusal) => new HttpError(r.status, r.body.code, { params: r.body.params, body: r.body });

  /** The answer of an edit or a restore; a saved one is announced (a failed announcement loses nothing). */
  async function settle(userId: number, id: number, result: CommitResult): Promise<{ revision: number }> {
    switch (result.kind) {
      case 'missing':
        throw notFound();
      case 'not_editable':
        throw new HttpError(409, 'TRANSCRIPT_NOT_EDITABLE');
      case 'conflict':
        throw new HttpError(409, 'REVISION_CONFLICT', { params: { current: result.current } });
      case 'unchanged':
        return { revision: result.revision };
      case 'saved': {
        const data: TranscriptRevisedEvent = { transcriptId: id, revision: result.revision };
        await deps.hub
          ?.publish({ userId, type: TRANSCRIPT_REVISED, data })
          .catch((err: unknown) => deps.log?.warn({ err }, 'could not announce a transcript revision'));
        return { revision: result.revision };
      }
    }
  }

  /**
   * The segments (stored JSON) of a few recently edited revisions. A revision's content never changes,
   * so an entry keyed by its number stays true; it saves reading a long transcript back on every autosave.
   */
  const recent = new Map<string, string>();
  const RECENT_MAX = 8;
  const remember = (userId: number, id: number, revision: number, segments: string) => {
    recent.delete(`${userId}:${id}:${revision - 1}`);
    recent.set(`${userId}:${id}:${revision}`, segments);
    while (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  };
  async function currentSegments(userId: number, id: number, revision: number): Promise<string | undefined> {
    const key = `${userId}:${id}:${revision}`;
    const cached = recent.get(key);
    if (cached) return cached;
    const read = await repo.segmentsAt(userId, id, revision);
    if (read) remember(userId, id, revision, read);
    return read;
  }

  /** The user's transcript; its revision 1 is written first when it predates the revisions table. */
  async function withOriginal(userId: number, id: number) {
    const row = await repo.editState(userId, id);
    if (!row) throw notFound();
    if (row.status === 'completed' && row.revision === 1) await repo.writeOriginalRevision(id);
    return row;
  }

  const service = {
    /**
     * The transcript as its answer's JSON text. The segments go in as the database wrote them: parsing,
     * checking and writing them again took 209 ms of the request thread for a transcript at the text cap
     * (measured), here the rest of the answer is written and the stored text put in its place.
     */
    async getJson(userId: number, id: number): Promise<string> {
      const row = await repo.getWithSegmentsText(userId, id);
      if (!row) throw notFound();
      const answer: Omit<Transcript, 'metadata'> & { metadata: Omit<Transcript['metadata'], 'timestamps'> } = {
        id: row.id,
        title: row.title,
        content: row.content,
        audioUrl: row.audioKey ? paths.transcriptAudio(row.id) : null,
        mediaKind: row.mediaKind,
        folderId: row.folderId,
        createdAt: row.createdAt.toISOString(),
        revision: row.revision,
        // Last, so the segments can close it.
        metadata: {
          duration: row.durationSeconds,
          status: row.status,
          progress: row.progress,
          error: row.error,
          errorCode: row.errorCode,
          errorParams: row.errorParams,
          language: row.language,
        },
      };
      const head = JSON.stringify(answer);
      // '...,"language":"en"}}' -> '...,"language":"en","timestamps":[...]}}'
      return `${head.slice(0, -2)},"timestamps":${row.segments}}}`;
    },

    /**
     * A new revision from an edit (docs/decisions.md, Transcript edits), sent as the raw JSON body: it is
     * parsed, checked and diffed in an edit thread (prepare-edit.ts). The answers keep the order they had
     * when Fastify parsed the body: a bad body (400, or 413 past the text cap) first, then 404, 409 until
     * completed, 409 REVISION_CONFLICT when `baseRevision` is stale, then the segments' own limits (400);
     * nothing is written unless all pass. Sending what is already stored makes no new revision.
     */
    async update(userId: number, id: number, body: Uint8Array): Promise<{ revision: number }> {
      if (body.byteLength === 0) throw new HttpError(400, 'EMPTY_BODY');
      pool.admit('edits');
      const state = await repo.editState(userId, id);
      const editable = state?.status === 'completed';
      // A body without the word cannot hold segments (an escaped key is caught below and read then).
      const mentionsSegments = Buffer.from(body.buffer, body.byteOffset, body.byteLength).includes('segments');
      const input = {
        body,
        durationSeconds: state?.durationSeconds ?? null,
        maxTextChars: deps.maxTextChars,
        searchBatchChars: deps.searchBacklog ? SEARCH_BATCH_CHARS : 0,
      };
      // With the current segments the body is needed once: moved to the edit thread rather than copied.
      const prepare = (current: string | null) =>
        pool.run(
          'edits',
          'prepareEdit',
          { ...input, current },
          { admitted: true, transferList: current === null ? undefined : [body.buffer as ArrayBuffer] },
        );
      let current = editable && mentionsSegments ? await currentSegments(userId, id, state.revision) : undefined;
      let prepared = await prepare(current ?? null);
      if (prepared.kind === 'invalid') throw refuse(prepared.refusal);
      if (!state) throw notFound();
      if (!editable) throw new HttpError(409, 'TRANSCRIPT_NOT_EDITABLE');
      if (prepared.kind === 'need_current') {
        current ??= await currentSegments(userId, id, state.revision);
        if (current === undefined) {
          // Saved elsewhere in between: the conflict names the revision that is current now.
          const now = await repo.editState(userId, id);
          if (!now) throw notFound();
          throw new HttpError(409, 'REVISION_CONFLICT', { params: { current: now.revision } });
        }
        prepared = await prepare(current);
      }
      if (prepared.kind !== 'ok') throw new Error(`an edit prepared with its current segments came back ${prepared.kind}`);
      if (prepared.baseRevision !== undefined && prepared.baseRevision !== state.revision) {
        throw new HttpError(409, 'REVISION_CONFLICT', { params: { current: state.revision } });
      }
      if (prepared.segmentsRefusal) throw refuse(prepared.segmentsRefusal);
      const { title, segments } = prepared;
      // The search index must have this transcript's earlier batches before this edit's changes.
      await deps.searchBacklog?.settled(id);
      const result = await repo.commitRevision(userId, id, prepared.baseRevision ?? null, (locked) => {
        // With segments the base matched, so what was diffed is what is locked; a title alone goes on top of the current text.
        const nextTitle = title ?? locked.title;
        const titleChanged = nextTitle !== locked.title;
        const changes = CHANGE_ORDER.filter((c) => (c === 'title' ? titleChanged : (segments?.changes.includes(c) ?? false)));
        if (changes.length === 0) return null;
        if (!segments) return { title: nextTitle, changes };
        const { json, content, searchChanges, searchBatches } = segments;
        return { title: nextTitle, segments: json, content, changes, searchChanges, searchDeferred: searchBatches !== undefined };
      });
      if (result.kind === 'saved' && segments) {
        remember(userId, id, result.revision, segments.json);
        if (segments.searchBatches) deps.searchBacklog?.apply(id, segments.searchBatches);
      }
      return settle(userId, id, result);
    },

    /** Every revision's summary, newest first. */
    async revisions(userId: number, id: number): Promise<RevisionSummary[]> {
      await withOriginal(userId, id);
      return (await repo.revisions(userId, id)).map(summaryOf);
    },

    async revision(userId: number, id: number, number: number): Promise<Revision> {
      await withOriginal(userId, id);
      const row = await repo.revision(userId, id, number);
      if (!row) throw new HttpError(404, 'REVISION_NOT_FOUND');
      return { ...summaryOf(row), title: row.title, segments: row.segments };
    },

    /** A new revision with revision `number`'s title and segments (its plain text made in an edit thread). */
    async restore(userId: number, id: number, number: number): Promise<{ revision: number }> {
      const row = await withOriginal(userId, id);
      if (row.status !== 'completed') throw new HttpError(409, 'TRANSCRIPT_NOT_EDITABLE');
      const old = await repo.revisionText(userId, id, number);
      if (!old) throw new HttpError(404, 'REVISION_NOT_FOUND');
      const { content } = await pool.run('edits', 'segmentsContent', { segments: old.segments });
      await deps.searchBacklog?.settled(id);
      const result = await repo.commitRevision(userId, id, null, () => ({
        title: old.title,
        segments: old.segments,
        content,
        changes: ['restore'],
        restoredFrom: number,
      }));
      if (result.kind === 'saved') remember(userId, id, result.revision, old.segments);
      return settle(userId, id, result);
    },

    /**
     * Starts a failed transcription again. It is charged again only when its first charge was
     * refunded (the worker's charge finds an open one), so a retry that will be charged needs credits.
     */
    async retry(userId: number, id: number): Promise<void> {
      const row = await repo.get(userId, id);
      if (!row) throw notFound();
      if (row.status !== 'error') throw new HttpError(409, 'RETRY_NOT_FAILED');
      if (!row.audioKey || !(await storage.stat(row.audioKey))) throw new HttpError(409, 'RETRY_NO_AUDIO');
      const free = row.isTutorialSample || (await deps.credits?.transcriptionPaid({ id, userId })) !== false;
      if (!free) await deps.credits?.requireTranscriptionCredits(userId, row.durationSeconds ?? 1);
      if (!(await repo.restart(userId, id))) throw new HttpError(409, 'RETRY_NOT_FAILED');
      await deps.queue?.enqueue(id);
    },

    async move(userId: number, id: number, folderId: number | null): Promise<void> {
      const result = await repo.move(userId, id, folderId);
      if (result === 'folder') throw new HttpError(404, 'FOLDER_NOT_FOUND');
      if (result === 'transcript') throw notFound();
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound();
      await files.removeAll(userId, [id]);
    },

    /** The stored audio, whole or the one range asked for. */
    async audio(userId: number, id: number, rangeHeader: string | undefined): Promise<AudioAnswer> {
      const row = await repo.audio(userId, id);
      if (!row?.key) throw notFound();
      return readAudio(storage, { key: row.key, mime: row.mime }, rangeHeader, notFound);
    },

    /**
     * Speaker detection run again on a finished transcript's audio (transcription/speakers/detect.ts),
     * for the number of speakers the user gives or estimated ('auto'); the speakers found are named
     * 'Speaker 1', 'Speaker 2', … in order of appearance, and a segment spanning a change is split there.
     * Saved as a new revision through the edit path (its checks and diff; 409 REVISION_CONFLICT when the
     * transcript was edited meanwhile), so a failure leaves the transcript as it was. Decoding and
     * detection run in an analysis thread, the built-in AI's (both read a whole transcript for seconds).
     */
    async findSpeakers(userId: number, id: number, speakers: 'auto' | number): Promise<{ revision: number; speakers: number }> {
      const state = await withOriginal(userId, id);
      if (state.status !== 'completed') throw new HttpError(409, 'TRANSCRIPT_NOT_EDITABLE');
      pool.admit('ai');
      const row = await repo.get(userId, id);
      const object = row?.audioKey ? await storage.get(row.audioKey) : null;
      if (!object) throw new HttpError(409, 'SPEAKERS_NO_AUDIO');
      const segments = await currentSegments(userId, id, state.revision);
      if (segments === undefined) {
        object.stream.destroy();
        throw new HttpError(409, 'REVISION_CONFLICT', { params: { current: state.revision } });
      }
      const found = await withLocalCopy(deps.tmpDir, object.stream, (filePath) =>
        pool.run(
          'ai',
          'findSpeakers',
          { filePath, tmpDir: deps.tmpDir, segments, ...(speakers === 'auto' ? {} : { count: speakers }) },
          { admitted: true },
        ),
      );
      // The edit body around the labelled segments, as bytes the update moves to a thread to parse (its own
      // buffer: a small Buffer shares Node's pool, which cannot be moved).
      const head = new TextEncoder().encode(`{"baseRevision":${state.revision},"segments":`);
      const body = new Uint8Array(head.length + found.segments.length + 1);
      body.set(head);
      body.set(found.segments, head.length);
      body[body.length - 1] = 0x7d; // }
      const { revision } = await service.update(userId, id, body);
      return { revision, speakers: found.speakers };
    },
  };
  return service;
}
export type TranscriptsService = ReturnType<typeof createTranscriptsService>;
