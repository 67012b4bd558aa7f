/**
 * A Unix socket in DATA_DIR through which `pnpm admin backup` asks the running server for a snapshot.
 * PGlite allows one process per data folder, so only the process holding the database can dump it;
 * the socket is reachable by this account alone (DATA_DIR is 0700 and the socket 0600).
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BackupError, type BackupResult } from './archive.ts';

// Linux refuses longer socket paths (sun_path is 108 bytes with the terminating zero).
const MAX_SOCKET_PATH = 107;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'admin.sock');
}

export interface AdminHandlers {
  backup: (file: string) => Promise<BackupResult>;
}

/** Listens on DATA_DIR/admin.sock; resolves to the function that closes it. */
export async function listenAdminSocket(dataDir: string, handlers: AdminHandlers, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn({ path }, 'DATA_DIR path too long for the admin socket: pnpm admin backup needs the server stopped');
    return async () => undefined;
  }
  // We hold the data folder's lock, so a socket file left here is from a process that died.
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'Unknown admin request.' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
      if (raw.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => {
      let file: unknown;
      try {
        file = (JSON.parse(raw) as { file?: unknown }).file;
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string' || !file.startsWith('/')) return answer(400, { error: 'Give the backup file as an absolute path.' });
      handlers.backup(file).then(
        (result) => answer(200, result),
        (err: unknown) => {
          log.error({ err }, 'backup failed');
          answer(err instanceof BackupError ? 400 : 500, { error: err instanceof Error ? err.message : String(err) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * Asks the server running on `dataDir` to write a backup. Undefined when no server listens there
 * (then the caller opens the database itself).
 */
export function requestBackup(dataDir: string, file: string): Promise<BackupResult | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: adminSocketPath(dataDir), path: '/backup', method: 'POST' }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (raw += chunk));
      res.on('end', () => {
        let body: { error?: string } & Partial<BackupResult>;
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return reject(new BackupError(`The server answered the backup request with HTTP ${res.statusCode}.`));
        }
        if (res.statusCode === 200) resolve(body as BackupResult);
        else reject(new BackupError(body.error ?? `The server answered the backup request with HTTP ${res.statusCode}.`));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
    req.end(JSON.stringify({ file }));
  });
}
