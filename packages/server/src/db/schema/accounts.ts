// Accounts and signing in: users, their sessions, and the anti-abuse records of sign-in and registration.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The owner of a row: every resource belongs to one user and every query filters by it; deleting the
 * account deletes the row.
 */
export function ownerColumn() {
  return integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored NFKC-normalised (accounts made before that, as typed); uniqueness and sign-in lookups
    // are case-insensitive through lower(), and compare compatibility forms alike (users_username_nfkc_idx).
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en'),
    /** Credit balance; changed only together with a credit_entries row (features/credits). */
    credits: integer('credits').notNull().default(0),
    /**
     * The account's latest tutorial sample transcript (no foreign key: it stays set after the
     * transcript is deleted). Set once the one free sample was made; later samples are charged.
     */
    tutorialSampleId: integer('tutorial_sample_id'),
    /** E-mail the account's address when a transcription finishes (Settings; only with SMTP_URL set). */
    emailWhenTranscribed: boolean('email_when_transcribed').notNull().default(false),
    /** Names and terms the transcription should expect (Settings; the upload dialog offers them). */
    vocabulary: jsonb('vocabulary').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Not unique: older accounts may hold two names that are one under NFKC (both keep signing in).
    index('users_username_nfkc_idx').on(sql`lower(normalize(${t.username}, NFKC))`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_credits_check', sql`${t.credits} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 (hex) of the cookie token: a leaked table does not give usable cookies.
    id: text('id').primaryKey(),
    userId: ownerColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Updated at most once a minute (features/auth), so a read does not become a write each time. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), shown in the list of sessions. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** ALTCHA challenges already redeemed, kept until they expire (replay protection). */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_at_idx').on(t.expiresAt)],
);

/**
 * Attempt counters, one fixed window per key: sign-ins ('login-ip:...', 'login-account:...') and
 * registrations ('register-ip:...'). features/auth/attempt-limiter.ts reserves an attempt before it is made.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
