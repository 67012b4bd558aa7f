import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../../src/db/client.ts';
import { copyTemplate, jobQueueVersion, migrationsFolder, writeSnapshot } from '../../src/db/snapshot.ts';
import { createPgBossQueue } from '../../src/features/transcription/queue.ts';
import { tempDir } from '../helpers.ts';

// The template a new embedded database is copied from (made by the build): it must hold every
// migration and the job queue's schema, so a server opening the copy has nothing left to create.
describe.skipIf(process.env.DATABASE_URL)('database template for new data folders', () => {
  const dir = tempDir('scribe-template-');
  const template = join(dir, 'template');
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is made once and copied into a new data folder, which then opens with nothing to migrate', async () => {
    await writeSnapshot(async (dataDir) => {
      const database = await openDatabase({ databaseUrl: undefined, dataDir, template: null });
      try {
        await (await createPgBossQueue(database, pino({ level: 'silent' }))).close();
      } finally {
        await database.close();
      }
    }, template);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(template, '.lock'))).toBe(false);

    const dataDir = join(dir, 'data');
    expect(copyTemplate(join(dataDir, 'db'), template)).toBe(true);
    const database = await openDatabase({ databaseUrl: undefined, dataDir, template: null });
    try {
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.n).toBe(journal.entries.length);
      const [queue] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'`,
      );
      expect(queue.n).toBe(1);
      // pg-boss 12's job schema (pg-boss 10's was version 24): nothing to set aside or carry over.
      const [boss] = await selectRows<{ version: string }>(database.db, sql`select version from pgboss.version`);
      expect(Number(boss.version)).toBeGreaterThanOrEqual(25);
      const [users] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(users.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('is not used once pg-boss differs from the one that made its job schema', () => {
    const stamp = JSON.parse(readFileSync(`${template}.json`, 'utf8')) as { migrations: string; jobQueue: string };
    expect(stamp.jobQueue).toBe(jobQueueVersion());
    writeFileSync(`${template}.json`, JSON.stringify({ ...stamp, jobQueue: '10.4.2' }));
    const target = join(dir, 'older-queue', 'db');
    expect(copyTemplate(target, template)).toBe(false);
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    writeFileSync(`${template}.json`, JSON.stringify(stamp));
  });

  it('is not used once the migrations differ from the ones it was made with', () => {
    writeFileSync(`${template}.json`, JSON.stringify({ migrations: 'made-with-other-migrations' }));
    const target = join(dir, 'other', 'db');
    expect(copyTemplate(target, template)).toBe(false);
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  });
});
