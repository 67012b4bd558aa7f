import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpLimitsConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives large files: its body may take HTTP_UPLOAD_TIMEOUT_SECONDS instead of HTTP_REQUEST_TIMEOUT_SECONDS. */
    uploadBody?: boolean;
  }
}

/**
 * Options for Node's HTTP server: headers must arrive within headersTimeout, and no request may take
 * longer than the upload limit as a whole (a backstop; the per-route limits below are tighter).
 * Node checks these timers every connectionsCheckingInterval, so that follows the shortest one.
 */
export function httpServerTimeouts(limits: HttpLimitsConfig) {
  const requestTimeout = Math.max(limits.uploadTimeoutMs, limits.requestTimeoutMs);
  const headersTimeout = Math.min(limits.headersTimeoutMs, requestTimeout);
  return {
    requestTimeout,
    http: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, headersTimeout / 4)),
    },
  };
}

/**
 * While a request body is arriving, its connection is closed when no byte comes for the idle
 * timeout (a stalled client) or when the body is not complete by the route's deadline (a client
 * trickling a byte now and then). Uploads get a generous deadline so slow links still work; the idle
 * timeout keeps them from holding a connection without sending. A body still arriving after the
 * answer went out (a refusal, a 401) is only drained so the client can read that answer: the idle
 * timeout stays armed and the deadline shrinks to that of ordinary requests.
 */
export function registerBodyTimeouts(app: FastifyInstance, limits: HttpLimitsConfig): void {
  const pending = new WeakMap<IncomingMessage, { deadline: NodeJS.Timeout; endsAt: number }>();

  const arm = (request: FastifyRequest, ms: number) => {
    const socket = request.raw.socket;
    const deadline = setTimeout(() => {
      request.log.info({ deadlineMs: ms }, 'request body not received in time: connection closed');
      socket.destroy();
    }, ms);
    deadline.unref();
    pending.set(request.raw, { deadline, endsAt: Date.now() + ms });
  };

  app.addHook('onRequest', (request, _reply, done) => {
    const req = request.raw;
    const socket = req.socket;
    if (req.complete || !socket) return done();
    // Node's own socket-timeout handler destroys the connection when nothing else handles it.
    socket.setTimeout(limits.bodyIdleTimeoutMs);
    arm(request, request.routeOptions.config?.uploadBody ? limits.uploadTimeoutMs : limits.requestTimeoutMs);
    const received = () => {
      const state = pending.get(req);
      if (state) clearTimeout(state.deadline);
      pending.delete(req);
      if (!socket.destroyed) socket.setTimeout(0);
    };
    req.once('end', received);
    req.once('close', received);
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    const req = request.raw;
    const state = pending.get(req);
    if (!state || req.complete) return done();
    // Node has just switched the socket to its keep-alive timeout; the body is not finished yet.
    req.socket.setTimeout(limits.bodyIdleTimeoutMs);
    const left = state.endsAt - Date.now();
    if (left > limits.requestTimeoutMs) {
      clearTimeout(state.deadline);
      arm(request, limits.requestTimeoutMs);
    }
    done();
  });
}
