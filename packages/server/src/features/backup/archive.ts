/**
 * Backups of an embedded (PGlite) installation: one tar file holding the database snapshot, the audio
 * files of local storage and the ALTCHA key, so a restored DATA_DIR serves the same accounts, audio
 * and captcha signatures. On PostgreSQL and S3 the operator uses pg_dump and the store's own copies
 * (README "Backups").
 *
 * Layout inside the tar: manifest.json, db.tar.gz (PGlite's own data-folder dump), files/…, altcha-hmac.key.
 */
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireLock } from '../../db/lock.ts';

export const BACKUP_FORMAT = 'scribe-backup';
export const BACKUP_VERSION = 1;
const KEY_FILE = 'altcha-hmac.key';

export class BackupError extends Error {
  override name = 'BackupError';
}

interface Manifest {
  format: string;
  version: number;
  createdAt: string;
  /** Audio files of local storage are inside (false when the server stores audio in S3). */
  files: boolean;
}

export interface BackupSource {
  dataDir: string;
  /** A consistent dump of the running database (PGlite's dumpDataDir after a checkpoint). */
  snapshot: () => Promise<Blob>;
  /** Audio lives in DATA_DIR/files (local storage); with S3 it is not part of the backup. */
  localFiles: boolean;
}

export interface BackupResult {
  file: string;
  bytes: number;
  audioFiles: number;
}

/** Hard links files into the staging folder (same file system, no copy); copies where linking fails. */
function linkTree(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  let count = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) count += linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
      count++;
    }
  }
  return count;
}

/** tar is loaded by the first backup or restore, not by every server start (it costs ~15 ms of start-up). */
const loadTar = () => import('tar');

/**
 * Writes a backup to `file` (through a temporary name, so a failed run leaves no half-written backup).
 * The database is dumped first and the audio linked after: an upload finishing in between adds a file
 * no row names, which is harmless; a file deleted in between is rare and only loses that deleted item.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupResult> {
  const tmpRoot = join(source.dataDir, 'tmp');
  mkdirSync(tmpRoot, { recursive: true });
  const staging = await mkdtemp(join(tmpRoot, 'backup-'));
  const partial = `${file}.partial`;
  try {
    const dump = await source.snapshot();
    await writeFile(join(staging, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const entries = ['manifest.json', 'db.tar.gz'];
    let audioFiles = 0;
    const filesDir = join(source.dataDir, 'files');
    if (source.localFiles && existsSync(filesDir)) {
      audioFiles = linkTree(filesDir, join(staging, 'files'));
      entries.push('files');
    }
    if (existsSync(join(source.dataDir, KEY_FILE))) {
      copyFileSync(join(source.dataDir, KEY_FILE), join(staging, KEY_FILE));
      entries.push(KEY_FILE);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      files: source.localFiles,
    };
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(dirname(file), { recursive: true });
    await (await loadTar()).create({ file: partial, cwd: staging, portable: true }, entries);
    // Accounts and audio: readable by this account only.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, audioFiles };
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

function isEmptyOrMissing(dir: string, ignore: string[] = []): boolean {
  return !existsSync(dir) || readdirSync(dir).every((name) => ignore.includes(name));
}

/**
 * Restores a backup into a DATA_DIR without a database (a new folder, or one emptied by the operator);
 * the server must not be running there. The server migrates the restored database on its next start.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ audioFiles: number; createdAt: string }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const dbDir = join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  // The same lock the server takes: a running server (or a second restore) makes this fail clearly.
  const lock = acquireLock(join(dbDir, '.lock'), `DATA_DIR ${dataDir}`);
  const staging = join(dataDir, 'tmp', `restore-${process.pid}-${Date.now()}`);
  try {
    if (!isEmptyOrMissing(dbDir, ['.lock'])) {
      throw new BackupError(`${dataDir} already has a database. Restore into a new or empty DATA_DIR.`);
    }
    if (!isEmptyOrMissing(join(dataDir, 'files'))) {
      throw new BackupError(`${join(dataDir, 'files')} already holds audio files. Restore into a new or empty DATA_DIR.`);
    }
    mkdirSync(staging, { recursive: true });
    try {
      await (await loadTar()).extract({ file, cwd: staging, strict: true });
    } catch (err) {
      throw new BackupError(`${file} is not a readable backup (${err instanceof Error ? err.message : String(err)}).`);
    }
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new BackupError(`${file} is not a Scribe backup (no manifest).`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new BackupError(`${file} is not a Scribe backup of version ${BACKUP_VERSION}.`);
    }
    const dump = await readFile(join(staging, 'db.tar.gz'));
    try {
      const client = await PGlite.create(dbDir, { loadDataDir: new Blob([dump]) });
      await client.close();
    } catch (err) {
      // Nothing half-restored: the folder is as empty as it was.
      for (const name of readdirSync(dbDir)) if (name !== '.lock') rmSync(join(dbDir, name), { recursive: true, force: true });
      throw new BackupError(`The database in ${file} could not be loaded (${err instanceof Error ? err.message : String(err)}).`);
    }
    let audioFiles = 0;
    if (existsSync(join(staging, 'files'))) {
      rmSync(join(dataDir, 'files'), { recursive: true, force: true });
      renameSync(join(staging, 'files'), join(dataDir, 'files'));
      audioFiles = countFiles(join(dataDir, 'files'));
    }
    if (existsSync(join(staging, KEY_FILE))) {
      copyFileSync(join(staging, KEY_FILE), join(dataDir, KEY_FILE));
      chmodSync(join(dataDir, KEY_FILE), 0o600);
    }
    return { audioFiles, createdAt: manifest.createdAt };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countFiles(join(dir, entry.name));
    else if (entry.isFile()) n++;
  }
  return n;
}
