import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import { bearerTokenCheck, fromPrivateNetwork } from './access.ts';
import type { ServerMetrics } from './registry.ts';

/** Where Prometheus scrapes: on the server's own port, outside /api (no session, no rate limit). */
export const METRICS_PATH = '/metrics';

export interface MetricsRoutesOptions {
  metrics: ServerMetrics;
  /** METRICS_TOKEN: when set, only `Authorization: Bearer <token>` is answered, from any address. */
  token: string | undefined;
}

/**
 * GET /metrics in Prometheus's text format. Without a token only loopback and private addresses are
 * answered (403 METRICS_FORBIDDEN otherwise); with one, only requests bearing it (401
 * METRICS_TOKEN_INVALID otherwise).
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, { metrics, token }) => {
  const tokenMatches = token === undefined ? undefined : bearerTokenCheck(token);

  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (tokenMatches) {
      if (tokenMatches(request)) return;
      request.log.info({ ip: request.ip }, 'metrics refused: missing or wrong token');
      return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send(errorBody('METRICS_TOKEN_INVALID'));
    }
    if (fromPrivateNetwork(request)) return;
    request.log.info({ ip: request.ip, peer: request.socket.remoteAddress }, 'metrics refused: not from a private network');
    return reply.code(403).send(errorBody('METRICS_FORBIDDEN'));
  }

  app.get(METRICS_PATH, { schema: { hide: true }, onRequest: guard }, async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
};
