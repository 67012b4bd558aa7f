import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { formatMegabytes, type PieceAck, type Recording } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../storage/index.ts';
import { concatStreams } from '../../storage/streams.ts';
import type { TranscriptionGate } from '../credits/service.ts';
import { cleanTitle } from '../transcripts/edit.ts';
import { transcriptPrefix } from '../transcripts/files.ts';
import type { TranscriptsRepository } from '../transcripts/repository.ts';
import { HEADER_BYTES } from '../uploads/audio-header.ts';
import { CompletionRefusedError, type UploadsService } from '../uploads/service.ts';
import { noLiveText, type LiveAvailability, type RecordingObserver } from './observer.ts';
import type { PieceRow, RecordingsRepository } from './repository.ts';

export interface FinishRequest {
  title?: string;
  folderId?: number | null;
  language?: string | null;
  /** Names and terms to expect (custom vocabulary), as an upload's; none when absent. */
  vocabulary?: readonly string[];
}

export interface RecordingsServiceDeps {
  repo: RecordingsRepository;
  transcripts: Pick<TranscriptsRepository, 'reserveId'>;
  /** The upload path a recording's joined audio takes once complete. */
  uploads: Pick<UploadsService, 'fromCompleteAudio' | 'checkedLanguage'>;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Refuses (402) a new recording the balance cannot pay one minute of; without it, nothing is checked. */
  credits?: Pick<TranscriptionGate, 'requireTranscriptionCredits'>;
  observer?: RecordingObserver;
  pieceMaxBytes: number;
  /** The largest audio file an upload may be: a recording stops growing there. */
  maxBytes: number;
  maxOpen: number;
  abandonMs: number;
  /** A finish renews its claim every quarter of this; one not renewed for this long belonged to a dead process. */
  claimLeaseMs?: number;
}

const DEFAULT_CLAIM_LEASE_MS = 60_000;

/** Ids are made here (hex); anything else names no recording. */
const RECORDING_ID = /^[0-9a-f]{32}$/;

const prefixOf = (userId: number, id: string) => `users/${userId}/recordings/${id}/`;

/**
 * The name a finished recording is transcribed under, which also gives its default title
 * (docs/product-spec.md §7: recordings are named 'recording' with their type's extension).
 */
export function recordingName(mimeType: string): string {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  if (type === 'audio/mp4' || type === 'video/mp4' || type === 'audio/x-m4a' || type === 'audio/aac') return 'recording.mp4';
  if (type === 'audio/ogg' || type === 'application/ogg' || type === 'audio/opus') return 'recording.ogg';
  if (type === 'audio/wav' || type === 'audio/wave' || type === 'audio/x-wav') return 'recording.wav';
  return 'recording.webm';
}

