// A new embedded database starts from a snapshot made at build time instead of running initdb (PGlite
// runs it in a second WebAssembly instance: most of a first start's seconds). The snapshot is the data
// folder of an in-memory PGlite with every migration applied, as a gzipped tar, stamped with the
// migrations it holds: it is used only while those are exactly the current ones.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { serverPath } from '../paths.ts';
import { schema } from './schema.ts';

export const migrationsFolder = serverPath('drizzle');
const snapshotPath = serverPath('dist', 'db-snapshot.tar.gz');
const stampPath = `${snapshotPath}.json`;

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

/** The snapshot for the current migrations, or undefined (not built, or made for other migrations). */
export function currentSnapshot(): Blob | undefined {
  if (!existsSync(snapshotPath) || !existsSync(stampPath)) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { migrations?: string };
    if (stamp.migrations !== migrationsDigest()) return undefined;
    return new Blob([readFileSync(snapshotPath)]);
  } catch {
    return undefined;
  }
}

/** Builds the snapshot (at build time, through build-snapshot.ts). */
export async function writeSnapshot(): Promise<void> {
  const digest = migrationsDigest();
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    const tar = await client.dumpDataDir('gzip');
    writeFileSync(snapshotPath, Buffer.from(await tar.arrayBuffer()));
    writeFileSync(stampPath, JSON.stringify({ migrations: digest }) + '\n');
  } finally {
    await client.close();
  }
}
