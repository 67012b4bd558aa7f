import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from '../../db/schema.ts';

export function createWebhooksRepository(db: Db) {
  return {
    /**
     * Open deliveries (pending or retrying) with the state of their newest pg-boss job, for recovery
     * (the queue name is passed in: the service owns it).
     */
    async openDeliveriesWithJobs(
      queue: string,
    ): Promise<Array<{ id: number; createdAt: Date; jobId: string | null; jobState: string | null }>> {
      const rows = await selectRows<{ id: number; created_at: Date | string; job_id: string | null; state: string | null }>(
        db,
        sql`select d.id, d.created_at, j.id as job_id, j.state
            from ${webhookDeliveries} d
            left join lateral (
              select id, state::text as state from pgboss.job
              where name = ${queue} and data->>'deliveryId' = d.id::text
              order by created_on desc
              limit 1
            ) j on true
            where d.state in ('pending', 'retrying')`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
        jobId: r.job_id,
        jobState: r.state,
      }));
    },

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
    async insertDelivery(row: {
      webhookId: number;
      eventId: string;
      event: string;
      body: string;
    }): Promise<WebhookDeliveryRow | undefined> {
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
    async recordAttempt(
      id: number,
      outcome: { state: WebhookDeliveryRow['state']; lastStatus: number | null; lastError: string | null },
    ): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: new Date() })
        .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.state, ['pending', 'retrying'])));
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
