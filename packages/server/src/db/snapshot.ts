// A new embedded database starts from a copy of a data folder made at build time instead of running
// initdb (PGlite runs it in a second WebAssembly instance: most of a first start's seconds). The
// template has every migration applied and is stamped with the migrations it holds and the pg-boss
// version that made its job schema: it is used only while those are exactly the current ones. A plain folder copied before PGlite opens it, rather than
// PGlite's own tarball loading, which unpacked it through the WebAssembly file system and left the
// process about 110 MB larger (measured: 405 MB idle after a first start that way, 285-298 MB with
// the copy).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverPath } from '../paths.ts';

export const migrationsFolder = serverPath('drizzle');
/** The build's template; its stamp sits beside it (`<dir>.json`). */
export const buildTemplateDir = serverPath('dist', 'db-template');

/** A digest of every migration file (SQL and journal), in name order. */
export function migrationsDigest(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name.endsWith('.sql') || name === '_journal.json') hash.update(name).update(readFileSync(path));
      else if (!name.includes('.')) walk(path);
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/**
 * The installed pg-boss's version: the template holds its job schema too, and a pg-boss of another
 * major has another schema (a template made with pg-boss 10 would have to be upgraded at first start).
 */
export function jobQueueVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve('pg-boss/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Fills the new data folder `dir` from the template when there is one for the current migrations;
 * false when there is none (not built, or built for other migrations): PGlite then runs initdb.
 */
export function copyTemplate(dir: string, templateDir = buildTemplateDir): boolean {
  const stampPath = `${templateDir}.json`;
  if (!existsSync(join(templateDir, 'PG_VERSION')) || !existsSync(stampPath)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { migrations?: string; jobQueue?: string };
    if (stamp.migrations !== migrationsDigest() || stamp.jobQueue !== jobQueueVersion()) return false;
  } catch {
    return false;
  }
  cpSync(templateDir, dir, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  return true;
}

/**
 * Builds the template (at build time, through build-snapshot.ts): `prepare` gets a new data folder,
 * opens it as the server does (migrations, the job queue's schema) and closes it again; its database
 * becomes the template.
 */
export async function writeSnapshot(prepare: (dataDir: string) => Promise<void>, templateDir = buildTemplateDir): Promise<void> {
  const stampPath = `${templateDir}.json`;
  const digest = migrationsDigest();
  rmSync(templateDir, { recursive: true, force: true });
  rmSync(stampPath, { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-db-template-'));
  try {
    await prepare(dataDir);
    cpSync(join(dataDir, 'db'), templateDir, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(stampPath, JSON.stringify({ migrations: digest, jobQueue: jobQueueVersion() }) + '\n');
}
