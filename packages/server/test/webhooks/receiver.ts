import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local webhook receiver on 127.0.0.1: records every request with its raw body and answers the
 * statuses given (in order), then 200.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(statuses.shift() ?? 200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/hooks/scribe`,
    received,
    /** The next answers' statuses, in order. */
    answer(...next: number[]) {
      statuses.push(...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A receiver's check, as the README tells it: HMAC-SHA256 over `${t}.${rawBody}` with the secret. */
export function verifies(secret: string, request: Received, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const header = String(request.headers['scribe-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1 || Math.abs(nowSeconds - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
