/**
 * Operator commands on the server's database: `pnpm admin <command>`.
 *
 *   list-users
 *   reset-password <user> [--password <new>]   (without --password one is generated and printed)
 *   grant-credits <user> <n> [--reason <text>]
 *   backup <file>    (PGlite: a snapshot of the database, the audio files and the captcha key)
 *   restore <file>   (PGlite: into a DATA_DIR without a database, the server stopped)
 *
 * <user> is an id, a username or an e-mail. It opens the database the server uses (same
 * environment: DATA_DIR or DATABASE_URL). PGlite allows one process per data folder, so while the
 * server runs on PGlite this refuses; on PostgreSQL it works next to the running server.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { asc, count, eq, gt, and } from 'drizzle-orm';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { LockError } from '../db/lock.ts';
import { sessions, users, type UserRow } from '../db/schema.ts';
import { requestBackup } from '../features/backup/admin-socket.ts';
import { BackupError, restoreBackup, writeBackup } from '../features/backup/archive.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { createAuthRepository } from '../features/auth/repository.ts';
import { createPgLiveHub } from '../features/live/hub.ts';
import { SESSION_ENDED } from '../features/live/routes.ts';
import { createCreditsRepository } from '../features/credits/repository.ts';
import { createCreditsService } from '../features/credits/service.ts';
import { createTestModeProvider } from '../features/credits/providers/test-mode.ts';
import { StartupError } from '../startup-error.ts';
import { limits } from '@scribe/api-client';

const USAGE = `Usage: pnpm admin <command>
  list-users
  reset-password <user> [--password <new>]   (without --password, one is generated and printed)
  grant-credits <user> <n> [--reason <text>]
  backup <file>      PGlite: database, audio files and captcha key in one file (works while the server runs)
  restore <file>     PGlite: into a new or empty DATA_DIR, with the server stopped
<user>: id, username or e-mail.
On PostgreSQL back up with pg_dump (README "Backups").`;

class UsageError extends Error {}

async function findUser(database: Database, key: string | undefined): Promise<UserRow> {
  if (!key) throw new UsageError('Name the user: an id, a username or an e-mail.');
  const db = database.db;
  if (/^\d+$/.test(key)) {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, Number(key)));
    if (row) return row;
  }
  const row = await createAuthRepository(db).findUserByLogin(key);
  if (!row) throw new UsageError(`No user ${JSON.stringify(key)}.`);
  return row;
}

async function run(argv: string[], database: Database): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: 'string' }, reason: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  const db = database.db;
  switch (command) {
    case 'list-users': {
      const active = db
        .select({ userId: sessions.userId, n: count().as('n') })
        .from(sessions)
        .where(gt(sessions.expiresAt, new Date()))
        .groupBy(sessions.userId)
        .as('active');
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          credits: users.credits,
          createdAt: users.createdAt,
          sessions: active.n,
        })
        .from(users)
        .leftJoin(active, and(eq(active.userId, users.id)))
        .orderBy(asc(users.id));
      console.log(['id', 'username', 'email', 'credits', 'sessions', 'created'].join('\t'));
      for (const r of rows) {
        console.log([r.id, r.username, r.email, r.credits, r.sessions ?? 0, r.createdAt.toISOString()].join('\t'));
      }
      console.log(`${rows.length} ${rows.length === 1 ? 'user' : 'users'}`);
      return;
    }
    case 'reset-password': {
      const user = await findUser(database, rest[0]);
      const generated = values.password === undefined;
      const password = values.password ?? randomBytes(12).toString('base64url');
      if (password.length < limits.passwordMin)
        throw new UsageError(`The password must be at least ${limits.passwordMin} characters long.`);
      if (password.length > limits.passwordMax) throw new UsageError(`The password must be at most ${limits.passwordMax} characters long.`);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));
      // Whoever knew the old password is signed out too.
      const ended = await db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
      // Running web processes (PostgreSQL) drop them from their session caches before this command ends.
      if (database.url && ended.length > 0) {
        const hub = createPgLiveHub({ connectionString: database.url, log: pino({ level: 'silent' }) });
        try {
          const events = ended.map(({ id }) => ({ userId: null, type: SESSION_ENDED, data: { sessionId: id } }));
          if (!(await hub.publishConfirmed(events, 10_000))) console.error('Some running server processes did not confirm the sign-out.');
        } finally {
          await hub.close();
        }
      }
      console.log(`Password of ${user.username} (id ${user.id}) reset; ${ended.length} session(s) signed out.`);
      if (generated) console.log(`New password: ${password}`);
      return;
    }
    case 'grant-credits': {
      const user = await findUser(database, rest[0]);
      const amount = Number(rest[1]);
      if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000_000) {
        throw new UsageError('The number of credits must be a whole number above 0.');
      }
      const config = loadConfig();
      const credits = createCreditsService({
        repo: createCreditsRepository(db),
        config: config.credits,
        provider: createTestModeProvider(),
        log: pino({ level: 'silent' }),
      });
      const balance = await credits.grant(user.id, amount, values.reason ?? 'Granted by an operator');
      console.log(`Granted ${amount} credits to ${user.username} (id ${user.id}); balance now ${balance}.`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command ${JSON.stringify(command)}.` : 'Name a command.');
  }
}

/** backup and restore: the running server writes the snapshot when there is one (it holds PGlite). */
async function backupCommand(command: 'backup' | 'restore', args: string[]): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.databaseUrl) {
    console.error(
      'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump, for example\n' +
        '  pg_dump --format=custom --file=scribe.dump "$DATABASE_URL"\n' +
        'and restore with pg_restore (README "Backups"). Audio in S3 is copied with the store\'s own tools.',
    );
    return 1;
  }
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(`Name the backup file.\n\n${USAGE}`);
    return 1;
  }
  const file = resolve(args[0]);
  try {
    if (command === 'restore') {
      const restored = await restoreBackup(file, config.dataDir);
      console.log(`Restored the backup of ${restored.createdAt} into ${config.dataDir} (${restored.audioFiles} audio files).`);
      return 0;
    }
    const result = (await requestBackup(config.dataDir, file)) ?? (await backupStopped(config, file));
    console.log(`Backup written to ${result.file} (${result.bytes} bytes, ${result.audioFiles} audio files).`);
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof LockError || err instanceof StartupError) {
      console.error(
        err instanceof LockError ? `The server (pid ${err.pid}) is running on this DATA_DIR: stop it before restoring.` : err.message,
      );
      return 1;
    }
    throw err;
  }
}

/** No server listens on the data folder: open the database here and dump it. */
async function backupStopped(config: ReturnType<typeof loadConfig>, file: string) {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  try {
    return await writeBackup(
      { dataDir: config.dataDir, snapshot: database.snapshot!, localFiles: config.storage.driver === 'local' },
      file,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  if (argv[0] === 'backup' || argv[0] === 'restore') return backupCommand(argv[0], argv.slice(1));
  let database: Database;
  try {
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof LockError) {
      console.error(
        `The server (pid ${err.pid}) is running on the PGlite database in this DATA_DIR, and PGlite allows one ` +
          'process per data folder. Stop the server and run the command again (or run the server on PostgreSQL ' +
          'with DATABASE_URL, where this works while it runs).',
      );
      return 1;
    }
    if (err instanceof ConfigError || err instanceof StartupError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    await run(argv, database);
    return 0;
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err instanceof Error && err.name === 'TypeError' && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
