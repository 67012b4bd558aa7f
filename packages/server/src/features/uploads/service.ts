import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  engineSupports,
  LANGUAGE_CODE,
  formatMegabytes,
  parseSpeakersOption,
  parseVocabulary,
  speakerLimits,
  uploadLimits,
  vocabularyProblem,
  type FinalizeUploadRequest,
  type SpeakersOption,
  type UploadStatus,
} from '@scribe/api-client';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { TranscriptionGate } from '../credits/service.ts';
import type { Storage } from '../../storage/index.ts';
import { concatStreams } from '../../storage/streams.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import { audioKey, transcriptPrefix } from '../transcripts/files.ts';
import type { TranscriptsRepository } from '../transcripts/repository.ts';
import {
  audioMimeTypes,
  cleanFileName,
  hasAcceptedExtension,
  sniffAudio,
  storedExtension,
  titleFromFileName,
  type AudioFormat,
} from './audio-format.ts';
import { plausibleWavHeader } from './audio-header.ts';
import { withLocalCopy, type AudioProbe } from './audio-probe.ts';
import { probeMediaKind, videoMimeTypes, type MediaKind } from './media-kind.ts';

const MB = 1024 * 1024;

/** The chunks a finalize call found missing, named in the answer. */
function chunksMissing(missing: number[]): HttpError {
  return missing.length === 1
    ? new HttpError(400, 'CHUNK_MISSING', { params: { index: missing[0]! } })
    : new HttpError(400, 'CHUNKS_MISSING', { params: { chunks: missing.join(', ') } });
}
import type { StorageLimits, Tx, UploadsRepository } from './repository.ts';
import { openUpload, type IncomingFile } from './stream.ts';

/** `fromCompleteAudio`'s `alongside` answered false: nothing was kept. */
export class CompletionRefusedError extends Error {
  constructor() {
    super('the completion committed with the transcript was refused');
    this.name = 'CompletionRefusedError';
  }
}

export interface ChunkFields {
  uploadId: string;
  chunkIndex: number;
  totalChunks: number;
  originalName: string;
}

export interface UploadsServiceDeps {
  repo: UploadsRepository;
  transcripts: TranscriptsRepository;
  storage: Storage;
  queue: TranscriptionQueue;
  log: FastifyBaseLogger;
  maxBytes: number;
  abandonMs: number;
  limits: StorageLimits;
  /** Refuses (402) new audio the balance cannot pay for; without it, uploads are not checked. */
  credits?: TranscriptionGate;
  /**
   * Refuses a file without decodable audio before it is stored (audio-probe.ts), on a local copy
   * written to `dir`; without it, any content that passes the first-bytes check is kept.
   */
  probe?: { check: AudioProbe; dir: string };
  /** The spoken languages of the configured engine ('any': it detects them). */
  languages?: string[] | 'any';
  /**
   * A finalize renews its claim every quarter of this; a claim not renewed for this long belonged to a
   * process that died and is released (at start-up at once when this process is the only one).
   */
  claimLeaseMs?: number;
}

const DEFAULT_CLAIM_LEASE_MS = 60_000;

const CHUNK = uploadLimits.chunkBytes;

/** The transcript row of a stored upload, simple or chunked: titled after the file, processing. */
function transcriptRow(u: {
  id: number;
  userId: number;
  name: string;
  key: string;
  format: keyof typeof audioMimeTypes;
  bytes: number;
  mediaKind: MediaKind;
  language: string | null;
  vocabulary?: string[] | null;
  speakers?: number | null;
}) {
  return {
    language: u.language,
    vocabulary: u.vocabulary?.length ? u.vocabulary : null,
    speakers: u.speakers ?? null,
    id: u.id,
    userId: u.userId,
    title: titleFromFileName(u.name),
    audioKey: u.key,
    // Served as a video type when it has a picture: the browser's <video> then plays it.
    audioMime: (u.mediaKind === 'video' ? videoMimeTypes[u.format] : undefined) ?? audioMimeTypes[u.format],
    mediaKind: u.mediaKind,
    audioBytes: u.bytes,
    originalName: u.name,
  };
}

const uploadPrefix = (userId: number, uploadId: string) => `users/${userId}/uploads/${uploadId}/`;

