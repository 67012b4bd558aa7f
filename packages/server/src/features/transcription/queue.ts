import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { carryOverPgBoss10, ensureQueue, setAsidePgBoss10 } from '../../db/boss.ts';
import type { Database } from '../../db/client.ts';
import { transcripts } from '../../db/schema.ts';

/** Name of the pg-boss queue holding one job per uploaded transcript. */
export const TRANSCRIPTION_QUEUE = 'transcription';

export interface TranscriptionJobData {
  transcriptId: number;
}

/**
 * Where an accepted upload asks for its transcription. The worker (worker.ts) takes the jobs; its
 * start-up recovery finds transcripts whose job got lost.
 */
export interface TranscriptionQueue {
  enqueue(transcriptId: number): Promise<void>;
  close(): Promise<void>;
}

export interface QueueRetryOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  /** At least this long per job (e.g. a remote engine's request timeout plus a margin). */
  minExpireSeconds: number;
}

export interface PgBossQueue extends TranscriptionQueue {
  /** For the worker: the started pg-boss instance on the same database. */
  readonly boss: PgBoss;
  /** Called after each enqueue, so a worker in this process fetches at once instead of at its next poll. */
  onEnqueued(listener: () => void): void;
}

/**
 * How long one attempt may run before pg-boss treats it as dead, sized to the file: an upper bound of the
 * audio's length (PCM wav at 8 kB/s, compressed audio at 2 kB/s) at real-time speed, plus 10 minutes.
 * The built-in engine needs about a twentieth of that on 2 cores. The worker aborts its own attempt a
 * minute before this, so pg-boss never retries a job that is still running.
 */
export function expireSecondsFor(bytes: number | null, mime: string | null, minSeconds: number): number {
  const bytesPerSecond = mime === 'audio/wav' ? 8000 : 2000;
  const audioBound = (bytes ?? 100 * 1024 * 1024) / bytesPerSecond;
  return Math.round(Math.min(24 * 3600, Math.max(minSeconds, 15 * 60, 600 + audioBound)));
}

/** pg-boss on the app's database: its own small pool on PostgreSQL, the embedded connection on PGlite. */
export async function createPgBossQueue(
  database: Database,
  log: FastifyBaseLogger,
  retry: QueueRetryOptions = { retryLimit: 2, retryDelaySeconds: 10, minExpireSeconds: 0 },
): Promise<PgBossQueue> {
  const common = { schedule: false, supervise: true, migrate: true } as const;
  // A database of the release before (pg-boss 10) has a job schema pg-boss 12 cannot migrate: it is
  // set aside here, pg-boss creates its current schema, and the unfinished jobs are carried over below.
  await setAsidePgBoss10(database.db, log);
  let boss: PgBoss;
  if (database.executeSql) {
    const executeSql = database.executeSql;
    boss = new PgBoss({ ...common, backend: 'pglite', db: { executeSql: (text, values) => executeSql(text, values) } });
  } else if (database.url) {
    boss = new PgBoss({ ...common, connectionString: database.url, max: 3 });
  } else {
    throw new Error('createPgBossQueue: the database offers neither raw SQL nor a URL');
  }
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await ensureQueue(boss, TRANSCRIPTION_QUEUE);
  await carryOverPgBoss10(database.db, boss, log);
  const listeners: Array<() => void> = [];

  return {
    boss,
    async enqueue(transcriptId) {
      const [row] = await database.db
        .select({ bytes: transcripts.audioBytes, mime: transcripts.audioMime })
        .from(transcripts)
        .where(eq(transcripts.id, transcriptId));
      const data: TranscriptionJobData = { transcriptId };
      await boss.send(TRANSCRIPTION_QUEUE, data, {
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: retry.retryDelaySeconds > 0,
        expireInSeconds: expireSecondsFor(row?.bytes ?? null, row?.mime ?? null, retry.minExpireSeconds),
      });
      for (const listener of listeners) listener();
    },
    onEnqueued(listener) {
      listeners.push(listener);
    },
    async close() {
      await boss.stop({ graceful: false, close: true });
    },
  };
}
