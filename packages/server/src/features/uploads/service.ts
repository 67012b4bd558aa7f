import { randomBytes } from 'node:crypto';
import { libraryMessages, uploadLimits, type FinalizeUploadRequest, type UploadStatus } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../storage/index.ts';
import { concatStreams } from '../../storage/streams.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import { audioKey, transcriptPrefix } from '../transcripts/files.ts';
import type { TranscriptsRepository } from '../transcripts/repository.ts';
import { audioMimeTypes, cleanFileName, hasAcceptedExtension, sniffAudio, storedExtension, titleFromFileName, type AudioFormat } from './audio-format.ts';
import { uploadErrors } from './messages.ts';
import type { UploadsRepository } from './repository.ts';
import { openUpload, type IncomingFile } from './stream.ts';

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
}

const CHUNK = uploadLimits.chunkBytes;

const uploadPrefix = (userId: number, uploadId: string) => `users/${userId}/uploads/${uploadId}/`;

/**
 * Single and chunked uploads. Every check that can be made before storing is made first; bytes
 * stream to storage; anything refused later removes what it stored, so a refused upload leaves
 * neither a file nor a row.
 */
export function createUploadsService(deps: UploadsServiceDeps) {
  const { repo, storage, log, maxBytes } = deps;
  const tooLargeTotal = () => new HttpError(413, uploadErrors.fileTooLarge(maxBytes));
  const uploadNotFound = () => new HttpError(404, uploadErrors.uploadNotFound);

  function checkedName(raw: string): string {
    const name = cleanFileName(raw);
    if (!hasAcceptedExtension(name)) throw new HttpError(400, libraryMessages.invalidFileType);
    return name;
  }

  function sniffed(head: Buffer): AudioFormat {
    const format = sniffAudio(head);
    if (!format) throw new HttpError(400, libraryMessages.invalidContent);
    return format;
  }

  async function quietly(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, what);
    }
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
    async uploadSingle(userId: number, fileName: string, file: IncomingFile): Promise<{ id: number }> {
      const name = checkedName(fileName);
      const opened = await openUpload(file, Math.min(CHUNK, maxBytes), () =>
        maxBytes <= CHUNK ? tooLargeTotal() : new HttpError(413, uploadErrors.singleTooLarge),
      );
      const format = sniffed(opened.head);
      const id = await deps.transcripts.reserveId();
      const key = audioKey(userId, id, storedExtension(format, name));
      try {
        const { bytes } = await storage.put(key, opened.body, { contentType: audioMimeTypes[format] });
        await repo.insertTranscript({
          id,
          userId,
          title: titleFromFileName(name),
          audioKey: key,
          audioMime: audioMimeTypes[format],
          audioBytes: bytes,
          originalName: name,
        });
      } catch (err) {
        await quietly('could not remove the audio of a failed upload', () => storage.deletePrefix(transcriptPrefix(userId, id)));
        throw err;
      }
      await enqueue(id);
      return { id };
    },

    /** One chunk of a chunked upload; answers what the server now holds of it. */
    async uploadChunk(userId: number, fields: ChunkFields, file: IncomingFile): Promise<UploadStatus> {
      const { uploadId, chunkIndex, totalChunks } = fields;
      const name = checkedName(fields.originalName);
      if (chunkIndex >= totalChunks) throw new HttpError(400, uploadErrors.chunkOutOfRange(chunkIndex, totalChunks));
      // Even the smallest file with this many chunks would be over the limit.
      if ((totalChunks - 1) * CHUNK + 1 > maxBytes) throw tooLargeTotal();

      const existing = await repo.find(uploadId);
      if (existing && existing.userId !== userId) throw uploadNotFound();
      if (existing?.finalizedAt) throw new HttpError(409, uploadErrors.alreadyFinalized);
      if (existing && existing.totalChunks !== totalChunks) throw new HttpError(400, uploadErrors.totalMismatch(existing.totalChunks));

      const isLast = chunkIndex === totalChunks - 1;
      const roomLeft = maxBytes - (totalChunks - 1) * CHUNK;
      const limit = isLast ? Math.min(CHUNK, roomLeft) : CHUNK;
      const opened = await openUpload(file, limit, () =>
        isLast && roomLeft < CHUNK ? tooLargeTotal() : new HttpError(413, uploadErrors.chunkTooLarge),
      );
      // Only the first chunk starts with the file's signature.
      const format = chunkIndex === 0 ? sniffed(opened.head) : null;

      const key = `${uploadPrefix(userId, uploadId)}chunk-${chunkIndex}-${randomBytes(6).toString('hex')}`;
      let replacedKey: string | null;
      try {
        const { bytes } = await storage.put(key, opened.body);
        if (bytes === 0) throw new HttpError(400, uploadErrors.chunkEmpty(chunkIndex));
        if (!isLast && bytes !== CHUNK) throw new HttpError(400, uploadErrors.chunkWrongSize(chunkIndex));
        const result = await repo.recordChunk({ uploadId, userId, originalName: name, totalChunks, chunkIndex, bytes, storageKey: key, format });
        if (!result.ok) {
          switch (result.reason) {
            case 'not-found':
              throw uploadNotFound();
            case 'finalized':
              throw new HttpError(409, uploadErrors.alreadyFinalized);
            case 'total-mismatch':
              throw new HttpError(400, uploadErrors.totalMismatch(existing?.totalChunks ?? totalChunks));
            case 'size-conflict':
              throw new HttpError(409, uploadErrors.chunkSizeConflict(chunkIndex));
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
      if (upload.finalizedAt) throw new HttpError(409, uploadErrors.alreadyFinalized);
      if (body.totalChunks !== upload.totalChunks) throw new HttpError(400, uploadErrors.totalMismatch(upload.totalChunks));
      const name = checkedName(body.originalName);
      const chunks = await repo.chunks(upload.id);
      const have = new Set(chunks.map((c) => c.chunkIndex));
      const missing = Array.from({ length: upload.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
      if (missing.length > 0) throw new HttpError(400, uploadErrors.chunksMissing(missing));
      const expected = chunks.reduce((sum, c) => sum + c.bytes, 0);
      if (expected > maxBytes) throw tooLargeTotal();
      const format = upload.format as AudioFormat | null;
      if (!format || !(format in audioMimeTypes)) throw new HttpError(400, libraryMessages.invalidContent);

      if (!(await repo.claim(upload.id, userId))) throw new HttpError(409, uploadErrors.alreadyFinalized);
      const id = await deps.transcripts.reserveId();
      const key = audioKey(userId, id, storedExtension(format, name));
      try {
        const joined = concatStreams(
          chunks.map((c) => async () => {
            const part = await storage.get(c.storageKey);
            if (!part) throw new Error(`chunk ${c.chunkIndex} of upload ${upload.id} is missing from storage`);
            return part.stream;
          }),
        );
        const { bytes } = await storage.put(key, joined, { contentType: audioMimeTypes[format] });
        if (bytes !== expected) throw new Error(`joined ${bytes} bytes, expected ${expected}`);
        await repo.completeWithTranscript(upload.id, {
          id,
          userId,
          title: titleFromFileName(name),
          audioKey: key,
          audioMime: audioMimeTypes[format],
          audioBytes: bytes,
          originalName: name,
        });
      } catch (err) {
        await quietly('could not remove the audio of a failed finalize', () => storage.deletePrefix(transcriptPrefix(userId, id)));
        await quietly('could not release a failed finalize', () => repo.unclaim(upload.id));
        throw err;
      }
      // The chunk rows stay (the resume status still lists them) until the sweep; their bytes go now.
      await quietly('could not remove the chunks of a finalized upload', () => storage.deletePrefix(uploadPrefix(userId, upload.id)));
      await enqueue(id);
      return { id };
    },

    /** Removes uploads untouched for the configured time, files first, then rows. */
    async sweep(now = new Date()): Promise<number> {
      let removed = 0;
      for (;;) {
        const stale = await repo.stale(new Date(now.getTime() - deps.abandonMs));
        if (stale.length === 0) return removed;
        for (const upload of stale) {
          await storage.deletePrefix(uploadPrefix(upload.userId, upload.id));
          await repo.delete(upload.id);
          removed++;
        }
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
