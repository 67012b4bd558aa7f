// For tests and benchmarks that start the real server as a child process on a port of their own.
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it; the probe is closed again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
