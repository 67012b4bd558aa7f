import type { FastifyInstance } from 'fastify';

/**
 * Closing waits for the answers in flight, not for idle keep-alive connections. Node closes the
 * connections that are idle when close() starts; one still sending an answer (an audio file) then
 * became idle afterwards and held the close for the keep-alive timeout (72 s), which is longer than a
 * shutdown may take. So while closing, connections are closed as soon as they go idle.
 */
export function closeConnectionsOnceIdle(app: FastifyInstance, everyMs = 100): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    const server = app.server;
    if (!server.listening) return;
    timer = setInterval(() => server.closeIdleConnections(), everyMs);
    timer.unref();
    server.once('close', () => clearInterval(timer));
  });
  // Runs once every answer has gone out; the timer has nothing left to do.
  app.addHook('onClose', async () => clearInterval(timer));
}
