import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { StartupError } from '../startup-error.ts';

export class LockError extends StartupError {
  constructor(
    message: string,
    readonly pid: number,
  ) {
    super(message);
    this.name = 'LockError';
  }
}

// Lock files this process holds, so a recycled pid equal to ours (e.g. pid 1 in a restarted
// container) is recognised as stale rather than as "another process".
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface FileLock {
  path: string;
  release(): void;
}

/**
 * Takes an exclusive lock file holding our pid. PGlite in one folder must have one writer:
 * two processes on the same files lose writes silently.
 */
export function acquireLock(path: string, what: string): FileLock {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(path);
      return {
        path,
        release() {
          if (!held.delete(path)) return;
          rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = NaN;
    try {
      pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    } catch {
      // Vanished between open and read: try again.
      continue;
    }
    const ours = pid === process.pid && held.has(path);
    if (Number.isInteger(pid) && pid > 0 && (ours || (pid !== process.pid && isAlive(pid)))) {
      throw new LockError(
        `Another server process (pid ${pid}) is using ${what}. Stop it first, or give this process ` +
          `its own DATA_DIR (or use PostgreSQL via DATABASE_URL to run several processes). Lock file: ${path}`,
        pid,
      );
    }
    // Stale lock of a process that died without releasing it.
    rmSync(path, { force: true });
  }
  throw new Error(`Could not acquire lock file ${path}`);
}
