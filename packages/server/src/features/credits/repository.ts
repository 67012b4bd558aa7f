import { and, desc, eq, inArray, like, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditEntries, payments, transcripts, users, type CreditEntryKind, type PaymentRow } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LedgerChange {
  kind: CreditEntryKind;
  /** Signed: negative charges, positive credits. */
  amount: number;
  /** Makes the change happen at most once per (kind, reference). */
  reference: string;
  description?: string;
}

export type ChangeResult =
  | { status: 'applied'; balance: number; entryId: number }
  /** The (kind, reference) entry exists already: nothing changed. */
  | { status: 'duplicate'; balance: number }
  /** A charge larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number }
  | { status: 'no-user' };

/**
 * Applies one ledger change inside `tx`: the user's row is locked first, so every change of one
 * user's credits runs one after the other; the UPDATE is conditional as well (never below zero, also
 * enforced by a CHECK), and the entry goes in with the balance after it.
 */
async function applyChange(tx: Tx, userId: number, change: LedgerChange): Promise<ChangeResult> {
  const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) return { status: 'no-user' };
  const [existing] = await tx
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(and(eq(creditEntries.kind, change.kind), eq(creditEntries.reference, change.reference)));
  if (existing) return { status: 'duplicate', balance: user.credits };
  if (user.credits + change.amount < 0) return { status: 'insufficient', balance: user.credits };
  const [updated] = await tx
    .update(users)
    .set({ credits: user.credits + change.amount })
    .where(and(eq(users.id, userId), eq(users.credits, user.credits)))
    .returning({ credits: users.credits });
  if (!updated) throw new Error('credit balance changed under a row lock');
  const [entry] = await tx
    .insert(creditEntries)
    .values({
      userId,
      kind: change.kind,
      amount: change.amount,
      balanceAfter: updated.credits,
      reference: change.reference,
      description: change.description ?? null,
    })
    .returning({ id: creditEntries.id });
  return { status: 'applied', balance: updated.credits, entryId: entry.id };
}

export function createCreditsRepository(db: Db) {
  return {
    async balance(userId: number): Promise<number | undefined> {
      const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      return row?.credits;
    },

    change(userId: number, change: LedgerChange): Promise<ChangeResult> {
      return db.transaction((tx) => applyChange(tx, userId, change));
    },

    /**
     * Gives back the charge (kind, reference) of this user, once: the refund entry's reference is
     * '<kind>:<reference>'. 'none' when there is no such charge.
     */
    refund(userId: number, kind: CreditEntryKind, reference: string, description?: string): Promise<ChangeResult | { status: 'none' }> {
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select({ amount: creditEntries.amount })
          .from(creditEntries)
          .where(and(eq(creditEntries.userId, userId), eq(creditEntries.kind, kind), eq(creditEntries.reference, reference)));
        if (!charge || charge.amount >= 0) return { status: 'none' as const };
        return applyChange(tx, userId, {
          kind: 'refund',
          amount: -charge.amount,
          reference: `${kind}:${reference}`,
          description,
        });
      });
    },

    /**
     * The charges of one kind whose reference is `base` or `base#n` (a job charged again after a refund),
     * oldest first, each with whether it was refunded.
     */
    async chargesOf(
      userId: number,
      kind: CreditEntryKind,
      base: string,
    ): Promise<{ reference: string; amount: number; refunded: boolean }[]> {
      const charges = await db
        .select({ reference: creditEntries.reference, amount: creditEntries.amount })
        .from(creditEntries)
        .where(
          and(
            eq(creditEntries.userId, userId),
            eq(creditEntries.kind, kind),
            or(eq(creditEntries.reference, base), like(creditEntries.reference, `${base}#%`)),
          ),
        )
        .orderBy(creditEntries.id);
      if (charges.length === 0) return [];
      const refunds = await db
        .select({ reference: creditEntries.reference })
        .from(creditEntries)
        .where(
          and(
            eq(creditEntries.userId, userId),
            eq(creditEntries.kind, 'refund'),
            inArray(
              creditEntries.reference,
              charges.map((c) => `${kind}:${c.reference}`),
            ),
          ),
        );
      const refunded = new Set(refunds.map((r) => r.reference));
      return charges.map((c) => ({ reference: c.reference ?? base, amount: c.amount, refunded: refunded.has(`${kind}:${c.reference}`) }));
    },

    async entries(userId: number, limit = 100) {
      return db.select().from(creditEntries).where(eq(creditEntries.userId, userId)).orderBy(desc(creditEntries.id)).limit(limit);
    },

    /** One page of the user's ledger, newest first: entries with an id below `before` (all when undefined). */
    async page(userId: number, before: number | undefined, limit: number) {
      return db
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, userId), before === undefined ? undefined : lt(creditEntries.id, before)))
        .orderBy(desc(creditEntries.id))
        .limit(limit);
    },

    /** The user's payments among `ids` (the receipts of purchases). */
    async paymentsOf(userId: number, ids: string[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), inArray(payments.id, ids)));
    },

    /** Titles of the user's transcripts among `ids` (deleted ones and other users' are left out). */
    async transcriptTitles(userId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: transcripts.id, title: transcripts.title })
        .from(transcripts)
        .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)));
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    async insertPayment(row: typeof payments.$inferInsert): Promise<void> {
      await db.insert(payments).values(row).onConflictDoNothing();
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    async findPaymentBySecret(userId: number, clientSecret: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.clientSecret, clientSecret)));
      return row;
    },

    async notePaymentError(id: string, message: string): Promise<void> {
      await db.update(payments).set({ lastError: message, updatedAt: new Date() }).where(eq(payments.id, id));
    },

    /**
     * Marks a pending payment succeeded and credits its purchase in one transaction. A second
     * delivery, also a concurrent one, finds the row no longer pending (the row lock makes it wait
     * for the first) and credits nothing.
     */
    completePayment(id: string): Promise<{ credited: boolean; balance: number | null; payment: PaymentRow | null }> {
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .update(payments)
          .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
          .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
          .returning();
        if (!payment) return { credited: false, balance: null, payment: null };
        const result = await applyChange(tx, payment.userId, {
          kind: 'purchase',
          amount: payment.credits,
          reference: `payment:${payment.id}`,
          description: `${payment.credits} credits (${payment.provider})`,
        });
        if (result.status === 'no-user') return { credited: false, balance: null, payment };
        return { credited: result.status === 'applied', balance: result.balance, payment };
      });
    },
  };
}
export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
