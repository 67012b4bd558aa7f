/**
 * Which live hub a server gets, chosen by its database (features/live/hub.ts has both kinds). Apart from
 * app.ts so the choice and the NOTIFY query behind it sit together.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import { createMemoryLiveHub, createPgLiveHub, type LiveHub } from './features/live/hub.ts';

/** In-process on PGlite; LISTEN/NOTIFY on PostgreSQL, published through the app's pool. */
export function createLiveHub(database: Database, log: FastifyBaseLogger): LiveHub {
  if (!database.url) return createMemoryLiveHub(log);
  return createPgLiveHub({
    connectionString: database.url,
    log,
    notify: async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  });
}
