import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { solveCaptcha } from './captcha-solver.ts';
import { createDatabase } from './support/postgres.ts';

export { solveCaptcha };

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;
export const JSON_XHR = { ...XHR, 'Content-Type': 'application/json' } as const;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'scribe-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A database of its own for one server: with DATABASE_URL set, a new PostgreSQL database created
 * next to the given one (dropped on close); otherwise PGlite in the data folder.
 */
async function freshDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => undefined };
  return createDatabase(admin, 'scribe_test');
}

export interface StartOptions extends BuildOptions {
  /** PGlite even when DATABASE_URL is set. */
  pglite?: boolean;
  /** An existing database (a second process on the same one); not dropped on close. */
  databaseUrl?: string;
}

/**
 * Starts the real server on 127.0.0.1 with a random port, a temp DATA_DIR and a fresh database.
 * `env` overrides configuration variables; ALTCHA is made cheap so tests solve it in milliseconds.
 * The transcription worker runs only when `worker: true` is passed (other features' tests keep their
 * uploads 'processing').
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const { pglite, databaseUrl, ...build } = options;
  const dataDir = env.DATA_DIR ?? tempDir();
  const database = pglite
    ? { url: undefined, drop: async () => undefined }
    : databaseUrl
      ? { url: databaseUrl, drop: async () => undefined }
      : await freshDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ALTCHA_COST: '10',
    ALTCHA_MAX_NUMBER: '40',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    APP_DIST_DIR: join(dataDir, 'no-app'),
    ...env,
    DATA_DIR: dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const app = await buildServer(config, { worker: false, ...build });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pair of a Set-Cookie header, ready for a Cookie header. */
export function sessionCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return header?.split(';')[0];
}

export function postJson(server: { url: string }, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { ...JSON_XHR, ...headers },
    body: JSON.stringify(body),
  });
}

let counter = 0;

/** A valid registration payload with unique names. */
export async function newAccount(server: TestServer, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    name: 'Ada Lovelace',
    username: `ada${id}`,
    email: `ada${id}@example.com`,
    password: 'Secret#123',
    captchaToken: await solveCaptcha(server),
    ...overrides,
  };
}

/** Registers a new account; returns the payload, the answer and the session cookie. */
export async function register(server: TestServer, overrides: Record<string, unknown> = {}) {
  const account = await newAccount(server, overrides);
  const res = await postJson(server, '/api/auth/register', account);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { account, res, cookie: sessionCookie(res)!, user: (await res.json()) as { id: number } };
}

export async function login(server: { url: string }, username: string, password: string, headers: Record<string, string> = {}) {
  return postJson(server, '/api/auth/login', { username, password, captchaToken: await solveCaptcha(server, headers) }, headers);
}
