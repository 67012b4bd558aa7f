// The PostgreSQL pass skips the files listed as database-free (vitest.config.ts): each must exist and
// must not open a database, or that pass would silently stop covering it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFreeFiles, timedFiles } from '../vitest.config.ts';

const opensDatabase = /startServer|startMain|buildServer|openDatabase|createDatabase|drizzle|pglite|postgres|DATABASE_URL/i;

describe('database-free test files', () => {
  it.each(databaseFreeFiles)('%s exists and opens no database', (file) => {
    const path = join(import.meta.dirname, '..', file);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).not.toMatch(opensDatabase);
  });
});

describe('timed test files', () => {
  it.each(timedFiles)('%s exists and measures time', (file) => {
    const path = join(import.meta.dirname, '..', file);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toMatch(
      /performance\.now\(\)|Date\.now\(\)|support\/bystander|support\/thread-gaps|monitorEventLoopDelay|cpuUsage\(/,
    );
  });
});
