import { paths, type Transcript } from '@scribe/api-client';
import { HttpError } from '../../http/errors.ts';
import type { TranscriptionGate } from '../credits/service.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import type { ByteRange, Storage, StoredObject } from '../../storage/index.ts';
import type { TranscriptFiles } from './files.ts';
import type { TranscriptsRepository } from './repository.ts';

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

export function createTranscriptsService(deps: {
  repo: TranscriptsRepository;
  storage: Storage;
  files: TranscriptFiles;
  /** Retry: the job queue, and the credit check (402 when a charge is due and the balance cannot pay it). */
  queue?: TranscriptionQueue;
  credits?: TranscriptionGate;
}) {
  const { repo, storage, files } = deps;
  const notFound = () => new HttpError(404, 'TRANSCRIPT_NOT_FOUND');

  return {
    async get(userId: number, id: number): Promise<Transcript> {
      const row = await repo.get(userId, id);
      if (!row) throw notFound();
      return {
        id: row.id,
        title: row.title,
        content: row.content,
        audioUrl: row.audioKey ? paths.transcriptAudio(row.id) : null,
        folderId: row.folderId,
        createdAt: row.createdAt.toISOString(),
        revision: row.revision,
        metadata: {
          duration: row.durationSeconds,
          status: row.status,
          progress: row.progress,
          error: row.error,
          errorCode: row.errorCode,
          errorParams: row.errorParams,
          language: row.language,
          timestamps: row.segments,
        },
      };
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
      const mime = row.mime ?? 'application/octet-stream';
      const info = await storage.stat(row.key);
      if (!info) throw notFound();
      const range = parseRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
      const object = await storage.get(row.key, range === 'ignore' ? undefined : range);
      if (!object) throw notFound();
      return range === 'ignore' ? { kind: 'full', object, mime } : { kind: 'partial', object, mime, range };
    },
  };
}
export type TranscriptsService = ReturnType<typeof createTranscriptsService>;
