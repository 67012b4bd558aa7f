import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows, type Db } from '../../db/client.ts';
import type { QueueDepthReader, RequestDurations } from './registry.ts';

/** The route label of requests no route matched (404s, malformed URLs): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every answer into the request-duration histogram, labelled by the route pattern Fastify matched
 * (`/api/transcripts/:id`, never the raw URL, so the series stay few), the method and the status code.
 * The duration is Fastify's own (performance.now based).
 */
export function registerRequestMetrics(app: FastifyInstance, durations: RequestDurations): void {
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * Queued jobs (created, or waiting for a retry) per pg-boss queue: one count over pg-boss's job table,
 * answered from its partial index on waiting jobs (job_i5: name, start_after where state < 'active').
 * This is the one place that knows pg-boss's tables; pg-boss 10 to 12 keep jobs in `pgboss.job` with
 * the same `name` and `state` columns (state ordered created < retry < active < …).
 */
export function pgBossQueueDepth(db: Db, queues: readonly string[]): QueueDepthReader {
  const names = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  return async () => {
    const rows = await selectRows<{ name: string; queued: number | string }>(
      db,
      sql`select name, count(*) as queued from pgboss.job where name in (${names}) and state < 'active' group by name`,
    );
    const depths = new Map(queues.map((q) => [q, 0]));
    for (const row of rows) depths.set(row.name, Number(row.queued));
    return depths;
  };
}