/**
 * Single and chunked uploads. Every check that can be made before storing is made first; bytes
 * stream to storage; anything refused later removes what it stored, so a refused upload leaves
 * neither a file nor a row.
 */
export function createUploadsService(deps: UploadsServiceDeps) {
  const { repo, storage, log, maxBytes, limits } = deps;
  const leaseMs = deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const aliveAfter = () => new Date(Date.now() - leaseMs);
  const tooLargeTotal = () => new HttpError(413, 'FILE_TOO_LARGE', { params: { maxMb: formatMegabytes(maxBytes) } });
  const uploadNotFound = () => new HttpError(404, 'UPLOAD_NOT_FOUND');
  const storageFull = (used: number) =>
    new HttpError(413, 'STORAGE_FULL', { params: { usedMb: formatMegabytes(used), quotaMb: formatMegabytes(limits.quotaBytes) } });
  const tooManyUnfinished = () =>
    new HttpError(409, 'TOO_MANY_UNFINISHED_UPLOADS', {
      params: { max: limits.maxUnfinished, hours: Math.round((deps.abandonMs / 3_600_000) * 100) / 100 },
    });

  /** Bytes the user may still store (Infinity without a quota); refuses at once when `atLeast` does not fit. */
  async function roomFor(userId: number, atLeast: number): Promise<number> {
    if (limits.quotaBytes <= 0) return Infinity;
    const used = await repo.usedBytes(userId);
    if (used + atLeast > limits.quotaBytes) throw storageFull(used);
    return limits.quotaBytes - used;
  }

  /**
   * The spoken language of a new upload: one the engine transcribes (400 otherwise, so the API cannot
   * send German audio to an English-only engine). Unset: the engine's only language, or detection.
   */
  function checkedLanguage(language: string | undefined): string | null {
    const languages = deps.languages ?? 'any';
    if (language === undefined || language === '') return Array.isArray(languages) && languages.length === 1 ? languages[0] : null;
    if (!LANGUAGE_CODE.test(language)) throw new HttpError(400, 'LANGUAGE_CODE_INVALID');
    if (!engineSupports(languages, language)) throw new HttpError(400, 'LANGUAGE_UNSUPPORTED');
    return language;
  }

  /**
   * The custom vocabulary of a new upload, tidied (one term per line or comma-separated text, or a
   * list); 400 past the bounds. Unset or empty: none.
   */
  function checkedVocabulary(vocabulary: string | readonly string[] | undefined): string[] | null {
    if (vocabulary === undefined) return null;
    const terms = parseVocabulary(typeof vocabulary === 'string' ? vocabulary : vocabulary.join('\n'));
    const problem = vocabularyProblem(terms);
    if (problem) throw new HttpError(400, problem, { field: 'vocabulary' });
    return terms.length ? terms : null;
  }

  /** How many speakers a new upload has: a number from the form or the JSON body, or null for 'auto' (unset too). */
  function checkedSpeakers(speakers: string | SpeakersOption | undefined): number | null {
    if (speakers === undefined) return null;
    const option = typeof speakers === 'string' ? parseSpeakersOption(speakers) : speakers;
    if (option === null) throw new HttpError(400, 'SPEAKERS_OPTION_INVALID', { field: 'speakers', params: { max: speakerLimits.max } });
    return option === 'auto' ? null : option;
  }

  async function requireCredits(userId: number): Promise<void> {
    await deps.credits?.requireTranscriptionCredits(userId);
  }

  function checkedName(raw: string): string {
    const name = cleanFileName(raw);
    if (!hasAcceptedExtension(name)) throw new HttpError(400, 'INVALID_FILE_TYPE');
    return name;
  }

  function sniffed(head: Buffer): AudioFormat {
    const format = sniffAudio(head);
    if (!format) throw new HttpError(400, 'INVALID_CONTENT');
    // Before anything is stored or charged: a header no real audio has (the decoder would turn a WAV
    // claiming 1 Hz into 16,000 samples per byte, holding the server for a minute).
    if (format === 'wav' && !plausibleWavHeader(head)) throw new HttpError(400, 'AUDIO_HEADER_IMPLAUSIBLE');
    return format;
  }

  /** `keep` gets the file again once the probe has found decodable audio in it (or at once, without a probe). */
  async function probed<T>(body: Readable, keep: (body: Readable) => Promise<T>): Promise<T> {
    const probe = deps.probe;
    if (!probe) return keep(body);
    return withLocalCopy(probe.dir, body, async (path) => {
      await probe.check(path);
      return keep(createReadStream(path));
    });
  }

  async function quietly(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, what);
    }
  }

  /**
   * Stores a file's bytes at `key` while its container is read along for a video track. (The stored
   * object's own type is the format's sound type: the kind is known only once the bytes have passed;
   * the routes serve the transcript row's type.)
   */
  async function putMedia(key: string, body: Readable, format: AudioFormat): Promise<{ bytes: number; mediaKind: MediaKind }> {
    const scanned = probeMediaKind(body, format);
    const { bytes } = await storage.put(key, scanned.body, { contentType: audioMimeTypes[format] });
    return { bytes, mediaKind: scanned.kind() };
  }

  /** The audio folder of a finalize attempt that did not complete (a partial or an orphaned join). */
  async function removeAttempt(userId: number, transcriptId: number): Promise<void> {
    await quietly('could not remove the audio of a failed finalize', () => storage.deletePrefix(transcriptPrefix(userId, transcriptId)));
  }

  /**
   * Stores complete audio under the transcript id (`write` puts it at the key), then the transcript
   * row, then queues its transcription; anything refused removes what was stored.
   */
  async function storeTranscript(
    t: {
      id: number;
      userId: number;
      name: string;
      format: AudioFormat;
      language: string | null;
      vocabulary?: string[] | null;
      speakers?: number | null;
      title?: string;
      folderId?: number | null;
    },
    write: (key: string) => Promise<{ bytes: number; mediaKind: MediaKind }>,
    alongside?: (tx: Tx) => Promise<boolean>,
  ): Promise<{ id: number }> {
    const { id, userId, name, format } = t;
    const key = audioKey(userId, id, storedExtension(format, name));
    try {
      const { bytes, mediaKind } = await write(key);
      const row = transcriptRow({
        id,
        userId,
        name,
        key,
        format,
        bytes,
        mediaKind,
        language: t.language,
        vocabulary: t.vocabulary,
        speakers: t.speakers,
      });
      const inserted = await repo.insertTranscript(
        { ...row, ...(t.title === undefined ? {} : { title: t.title }), ...(t.folderId == null ? {} : { folderId: t.folderId }) },
        limits.quotaBytes,
        alongside,
      );
      if (!inserted.ok) {
        if (inserted.reason === 'storage-full') throw storageFull(inserted.usedBytes);
        throw inserted.reason === 'folder' ? new HttpError(404, 'FOLDER_NOT_FOUND') : new CompletionRefusedError();
      }
    } catch (err) {
      await quietly('could not remove the audio of a failed upload', () => storage.deletePrefix(transcriptPrefix(userId, id)));
      throw err;
    }
    await enqueue(id);
    return { id };
  }

  async function enqueue(transcriptId: number): Promise<void> {
    // The transcript exists either way; a job that failed to enqueue is found again by the
    // worker's start-up recovery of transcripts left 'processing'.
    await quietly(`could not enqueue transcription of transcript ${transcriptId}`, () => deps.queue.enqueue(transcriptId));
  }

  async function status(userId: number, uploadId: string): Promise<UploadStatus> {
    const upload = await repo.find(uploadId);
    if (!upload || upload.userId !== userId) throw uploadNotFound();
    const chunks = await repo.chunks(uploadId);
    return {
      uploadId,
      totalChunks: upload.totalChunks,
      receivedChunks: chunks.map((c) => c.chunkIndex),
      transcriptId: upload.transcriptId,
    };
  }

  return {
    status,

    /** One multipart file of at most one chunk's size. */
    async uploadSingle(
      userId: number,
      fileName: string,
      file: IncomingFile,
      requestedLanguage?: string,
      requestedVocabulary?: string,
      requestedSpeakers?: string,
    ): Promise<{ id: number }> {
      const name = checkedName(fileName);
      const language = checkedLanguage(requestedLanguage);
      const vocabulary = checkedVocabulary(requestedVocabulary);
      const speakers = checkedSpeakers(requestedSpeakers);
      await requireCredits(userId);
      const room = await roomFor(userId, 1);
      const sizeLimit = Math.min(CHUNK, maxBytes);
      // Past the free space the stream stops (nothing more is stored); the insert checks again.
      const opened = await openUpload(file, Math.min(sizeLimit, room), () =>
        room < sizeLimit
          ? storageFull(limits.quotaBytes - room)
          : maxBytes <= CHUNK
            ? tooLargeTotal()
            : new HttpError(413, 'SINGLE_UPLOAD_TOO_LARGE', { params: { maxMb: uploadLimits.chunkBytes / MB } }),
      );
      const format = sniffed(opened.head);
      return probed(opened.body, async (body) => {
        const id = await deps.transcripts.reserveId();
        return storeTranscript({ id, userId, name, format, language, vocabulary, speakers }, (key) => putMedia(key, body, format));
      });
    },

    /**
     * Audio that arrived by another way (a streamed recording's pieces, joined by `open`) becomes a
     * transcript through the same rules as an upload once its bytes are complete: file name and
     * language checks, credits, size and quota, the content sniffed from `head`, the audio stored
     * under `transcriptId` (reserved by the caller), the row, the transcription job. `title` and
     * `folderId` are taken as given (the caller has checked them; the folder is checked again with
     * the row); `alongside` commits with the row (false: nothing is kept).
     */
    async fromCompleteAudio(
      userId: number,
      input: {
        transcriptId: number;
        name: string;
        language?: string;
        vocabulary?: readonly string[];
        title?: string;
        folderId?: number | null;
        head: Buffer;
        bytes: number;
        open: () => Readable;
        alongside?: (tx: Tx) => Promise<boolean>;
      },
    ): Promise<{ id: number }> {
      const name = checkedName(input.name);
      const language = checkedLanguage(input.language);
      const vocabulary = checkedVocabulary(input.vocabulary);
      await requireCredits(userId);
      if (input.bytes > maxBytes) throw tooLargeTotal();
      await roomFor(userId, input.bytes);
      const format = sniffed(input.head);
      return probed(input.open(), (body) =>
        storeTranscript(
          { id: input.transcriptId, userId, name, format, language, vocabulary, title: input.title, folderId: input.folderId },
          async (key) => {
            const stored = await putMedia(key, body, format);
            if (stored.bytes !== input.bytes) throw new Error(`stored ${stored.bytes} bytes, expected ${input.bytes}`);
            return stored;
          },
          input.alongside,
        ),
      );
    },

    /** Checks a spoken language as an upload's (400 for one the engine does not transcribe). */
    checkedLanguage,

    /** One chunk of a chunked upload; answers what the server now holds of it. */
    async uploadChunk(userId: number, fields: ChunkFields, file: IncomingFile): Promise<UploadStatus> {
      const { uploadId, chunkIndex, totalChunks } = fields;
      const name = checkedName(fields.originalName);
      if (chunkIndex >= totalChunks)
        throw new HttpError(400, 'CHUNK_OUT_OF_RANGE', { params: { index: chunkIndex, total: totalChunks, last: totalChunks - 1 } });
      // Even the smallest file with this many chunks would be over the limit.
      if ((totalChunks - 1) * CHUNK + 1 > maxBytes) throw tooLargeTotal();

      const existing = await repo.find(uploadId);
      if (existing && existing.userId !== userId) throw uploadNotFound();
      if (existing?.finalizedAt) throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      // A finalize is reading the chunks.
      if (existing?.finalizingTranscriptId != null && existing.finalizingHeartbeatAt && existing.finalizingHeartbeatAt >= aliveAfter()) {
        throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      }
      if (existing && existing.totalChunks !== totalChunks)
        throw new HttpError(400, 'TOTAL_CHUNKS_MISMATCH', { params: { expected: existing.totalChunks } });
      if (!existing && (await repo.unfinishedCount(userId)) >= limits.maxUnfinished) throw tooManyUnfinished();
      // A new upload the balance cannot pay for is refused before its first byte is stored.
      if (!existing) await requireCredits(userId);

      const isLast = chunkIndex === totalChunks - 1;
      // Refused before any byte is stored when even the smallest rest of this upload would not fit.
      const received = existing ? await repo.chunks(uploadId) : [];
      const have = new Set(received.map((c) => c.chunkIndex));
      const stillNeeded = Array.from({ length: totalChunks }, (_, i) => i)
        .filter((i) => !have.has(i))
        .reduce((sum, i) => sum + (i === totalChunks - 1 ? 1 : CHUNK), 0);
      const room = have.has(chunkIndex) ? Infinity : await roomFor(userId, stillNeeded);
      const roomLeft = maxBytes - (totalChunks - 1) * CHUNK;
      const sizeLimit = isLast ? Math.min(CHUNK, roomLeft) : CHUNK;
      const opened = await openUpload(file, Math.min(sizeLimit, room), () =>
        room < sizeLimit
          ? storageFull(limits.quotaBytes - room)
          : isLast && roomLeft < CHUNK
            ? tooLargeTotal()
            : new HttpError(413, 'CHUNK_TOO_LARGE', { params: { maxBytes: uploadLimits.chunkBytes } }),
      );
      // Only the first chunk starts with the file's signature.
      const format = chunkIndex === 0 ? sniffed(opened.head) : null;

      const key = `${uploadPrefix(userId, uploadId)}chunk-${chunkIndex}-${randomBytes(6).toString('hex')}`;
      let replacedKey: string | null;
      try {
        const { bytes } = await storage.put(key, opened.body);
        if (bytes === 0) throw new HttpError(400, 'CHUNK_EMPTY', { params: { index: chunkIndex } });
        if (!isLast && bytes !== CHUNK)
          throw new HttpError(400, 'CHUNK_WRONG_SIZE', { params: { index: chunkIndex, chunkBytes: uploadLimits.chunkBytes } });
        const result = await repo.recordChunk({
          uploadId,
          userId,
          originalName: name,
          totalChunks,
          chunkIndex,
          bytes,
          storageKey: key,
          format,
          limits,
          aliveAfter: aliveAfter(),
        });
        if (!result.ok) {
          switch (result.reason) {
            case 'not-found':
              throw uploadNotFound();
            case 'finalized':
              throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
            case 'total-mismatch':
              throw new HttpError(400, 'TOTAL_CHUNKS_MISMATCH', { params: { expected: existing?.totalChunks ?? totalChunks } });
            case 'size-conflict':
              throw new HttpError(409, 'CHUNK_SIZE_CONFLICT', { params: { index: chunkIndex } });
            case 'too-many-unfinished':
              throw tooManyUnfinished();
            case 'storage-full':
              throw storageFull(result.usedBytes);
          }
        }
        replacedKey = result.replacedKey;
      } catch (err) {
        await quietly('could not remove a refused chunk', () => storage.delete(key));
        throw err;
      }
      if (replacedKey) {
        const old = replacedKey;
        await quietly('could not remove a replaced chunk', () => storage.delete(old));
      }
      return status(userId, uploadId);
    },

    /** Joins the chunks, in order, into the transcript's audio. */
    async finalize(userId: number, body: FinalizeUploadRequest): Promise<{ id: number }> {
      const upload = await repo.find(body.uploadId);
      if (!upload || upload.userId !== userId) throw uploadNotFound();
      if (upload.finalizedAt) throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      if (body.totalChunks !== upload.totalChunks)
        throw new HttpError(400, 'TOTAL_CHUNKS_MISMATCH', { params: { expected: upload.totalChunks } });
      const name = checkedName(body.originalName);
      const language = checkedLanguage(body.language);
      const vocabulary = checkedVocabulary(body.vocabulary);
      const speakers = checkedSpeakers(body.speakers);
      await requireCredits(userId);
      const chunks = await repo.chunks(upload.id);
      const have = new Set(chunks.map((c) => c.chunkIndex));
      const missing = Array.from({ length: upload.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
      if (missing.length > 0) throw chunksMissing(missing);
      const expected = chunks.reduce((sum, c) => sum + c.bytes, 0);
      if (expected > maxBytes) throw tooLargeTotal();
      const format = upload.format as AudioFormat | null;
      if (!format || !(format in audioMimeTypes)) throw new HttpError(400, 'INVALID_CONTENT');

      const id = await deps.transcripts.reserveId();
      const claim = await repo.claim(upload.id, userId, id, aliveAfter());
      if (!claim.ok) throw claim.reason === 'not-found' ? uploadNotFound() : new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      if (claim.abandoned !== null) await removeAttempt(userId, claim.abandoned);
      const key = audioKey(userId, id, storedExtension(format, name));
      // The join of a large file takes a while: say it is still running, so no one takes the claim over.
      const beat = setInterval(
        () => {
          repo.heartbeat(upload.id, id).catch((err: unknown) => log.warn({ err }, 'could not renew a finalize claim'));
        },
        Math.max(250, leaseMs / 4),
      );
      try {
        const joined = concatStreams(
          chunks.map((c) => async () => {
            const part = await storage.get(c.storageKey);
            if (!part) throw new Error(`chunk ${c.chunkIndex} of upload ${upload.id} is missing from storage`);
            return part.stream;
          }),
        );
        const { bytes, mediaKind } = await probed(joined, (body) => putMedia(key, body, format));
        if (bytes !== expected) throw new Error(`joined ${bytes} bytes, expected ${expected}`);
        // The transcript row and the upload's completion commit together: a crash before this leaves
        // the upload claimed by a dead attempt, which start-up recovery releases.
        const completed = await repo.completeWithTranscript(
          upload.id,
          transcriptRow({ id, userId, name, key, format, bytes, mediaKind, language, vocabulary, speakers }),
        );
        if (!completed) throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      } catch (err) {
        await removeAttempt(userId, id);
        await quietly('could not release a failed finalize', () => repo.release(upload.id, id));
        // Its chunks will never make audio: they go now, not at the sweep (a new upload starts afresh).
        if (err instanceof HttpError && (err.code === 'AUDIO_UNDECODABLE' || err.code === 'AUDIO_HEADER_IMPLAUSIBLE')) {
          await quietly('could not discard an upload without audio', async () => {
            if ((await repo.discard(upload.id, userId)) === 'deleted') await storage.deletePrefix(uploadPrefix(userId, upload.id));
          });
        }
        throw err;
      } finally {
        clearInterval(beat);
      }
      // The chunk rows stay (the resume status still lists them) until the sweep; their bytes go now.
      await quietly('could not remove the chunks of a finalized upload', () => storage.deletePrefix(uploadPrefix(userId, upload.id)));
      await enqueue(id);
      return { id };
    },

    /**
     * Releases finalize claims whose process died (all of them when `everyClaim`: this process has just
     * started and is the only one), removing what their join had written; the uploads can be finalized again.
     */
    async recoverFinalizations(everyClaim: boolean): Promise<number> {
      const dead = await repo.deadClaims(everyClaim ? null : aliveAfter());
      for (const claim of dead) {
        await removeAttempt(claim.userId, claim.transcriptId);
        await repo.release(claim.id, claim.transcriptId);
      }
      if (everyClaim) {
        // A crash right after the commit leaves the chunks of a finalized upload behind.
        for (const upload of await repo.finalized()) {
          await quietly('could not remove the chunks of a finalized upload', () =>
            storage.deletePrefix(uploadPrefix(upload.userId, upload.id)),
          );
        }
      }
      return dead.length;
    },

    /** Cancels the user's unfinished chunked upload: its row (and chunk rows) first, then its stored chunks. */
    async discard(userId: number, uploadId: string): Promise<void> {
      const outcome = await repo.discard(uploadId, userId);
      if (outcome === 'not-found') throw uploadNotFound();
      if (outcome === 'finalized') throw new HttpError(409, 'UPLOAD_ALREADY_FINALIZED');
      if (outcome === 'finalizing') throw new HttpError(409, 'UPLOAD_BEING_FINALIZED');
      await quietly('could not remove the chunks of a cancelled upload', () => storage.deletePrefix(uploadPrefix(userId, uploadId)));
    },

    /** Removes uploads untouched for the configured time, files first, then rows. */
    async sweep(now = new Date()): Promise<number> {
      let removed = 0;
      for (;;) {
        const stale = await repo.stale(new Date(now.getTime() - deps.abandonMs));
        if (stale.length === 0) return removed;
        for (const upload of stale) {
          if (upload.finalizingTranscriptId !== null) await removeAttempt(upload.userId, upload.finalizingTranscriptId);
          await storage.deletePrefix(uploadPrefix(upload.userId, upload.id));
          await repo.delete(upload.id);
          removed++;
        }
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
