import { sql } from 'drizzle-orm';
import { healthResponseSchema, paths } from '@scribe/api-client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    paths.health,
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
