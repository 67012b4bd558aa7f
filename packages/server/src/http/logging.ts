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
const SECRET_PARAM = /(secret|token|password|key|signature|code|sid|bearer|auth)/i;

const REDACTED = '[Redacted]';

// Secrets that can sit anywhere in a URL, whatever the parameter or path segment: API tokens
// ('scr_' + 43 characters), and the 43 base64url characters of 32 random bytes that share links and
// session cookies are made of (ids, names and search words are not such runs).
const API_TOKEN_MARK = /scr_/i;
const RANDOM_SECRET = /(?:^|[^A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?:$|[^A-Za-z0-9_-])/;

// Paths whose next segment is a share link's token: the public API and the app's page (api-client
// paths.publicShare* and sharePagePath).
const TOKEN_AFTER = ['/api/public/shares/', '/s/'];

/** The text as written and decoded (once and twice: a %255F is a '_' sent twice encoded). */
function readings(text: string): string[] {
  const out = [text];
  for (let i = 0; i < 2; i++) {
    try {
      const decoded = decodeURIComponent(out[out.length - 1]!.replace(/\+/g, ' '));
      if (decoded === out[out.length - 1]) break;
      out.push(decoded);
    } catch {
      break;
    }
  }
  return out;
}

function looksSecret(text: string): boolean {
  return readings(text).some((t) => API_TOKEN_MARK.test(t) || RANDOM_SECRET.test(t));
}

/** The path with share tokens and secret-looking segments replaced. */
function redactPath(path: string): string {
  const prefix = TOKEN_AFTER.find((p) => path.startsWith(p));
  const tokenAt = prefix ? prefix.split('/').length - 1 : -1;
  return path
    .split('/')
    .map((segment, i) => (segment !== '' && (i === tokenAt || looksSecret(segment)) ? REDACTED : segment))
    .join('/');
}

/**
 * The URL as the log may show it: share tokens in share paths, any 'scr_' API token and any other
 * 32-byte random secret, in the path or in a query parameter of any name, and the values of
 * secret-named parameters are replaced.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const redactedPath = redactPath(path);
  if (q === -1) return redactedPath;
  const query = url.slice(q + 1);
  let changed = false;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? null : part.slice(eq + 1);
    if (looksSecret(name)) {
      changed = true;
      return REDACTED;
    }
    if (value !== null && value !== '' && (readings(name).some((n) => SECRET_PARAM.test(n)) || looksSecret(value))) {
      changed = true;
      return `${name}=${REDACTED}`;
    }
    return part;
  });
  return `${redactedPath}?${changed ? parts.join('&') : query}`;
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
