import { exportFileBase, type BulkRequest, type TranscriptExportFormat } from '@scribe/api-client';
import { ZipFile } from 'yazl';
import { HttpError } from '../../http/errors.ts';
import { parseTimeZone } from '../../i18n/messages.ts';
import type { Storage } from '../../storage/index.ts';
import type { WorkPool } from '../../work/pool.ts';
import { startedMinutes, type TranscriptionGate } from '../credits/service.ts';
import type { PreferencesService } from '../preferences/service.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import type { TranscriptFiles } from '../transcripts/files.ts';
import type { BulkRefusal, BulkRepository, BulkResult } from './repository.ts';

export interface BulkZip {
  fileName: string;
  body: Buffer;
}

/** The zip's entry names: one per transcript, a number added where two titles make the same name. */
export function zipEntryNames(titles: readonly string[], format: TranscriptExportFormat): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    const base = exportFileBase(title, 'transcript');
    let name = `${base}.${format}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}.${format}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Collects yazl's output (compressed by zlib on libuv's threads, off the request thread). */
function zipOf(entries: Array<{ name: string; body: Uint8Array }>): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date();
  for (const e of entries) zip.addBuffer(Buffer.from(e.body.buffer, e.body.byteOffset, e.body.byteLength), e.name, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Several of the user's transcripts at once (POST /api/transcripts/bulk): moved, deleted or retried in
 * one transaction, all of them or none, or rendered into one zip in the export threads.
 */
export function createBulkService(deps: {
  repo: BulkRepository;
  storage: Storage;
  files: TranscriptFiles;
  pool: WorkPool;
  preferences: Pick<PreferencesService, 'get'>;
  queue?: TranscriptionQueue;
  credits?: TranscriptionGate;
}) {
  const { repo, storage, files, pool } = deps;

  const refuse = (reason: BulkRefusal) => {
    if (reason === 'folder') return new HttpError(404, 'FOLDER_NOT_FOUND');
    if (reason === 'not-failed') return new HttpError(409, 'RETRY_NOT_FAILED');
    return new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
  };
  const settled = (result: BulkResult<number>) => {
    if (!result.ok) throw refuse(result.reason);
    return result.value;
  };

  return {
    async run(userId: number, request: Exclude<BulkRequest, { action: 'export' }>): Promise<number> {
      const ids = [...new Set(request.ids)];
      if (request.action === 'move') return settled(await repo.move(userId, ids, request.folderId));
      if (request.action === 'delete') {
        const count = settled(await repo.delete(userId, ids));
        await files.removeAll(userId, ids);
        return count;
      }
      // Retry: every one must have failed and still have its audio, and the balance must pay for those due again.
      const rows = await repo.read(userId, ids);
      if (rows.length !== ids.length) throw refuse('transcript');
      if (rows.some((r) => r.status !== 'error')) throw refuse('not-failed');
      let minutes = 0;
      for (const row of rows) {
        if (!row.audioKey || !(await storage.stat(row.audioKey))) throw new HttpError(409, 'RETRY_NO_AUDIO');
        const free = row.isTutorialSample || (await deps.credits?.transcriptionPaid({ id: row.id, userId })) !== false;
        if (!free) minutes += Math.max(1, startedMinutes(row.durationSeconds ?? 1));
      }
      if (minutes > 0) await deps.credits?.requireTranscriptionCredits(userId, minutes * 60);
      const count = settled(await repo.restart(userId, ids));
      for (const id of ids) await deps.queue?.enqueue(id);
      return count;
    },

    /** One zip of the transcripts, each rendered in an export thread; 404 before any work unless all are the user's. */
    async export(userId: number, request: Extract<BulkRequest, { action: 'export' }>): Promise<BulkZip> {
      const ids = [...new Set(request.ids)];
      let timeZone = 'UTC';
      if (request.tz !== undefined) {
        const parsed = parseTimeZone(request.tz);
        if (!parsed) throw new HttpError(400, 'INVALID_TIME_ZONE');
        timeZone = parsed;
      }
      const { language } = await deps.preferences.get(userId);
      const reader = { language, timeZone };
      // Refused before anything is read when the export threads' queue is full; the renders below were let in with it.
      pool.admit('exports');
      const list = await repo.forExport(userId, ids);
      if (!list) throw refuse('transcript');
      const format = request.format;
      const names = zipEntryNames(
        list.map((t) => t.title),
        format,
      );
      const entries: Array<{ name: string; body: Uint8Array }> = [];
      for (const [i, t] of list.entries()) {
        const input = { format, title: t.title, createdAt: t.createdAt, segments: t.segments, content: t.content, reader };
        entries.push({ name: names[i], body: await pool.run('exports', 'transcriptExport', input, { admitted: true }) });
      }
      return { fileName: `transcripts-${format}.zip`, body: await zipOf(entries) };
    },
  };
}
export type BulkService = ReturnType<typeof createBulkService>;
