import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/** Name of the pg-boss queue holding one job per uploaded transcript. */
export const TRANSCRIPTION_QUEUE = 'transcription';

export interface TranscriptionJobData {
  transcriptId: number;
}

/**
 * Where an accepted upload asks for its transcription. The worker that takes these jobs belongs
 * to the transcription feature; until it runs, transcripts stay 'processing'.
 */
export interface TranscriptionQueue {
  enqueue(transcriptId: number): Promise<void>;
  close(): Promise<void>;
}

export interface PgBossQueue extends TranscriptionQueue {
  /** For the worker: the started pg-boss instance on the same database. */
  readonly boss: PgBoss;
}

/** pg-boss on the app's database: its own small pool on PostgreSQL, the embedded connection on PGlite. */
export async function createPgBossQueue(database: Database, log: FastifyBaseLogger): Promise<PgBossQueue> {
  const common = { schedule: false, supervise: true, migrate: true } as const;
  let boss: PgBoss;
  if (database.executeSql) {
    const executeSql = database.executeSql;
    boss = new PgBoss({ ...common, db: { executeSql: (text, values) => executeSql(text, values) } });
  } else if (database.url) {
    boss = new PgBoss({ ...common, connectionString: database.url, max: 3 });
  } else {
    throw new Error('createPgBossQueue: the database offers neither raw SQL nor a URL');
  }
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(TRANSCRIPTION_QUEUE);

  return {
    boss,
    async enqueue(transcriptId) {
      const data: TranscriptionJobData = { transcriptId };
      await boss.send(TRANSCRIPTION_QUEUE, data);
    },
    async close() {
      await boss.stop({ graceful: false, wait: true, close: true });
    },
  };
}
