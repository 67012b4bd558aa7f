// Credits: the ledger of every change of a balance, and the purchases of credit packages.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerColumn, users } from './accounts.ts';

export const CREDIT_ENTRY_KINDS = ['starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/**
 * The credit ledger: append-only. Every change of users.credits writes one row in the same
 * transaction (amount signed, balance after it). `reference` makes a change happen at most once:
 * e.g. ('transcription', 'transcript:12'), ('refund', 'transcript:12'), ('purchase', 'payment:pi_...').
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    // Null once the account is deleted: the entries stay (anonymised) so the books still add up.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_id_idx').on(t.userId, t.id),
    uniqueIndex('credit_entries_kind_reference_idx').on(t.kind, t.reference),
    check(
      'credit_entries_kind_check',
      sql`${t.kind} in ('starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant')`,
    ),
    check('credit_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A purchase of a credit package through a payment provider ('test' or 'stripe'). */
export const payments = pgTable(
  'payments',
  {
    /** The provider's payment id (Stripe: the PaymentIntent id). */
    id: text('id').primaryKey(),
    userId: ownerColumn(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    clientSecret: text('client_secret').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId),
    uniqueIndex('payments_client_secret_idx').on(t.clientSecret),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded')`),
  ],
);
