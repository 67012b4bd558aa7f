/**
 * Everything an edit (PATCH /api/transcripts/{id}) costs in CPU, done on the raw request body in a worker
 * thread (work/heavy-work.ts): parsing, checking the shape and every limit, what changed, the plain
 * text and the search index's changes, and the segments as the JSON the database stores. 20,000 segments
 * of 500 characters took 1.7 s of this (and 33 s in all) in the thread that answers every request.
 * The answer holds strings and small lists only, so it crosses back to that thread at almost no cost.
 */
import { updateTranscriptRequestSchema, type ApiErrorBody, type RevisionChange } from '@scribe/api-client';
import type { StoredSegment } from '../../db/schema.ts';
import { HttpError, validationAnswer } from '../../http/errors.ts';
import { containsNul } from '../../http/nul-guard.ts';
import { changesOf, cleanSegments, cleanTitle, contentOf, searchPairChanges, type SearchPair } from './edit.ts';

export interface PrepareEditInput {
  /** The request body as it arrived (JSON). */
  body: Uint8Array;
  /** The current segments as stored (JSON), or null when not read (no segments expected, or nothing to edit). */
  current: string | null;
  durationSeconds: number | null;
  /** TRANSCRIPT_MAX_TEXT_CHARS: what the segments' texts and speaker names may hold together. */
  maxTextChars: number;
  /**
   * Search changes with more text than this are cut into batches of about this much, applied after the
   * edit in statements of their own (search-backlog.ts); 0: never (they go with the edit).
   */
  searchBatchChars: number;
}

/** A refusal with the answer it gets: `body` is sent as it is (the same shape as Fastify's validation errors). */
export interface EditRefusal {
  status: number;
  body: ApiErrorBody;
}

export interface PreparedSegments {
  /** The segments as stored, JSON. */
  json: string;
  content: string;
  /** What changed in the segments (the title's change is decided under the row lock). */
  changes: RevisionChange[];
  /** The search index's (start, text, speaker) triples that went and came, JSON ({ removed, added }); empty lists when batched. */
  searchChanges: string;
  /** The same changes in batches (JSON each) when they were too large to go with the edit. */
  searchBatches?: string[];
}

export type PreparedEdit =
  /** The body itself is refused: answered before the transcript is looked at. */
  | { kind: 'invalid'; refusal: EditRefusal }
  /** The body holds segments but the current ones were not sent: ask again with them. */
  | { kind: 'need_current' }
  | {
      kind: 'ok';
      title: string | undefined;
      baseRevision: number | undefined;
      /** Absent for a title alone. */
      segments?: PreparedSegments;
      /** A limit a segment breaks (checked against the current segments): answered after the revision check. */
      segmentsRefusal?: EditRefusal;
    };

const refusalOf = (err: HttpError): EditRefusal => ({ status: err.statusCode, body: err.body });
const invalid = (status: number, body: ApiErrorBody): PreparedEdit => ({ kind: 'invalid', refusal: { status, body } });

/** Characters of the segments' texts and speaker names together. */
export function textChars(segments: ReadonlyArray<{ text: string; speaker?: string }>): number {
  let n = 0;
  for (const s of segments) n += s.text.length + (s.speaker?.length ?? 0);
  return n;
}