function view(row: RecordingRow): Recording {
  return {
    id: row.id,
    mimeType: row.mimeType,
    pieces: row.nextSeq,
    bytes: row.bytes,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Recordings streamed in pieces while they are captured: each piece is stored durably, then recorded,
 * then acknowledged, strictly in order, so an acknowledged piece survives a crash and a gap cannot
 * arise. Finishing joins the pieces into the transcript's audio and hands it to the upload path.
 */
export function createRecordingsService(deps: RecordingsServiceDeps) {
  const { repo, storage, log } = deps;
  const observer = deps.observer ?? noLiveText;
  const leaseMs = deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const aliveAfter = () => new Date(Date.now() - leaseMs);
  const notFound = () => new HttpError(404, 'RECORDING_NOT_FOUND');
  const closed = () => new HttpError(409, 'RECORDING_CLOSED');

  async function quietly(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, what);
    }
  }

  /** The observer is another feature's code: its failure never fails a recording. */
  function tell(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      log.error({ err }, `recording observer failed on ${what}`);
    }
  }

  async function owned(userId: number, id: string): Promise<RecordingRow> {
    if (!RECORDING_ID.test(id)) throw notFound();
    const row = await repo.find(id);
    if (!row || row.userId !== userId) throw notFound();
    return row;
  }

  /** The first bytes of the joined pieces (for the content check). */
  async function headOf(pieces: PieceRow[]): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    for (const piece of pieces) {
      if (have >= HEADER_BYTES) break;
      const stored = await storage.get(piece.storageKey, { start: 0, end: Math.min(piece.bytes, HEADER_BYTES) - 1 });
      if (!stored) throw new Error(`piece ${piece.seq} is missing from storage`);
      for await (const chunk of stored.stream) {
        parts.push(chunk as Buffer);
        have += (chunk as Buffer).length;
      }
    }
    return Buffer.concat(parts).subarray(0, HEADER_BYTES);
  }

  async function removeAttempt(userId: number, transcriptId: number): Promise<void> {
    await quietly('could not remove the audio of a failed recording finish', () =>
      storage.deletePrefix(transcriptPrefix(userId, transcriptId)),
    );
  }

  return {
    async create(
      userId: number,
      input: { mimeType: string; language?: string | null; live?: boolean },
    ): Promise<{ recording: Recording; pieceMaxBytes: number; live: LiveAvailability }> {
      const language = deps.uploads.checkedLanguage(input.language ?? undefined);
      // As a new upload: refused before its first byte when the balance cannot pay one minute.
      await deps.credits?.requireTranscriptionCredits(userId);
      const wantsLive = input.live !== false;
      const row = await repo.create({
        id: randomBytes(16).toString('hex'),
        userId,
        mimeType: input.mimeType,
        language,
        live: wantsLive,
        maxOpen: deps.maxOpen,
      });
      if (row === 'limit') throw new HttpError(409, 'RECORDING_LIMIT_REACHED', { params: { max: deps.maxOpen } });
      let live: LiveAvailability = { available: false, reason: 'disabled' };
      if (wantsLive) {
        try {
          live = await observer.started({ id: row.id, userId, mimeType: row.mimeType, language });
        } catch (err) {
          log.error({ err }, 'recording observer failed on start');
          live = { available: false, reason: 'unsupported' };
        }
      }
      return { recording: view(row), pieceMaxBytes: deps.pieceMaxBytes, live };
    },

    async list(userId: number): Promise<Recording[]> {
      return (await repo.listOpen(userId)).map(view);
    },

    async get(userId: number, id: string): Promise<Recording> {
      const row = await owned(userId, id);
      if (row.state !== 'open') throw closed();
      return view(row);
    },

    /**
     * One piece. Checked before anything is written (owner, state, order, size); then its bytes are
     * stored durably under a key of this attempt, and only then its row is committed (re-checked under
     * the recording's lock), so an acknowledged piece is always in storage and two racing sends of one
     * number cannot overwrite each other's bytes.
     */
    async putPiece(userId: number, id: string, seq: number, body: Buffer, durationMs?: number): Promise<PieceAck> {
      const row = await owned(userId, id);
      const hash = body.length > 0 ? sha256(body) : '';
      const again = async (piece: PieceRow | undefined): Promise<PieceAck> => {
        // A piece sent again after a lost acknowledgement gets the same acknowledgement.
        if (piece && piece.sha256 === hash) return { seq, nextSeq: seq + 1, bytes: piece.bytes };
        throw new HttpError(409, 'RECORDING_PIECE_CONFLICT', { params: { seq } });
      };
      if (row.state === 'open' && seq < row.nextSeq && body.length > 0) return again(await repo.piece(id, seq));
      if (row.state !== 'open') throw closed();
      if (body.length === 0) throw new HttpError(400, 'RECORDING_PIECE_EMPTY');
      if (seq > row.nextSeq) throw new HttpError(409, 'RECORDING_PIECE_OUT_OF_ORDER', { params: { expected: row.nextSeq } });
      if (row.bytes + body.length > deps.maxBytes)
        throw new HttpError(413, 'RECORDING_TOO_LARGE', { params: { maxMb: formatMegabytes(deps.maxBytes) } });

      const key = `${prefixOf(userId, id)}piece-${seq}-${randomBytes(6).toString('hex')}`;
      await storage.put(key, Readable.from([body]), { durable: true });
      let result: Awaited<ReturnType<RecordingsRepository['appendPiece']>>;
      try {
        result = await repo.appendPiece({
          recordingId: id,
          userId,
          seq,
          bytes: body.length,
          sha256: hash,
          storageKey: key,
          durationMs,
          maxBytes: deps.maxBytes,
          aliveAfter: aliveAfter(),
        });
      } catch (err) {
        await quietly('could not remove a piece that was not recorded', () => storage.delete(key));
        throw err;
      }
      if (!result.ok) {
        await quietly('could not remove a refused piece', () => storage.delete(key));
        switch (result.reason) {
          case 'stored':
            return again(result.piece);
          case 'not-found':
            throw notFound();
          case 'closed':
            throw closed();
          case 'out-of-order':
            throw new HttpError(409, 'RECORDING_PIECE_OUT_OF_ORDER', { params: { expected: result.expected } });
          case 'too-large':
            throw new HttpError(413, 'RECORDING_TOO_LARGE', { params: { maxMb: formatMegabytes(deps.maxBytes) } });
        }
      }
      if (row.live) tell('piece', () => observer.piece({ id, userId }, seq, body));
      return { seq, nextSeq: result.nextSeq, bytes: body.length };
    },

    /**
     * Joins the pieces, in order, into the transcript's audio through the upload path (content check,
     * credits, size and quota, folder, transcription job). The recording becomes finished in the same
     * transaction as the transcript row; on any refusal it stays open and can be finished again.
     */
    async finish(userId: number, id: string, request: FinishRequest): Promise<{ transcript: { id: number } }> {
      const row = await owned(userId, id);
      if (row.state !== 'open') throw closed();
      if (row.nextSeq === 0) throw new HttpError(400, 'RECORDING_EMPTY');
      const title = request.title === undefined ? undefined : cleanTitle(request.title);
      const folderId = request.folderId ?? null;
      if (folderId !== null && !(await repo.ownsFolder(userId, folderId))) throw new HttpError(404, 'FOLDER_NOT_FOUND');
      const language = request.language === undefined ? (row.language ?? undefined) : (request.language ?? undefined);

      const transcriptId = await deps.transcripts.reserveId();
      const claim = await repo.claim(id, userId, transcriptId, aliveAfter());
      if (!claim.ok) throw claim.reason === 'not-found' ? notFound() : closed();
      if (claim.abandoned !== null) await removeAttempt(userId, claim.abandoned);
      const beat = setInterval(
        () => {
          repo.heartbeat(id, transcriptId).catch((err: unknown) => log.warn({ err }, 'could not renew a recording finish claim'));
        },
        Math.max(250, leaseMs / 4),
      );
      try {
        const pieces = await repo.pieces(id);
        // Pieces are recorded only in order, so these are 0..n-1; anything else is a broken store.
        if (pieces.length === 0 || pieces.some((p, i) => p.seq !== i)) throw new Error(`recording ${id} has a gap in its pieces`);
        const bytes = pieces.reduce((sum, p) => sum + p.bytes, 0);
        const result = await deps.uploads.fromCompleteAudio(userId, {
          transcriptId,
          name: recordingName(row.mimeType),
          language,
          vocabulary: request.vocabulary,
          title,
          folderId,
          head: await headOf(pieces),
          bytes,
          open: () =>
            concatStreams(
              pieces.map((p) => async () => {
                const part = await storage.get(p.storageKey);
                if (!part) throw new Error(`piece ${p.seq} of recording ${id} is missing from storage`);
                return part.stream;
              }),
            ),
          alongside: (tx) => repo.completeIn(tx, id, transcriptId),
        });
        clearInterval(beat);
        await quietly('could not remove the pieces of a finished recording', () => storage.deletePrefix(prefixOf(userId, id)));
        if (row.live) tell('end', () => observer.ended({ id, userId }, 'finished'));
        return { transcript: result };
      } catch (err) {
        clearInterval(beat);
        await removeAttempt(userId, transcriptId);
        await quietly('could not release a failed recording finish', () => repo.release(id, transcriptId));
        if (err instanceof CompletionRefusedError) throw closed();
        throw err;
      }
    },

    async discard(userId: number, id: string): Promise<void> {
      if (!RECORDING_ID.test(id)) throw notFound();
      const outcome = await repo.discard(id, userId, aliveAfter());
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'closed') throw closed();
      await quietly('could not remove the pieces of a discarded recording', () => storage.deletePrefix(prefixOf(userId, id)));
      tell('end', () => observer.ended({ id, userId }, 'discarded'));
    },

    /**
     * Releases finish claims whose process died (all of them when `everyClaim`: this process has just
     * started and is the only one), removing what their join wrote; at start-up also the pieces a crash
     * left behind a finished or discarded recording.
     */
    async recover(everyClaim: boolean): Promise<number> {
      const dead = await repo.deadClaims(everyClaim ? null : aliveAfter());
      for (const claim of dead) {
        await removeAttempt(claim.userId, claim.transcriptId);
        await repo.release(claim.id, claim.transcriptId);
      }
      if (everyClaim) {
        for (const rec of await repo.closed()) {
          await quietly('could not remove the pieces of a closed recording', () => storage.deletePrefix(prefixOf(rec.userId, rec.id)));
        }
      }
      return dead.length;
    },

    /**
     * Removes recordings without a new piece for the abandon time (their pieces first, then the rows),
     * and the rows of closed ones as old.
     */
    async sweep(now = new Date()): Promise<number> {
      let removed = 0;
      for (;;) {
        const stale = await repo.stale(new Date(now.getTime() - deps.abandonMs), aliveAfter());
        if (stale.length === 0) return removed;
        for (const rec of stale) {
          if (rec.finishingTranscriptId !== null) await removeAttempt(rec.userId, rec.finishingTranscriptId);
          await storage.deletePrefix(prefixOf(rec.userId, rec.id));
          await repo.delete(rec.id);
          if (rec.state === 'open') {
            removed++;
            if (rec.live) tell('end', () => observer.ended({ id: rec.id, userId: rec.userId }, 'abandoned'));
          }
        }
      }
    },
  };
}
export type RecordingsService = ReturnType<typeof createRecordingsService>;
