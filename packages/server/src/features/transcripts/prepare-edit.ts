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
import { changesOf, cleanSegments, cleanTitle, contentOf, searchPairChanges } from './edit.ts';

export interface PrepareEditInput {
  /** The request body as it arrived (JSON). */
  body: Uint8Array;
  /** The current segments as stored (JSON), or null when not read (no segments expected, or nothing to edit). */
  current: string | null;
  durationSeconds: number | null;
  /** TRANSCRIPT_MAX_TEXT_CHARS: what the segments' texts and speaker names may hold together. */
  maxTextChars: number;
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
  /** The search index's (start, text) pairs that went and came, JSON ({ removed, added }). */
  searchChanges: string;
  /** Pairs in searchChanges, and the characters of their texts. */
  searchPairs: number;
  searchChars: number;
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
export function prepareEdit({ body, current, durationSeconds, maxTextChars }: PrepareEditInput): PreparedEdit {
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
  let searchChars = 0;
  for (const p of search.removed) searchChars += p.text.length;
  for (const p of search.added) searchChars += p.text.length;
  return {
    kind: 'ok',
    title,
    baseRevision: request.baseRevision,
    segments: {
      json: JSON.stringify(segments),
      content: contentOf(segments),
      // The title is compared under the row lock; here both sides have the same one.
      changes: changesOf({ title: '', segments: known }, { title: '', segments }),
      searchChanges: JSON.stringify(search),
      searchPairs: search.removed.length + search.added.length,
      searchChars,
    },
  };
}
