// The API for other programs: personal API tokens, and webhooks with their deliveries.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerColumn } from './accounts.ts';

/** Personal API tokens (Settings): `Authorization: Bearer …` on the API, as their owner. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    // sha256 (hex) of the secret: a leaked table gives no usable tokens.
    hash: text('hash').notNull(),
    /** The secret's first characters, shown in the list to tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute, like sessions. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Kept (not deleted) so a revoked token answers its own code rather than 'invalid'. */
    revoked: boolean('revoked').notNull().default(false),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.hash), index('api_tokens_user_id_idx').on(t.userId)],
);

/** HTTPS endpoints a user registered for events (features/webhooks). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
    url: text('url').notNull(),
    /** Event names subscribed to (api-client webhookEvents). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** Signing key of the deliveries; the receiver got it once, at creation. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list is read in id order: (user_id, id) serves it without a sort or a scan of others' rows.
  (t) => [index('webhooks_user_id_id_idx').on(t.userId, t.id)],
);

/** One event for one webhook: at most one row per event id, so an event is never delivered twice. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact body sent on every attempt (the signature covers it). */
    body: text('body').notNull(),
    /** pending, retrying, delivered or failed. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_unique').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
