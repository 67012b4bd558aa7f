import type PgBoss from 'pg-boss';

// PostgreSQL errors of two processes creating the same objects at once: deadlock, unique violation,
// duplicate table.
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * Creates a pg-boss queue if it is missing. pg-boss's create_queue is idempotent, but processes that
 * start together on a new database (web and workers under docker compose) can deadlock in it, and
 * PostgreSQL then aborts one of them: that one tries again and finds the queue made.
 */
export async function ensureQueue(boss: PgBoss, name: string, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
