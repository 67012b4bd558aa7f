import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from '../../db/schema.ts';

export function createWebhooksRepository(db: Db) {
  return {
    async insert(row: { userId: number; url: string; events: string[]; secret: string }): Promise<WebhookRow> {
      const [inserted] = await db.insert(webhooks).values(row).returning();
      return inserted!;
    },

    async list(userId: number): Promise<WebhookRow[]> {
      return db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(webhooks.id);
    },

    async find(userId: number, id: number): Promise<WebhookRow | undefined> {
      const [row] = await db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
      return row;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(webhooks)
        .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
        .returning({ id: webhooks.id });
      return rows.length > 0;
    },

    /** The user's webhooks subscribed to `event`. */
    async subscribed(userId: number, event: string): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.userId, userId), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
    },

    /** The newest deliveries of a webhook (its own only). */
    async deliveries(webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
    },

    /** The newest delivery of each webhook. */
    async lastDeliveries(webhookIds: number[]): Promise<Map<number, WebhookDeliveryRow>> {
      if (webhookIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([webhookDeliveries.webhookId])
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.webhookId, webhookIds))
        .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.id));
      return new Map(rows.map((r) => [r.webhookId, r]));
    },

    /** A delivery for (webhook, event id); undefined when one exists already (never twice). */
    async insertDelivery(row: { webhookId: number; eventId: string; event: string; body: string }): Promise<WebhookDeliveryRow | undefined> {
      const [inserted] = await db.insert(webhookDeliveries).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async loadDelivery(id: number): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, webhook: webhooks })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(eq(webhookDeliveries.id, id));
      return row;
    },

    /** Records an attempt's outcome; only while the delivery is still open (pending or retrying). */
    async recordAttempt(id: number, outcome: { state: WebhookDeliveryRow['state']; lastStatus: number | null; lastError: string | null }): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: new Date() })
        .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.state, ['pending', 'retrying'])));
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
