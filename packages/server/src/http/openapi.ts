/**
 * The OpenAPI document of the HTTP API, generated from the routes' Zod schemas and served at
 * /api/openapi.json. Apart from app.ts: its header (title, sign-in schemes) describes the API, not how
 * the server is put together.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Registered before the routes: @fastify/swagger collects the routes registered after it. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Scribe API', version: '0.1.0', description: 'HTTP API of the transcription app.' },
      // Browsers sign in with the session cookie (and send X-Requested-With on changes); scripts and
      // other products send a personal API token from Settings as a bearer token.
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal API token (Settings → API tokens).' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'sid' },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
