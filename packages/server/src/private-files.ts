import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Audio, the database and keys are the users' data: readable by the server's own account only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) readable by this account only; an existing one is tightened. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/**
 * Walks a folder tree: folders become 0700, files 0600 (files written before these modes, or by a
 * library that uses the process umask). Files `shouldRemove` picks are deleted instead. Symbolic
 * links are left alone.
 */
export async function tightenTree(root: string, shouldRemove?: (path: string, mtimeMs: number) => boolean): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await chmod(dir, PRIVATE_DIR_MODE).catch(() => undefined);
    for (const name of names) {
      const path = join(dir, name);
      const info = await lstat(path).catch(() => null);
      if (!info) continue;
      if (info.isDirectory()) await walk(path);
      else if (info.isFile()) {
        if (shouldRemove?.(path, info.mtimeMs)) {
          await rm(path, { force: true });
          removed++;
        } else if ((info.mode & 0o777) !== PRIVATE_FILE_MODE) {
          await chmod(path, PRIVATE_FILE_MODE).catch(() => undefined);
        }
      }
    }
  };
  await walk(root);
  return removed;
}

/** Removes the files directly in `dir` untouched for `olderThanMs`, except those in `busy`. */
export async function removeOldFiles(dir: string, olderThanMs: number, busy: ReadonlySet<string> = new Set()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (busy.has(path)) continue;
    const info = await lstat(path).catch(() => null);
    if (!info?.isFile() || info.mtimeMs > cutoff) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
