import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

const notFound = errorBody('NOT_FOUND');

function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/ws/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built app (hashed assets cached for a year, everything else revalidated) with the
 * SPA fallback to index.html for page navigations. Unknown /api paths answer 404 JSON.
 */
export async function registerAppAndNotFound(app: FastifyInstance, distDir: string): Promise<void> {
  const hasApp = existsSync(join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      schemaHide: true,
      cacheControl: false,
      // The build writes .br and .gz beside each text file: sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'app build not found: serving the API only (build the app to serve it)');
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsAppShell(request)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(notFound);
  });
}