/** The checks Fastify made before (JSON, NUL, the schema), then the edit's own, in the order the route answers them. */
export function prepareEdit({ body, current, durationSeconds, maxTextChars, searchBatchChars }: PrepareEditInput): PreparedEdit {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return invalid(400, new HttpError(400, 'MALFORMED_JSON').body);
  }
  if (typeof parsed === 'object' && containsNul(parsed)) return invalid(400, new HttpError(400, 'NUL_CHARACTER').body);
  const checked = updateTranscriptRequestSchema.safeParse(parsed);
  if (!checked.success) {
    return invalid(400, validationAnswer(checked.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message }))));
  }
  const request = checked.data;
  let title: string | undefined;
  try {
    if (request.title === undefined && request.segments === undefined) throw new HttpError(400, 'NOTHING_TO_SAVE');
    if (request.segments !== undefined && request.baseRevision === undefined) {
      throw new HttpError(400, 'BASE_REVISION_REQUIRED', { field: 'baseRevision' });
    }
    title = request.title === undefined ? undefined : cleanTitle(request.title);
  } catch (err) {
    if (err instanceof HttpError) return { kind: 'invalid', refusal: refusalOf(err) };
    throw err;
  }
  if (request.segments === undefined) return { kind: 'ok', title, baseRevision: request.baseRevision };
  if (current === null) return { kind: 'need_current' };

  const known = JSON.parse(current) as StoredSegment[];
  // The cap on what a transcript holds: an edit may not take it past the cap, nor grow one that is
  // past it already (an engine's transcript of a very long recording stays editable).
  const chars = textChars(request.segments);
  if (chars > maxTextChars && chars > textChars(known)) {
    return invalid(413, new HttpError(413, 'TRANSCRIPT_TOO_LONG', { params: { max: maxTextChars }, field: 'segments' }).body);
  }
  let segments: StoredSegment[];
  try {
    segments = cleanSegments(request.segments, known, durationSeconds);
  } catch (err) {
    if (err instanceof HttpError) return { kind: 'ok', title, baseRevision: request.baseRevision, segmentsRefusal: refusalOf(err) };
    throw err;
  }
  const search = searchPairChanges(known, segments);
  const batches = searchBatchChars > 0 ? searchBatches(search, searchBatchChars) : undefined;
  return {
    kind: 'ok',
    title,
    baseRevision: request.baseRevision,
    segments: {
      json: JSON.stringify(segments),
      content: contentOf(segments),
      // The title is compared under the row lock; here both sides have the same one.
      changes: changesOf({ title: '', segments: known }, { title: '', segments }),
      ...(batches
        ? { searchChanges: JSON.stringify({ removed: [], added: [] }), searchBatches: batches }
        : { searchChanges: JSON.stringify(search) }),
    },
  };
}

/** Pairs per batch at most: a removed pair costs a row lookup, an added one its text's stemming. */
const BATCH_PAIRS = 64;
/** A pair's cost beyond its text, in characters. */
const PAIR_CHARS = 40;

/**
 * The search changes in batches of about `maxChars` characters each (at most BATCH_PAIRS pairs), or
 * undefined when they are that small in all. Removed and added triples never share a (start, text,
 * speaker), so the batches can be applied in any order. The added ones come first: a segment whose
 * speaker alone changed (a rename across a long transcript) then still finds its old row and takes its
 * words over instead of stemming its text again; until the batches are done, such a segment may be found
 * under both names.
 */
export function searchBatches(search: { removed: SearchPair[]; added: SearchPair[] }, maxChars: number): string[] | undefined {
  let total = 0;
  for (const p of search.removed) total += p.text.length + PAIR_CHARS;
  for (const p of search.added) total += p.text.length + PAIR_CHARS;
  if (total <= maxChars && search.removed.length + search.added.length <= BATCH_PAIRS) return undefined;
  const batches: string[] = [];
  let batch: { removed: SearchPair[]; added: SearchPair[] } = { removed: [], added: [] };
  let chars = 0;
  const push = (list: 'removed' | 'added', p: SearchPair) => {
    const cost = p.text.length + PAIR_CHARS;
    if (chars > 0 && (chars + cost > maxChars || batch.removed.length + batch.added.length >= BATCH_PAIRS)) {
      batches.push(JSON.stringify(batch));
      batch = { removed: [], added: [] };
      chars = 0;
    }
    batch[list].push(p);
    chars += cost;
  };
  for (const p of search.added) push('added', p);
  for (const p of search.removed) push('removed', p);
  if (chars > 0) batches.push(JSON.stringify(batch));
  return batches;
}
