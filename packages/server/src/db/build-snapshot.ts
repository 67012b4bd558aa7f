// Build step (bundled to dist/build-snapshot.js and run by build.mjs): the template a new embedded
// database is copied from, opened once the way the server opens it.
import { pino } from 'pino';
import { createPgBossQueue } from '../features/transcription/queue.ts';
import { openDatabase } from './client.ts';
import { writeSnapshot } from './snapshot.ts';

await writeSnapshot(async (dataDir) => {
  const database = await openDatabase({ databaseUrl: undefined, dataDir, template: null });
  try {
    const queue = await createPgBossQueue(database, pino({ level: 'warn' }));
    await queue.close();
  } finally {
    await database.close();
  }
});
