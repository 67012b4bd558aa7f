import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import type PinoPretty from 'pino-pretty';
import { lazyModule } from '../lazy-module.ts';

const pinoPretty = lazyModule<typeof PinoPretty>('pino-pretty');

/** Fields that hold secrets, wherever they appear in a logged object (pino redact paths). */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'clientSecret',
  '*.clientSecret',
  'client_secret',
  '*.client_secret',
  'cardNumber',
  '*.cardNumber',
  'cvc',
  '*.cvc',
  'token',
  '*.token',
  'captchaToken',
  '*.captchaToken',
];

// Query parameters whose values are secrets (or look like them) never reach the log.
const SECRET_PARAM = /(secret|token|password|key|signature|code|sid)/i;

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) {
      params.set(name, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** What a request log line says about the request: no headers (cookies), no secret query values. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const loggerOptions = {
  redact: { paths: redactedPaths, censor: '[Redacted]' },
  serializers: { req: serializeRequest },
};

/**
 * Log lines for a person at a terminal: one readable line each (time, level, message, fields). Anything
 * else (a file, a pipe, a log collector) gets pino's JSON lines; undefined means stdout as JSON.
 */
export function terminalLogStream(stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  return pinoPretty()({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: stdout });
}
