/**
 * Credits: the ledger (through the repository), what things cost, charging and refunding work, and
 * buying packages through the configured payment provider.
 *
 * For the AI feature: `runPaidPrompt` (charged before the provider runs, HTTP 402 when the balance is
 * too small, refunded when the run fails). For the transcription worker: `chargeTranscription` and
 * `refundTranscription`, which answer with credits' own outcome types and never throw for a short balance.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreditHistory,
  type CreditHistoryEntry,
  type CreditPackage,
  type PaymentsConfig,
  type PurchaseResponse,
  type TestCardRequest,
  type TestPaymentResult,
  type ApiErrorCode,
  type ApiErrorParams,
  startedMinutes,
} from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { CreditsConfig } from '../../config.ts';
import type { CreditEntryKind } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { CreditsRepository } from './repository.ts';
import type { StripeProvider } from './providers/stripe.ts';
import { checkTestCard } from './providers/test-mode.ts';
import type { PaymentProvider } from './providers/types.ts';

/** What a short balance was to pay for: it picks the 402's code and its parameters. */
export type ChargeFor = { kind: 'prompt'; model: string } | { kind: 'transcription'; minutes: number };

/** A charge larger than the balance: HTTP 402 with a clear `error`; nothing was charged. */
export class NotEnoughCreditsError extends HttpError {
  constructor(
    readonly needed: number,
    readonly balance: number,
    what: ChargeFor,
  ) {
    super(
      402,
      what.kind === 'transcription'
        ? 'NOT_ENOUGH_CREDITS_TRANSCRIPTION'
        : what.model === 'local'
          ? 'NOT_ENOUGH_CREDITS_LOCAL_PROMPT'
          : 'NOT_ENOUGH_CREDITS_PROMPT',
      {
        params: {
          ...(what.kind === 'transcription' ? { minutes: what.minutes } : what.model === 'local' ? {} : { model: what.model }),
          needed,
          balance,
        },
      },
    );
    this.name = 'NotEnoughCreditsError';
  }
}

/** Models the AI feature names; anything else is priced like gpt-4 (the dearest) unless it is 'local'. */
export type PromptModel = 'local' | 'gpt-3.5' | 'gpt-4';

export interface Charge {
  /** True when this call took the credits; false when the same reference was charged before. */
  charged: boolean;
  amount: number;
  balance: number;
}

export interface PromptCharge extends Charge {
  reference: string;
  /** Gives the credits back (once; later calls do nothing). */
  refund(): Promise<void>;
}

/** What charging a transcript came to; a short balance is an outcome, not an error. */
export type TranscriptionChargeOutcome =
  | { status: 'charged'; amount: number; balance: number }
  /** This transcript was charged before (a retried job): nothing taken now. */
  | { status: 'already-charged'; amount: number; balance: number }
  /** Nothing taken; `message` is the text the user sees (the 402 text of the HTTP API), `code` and `params` its cause. */
  | { status: 'not-enough-credits'; needed: number; balance: number; message: string; code: ApiErrorCode; params?: ApiErrorParams };

/** 'nothing-to-refund': no charge, or it was refunded before. */
export type RefundOutcome = 'refunded' | 'nothing-to-refund';

/** The transcript a transcription charge belongs to. */
export interface BilledTranscript {
  id: number;
  userId: number;
}

export interface CreditsServiceOptions {
  repo: CreditsRepository;
  config: CreditsConfig;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a ledger reference points at: a payment, a transcript, and for refunds the kind of charge given back. */
function describeReference(
  kind: CreditEntryKind,
  reference: string | null,
): { paymentId?: string; transcriptId?: number; refundOf?: 'transcription' | 'ai_prompt' } {
  if (!reference) return {};
  if (kind === 'purchase') return reference.startsWith('payment:') ? { paymentId: reference.slice('payment:'.length) } : {};
  let rest = reference;
  let refundOf: 'transcription' | 'ai_prompt' | undefined;
  if (kind === 'refund') {
    const m = /^(transcription|ai_prompt):(.*)$/.exec(reference);
    if (!m) return {};
    refundOf = m[1] as 'transcription' | 'ai_prompt';
    rest = m[2];
  }
  const t = /^transcript:(\d{1,10})(?:[#/]|$)/.exec(rest);
  const transcriptId = t ? Number(t[1]) : undefined;
  return {
    ...(refundOf ? { refundOf } : {}),
    ...(transcriptId !== undefined && transcriptId <= 2_147_483_647 ? { transcriptId } : {}),
  };
}

/** The billing rule, shared with the app's estimate before an upload (one definition, in the contract). */
export { startedMinutes };

export function createCreditsService({ repo, config, provider, log }: CreditsServiceOptions) {
  async function balance(userId: number): Promise<number> {
    return (await repo.balance(userId)) ?? 0;
  }

  /** Takes `amount` credits once per (kind, reference); NotEnoughCreditsError (402) when the balance is too small. */
  async function charge(
    userId: number,
    change: {
      kind: Exclude<CreditEntryKind, 'refund' | 'purchase' | 'starting_grant'>;
      amount: number;
      reference: string;
      description: string;
      what: ChargeFor;
    },
  ): Promise<Charge> {
    if (!Number.isInteger(change.amount) || change.amount < 0) throw new Error(`invalid charge ${change.amount}`);
    const result = await repo.change(userId, {
      kind: change.kind,
      amount: -change.amount,
      reference: change.reference,
      description: change.description,
    });
    switch (result.status) {
      case 'applied':
        return { charged: true, amount: change.amount, balance: result.balance };
      case 'duplicate':
        return { charged: false, amount: change.amount, balance: result.balance };
      case 'insufficient':
        throw new NotEnoughCreditsError(change.amount, result.balance, change.what);
      case 'no-user':
        throw new HttpError(401, 'NOT_AUTHENTICATED');
    }
  }

  /** Gives back the charge (kind, reference), once. True when credits went back now. */
  async function refund(userId: number, kind: CreditEntryKind, reference: string, description?: string): Promise<boolean> {
    const result = await repo.refund(userId, kind, reference, description);
    return result.status === 'applied';
  }

  function promptCost(model: string): number {
    const costs = config.promptCosts;
    if (model === 'local' || model === 'gpt-3.5' || model === 'gpt-4') return costs[model];
    return costs['gpt-4'];
  }

  async function chargePrompt(userId: number, model: string, reference: string = randomUUID()): Promise<PromptCharge> {
    const amount = promptCost(model);
    const result = await charge(userId, {
      kind: 'ai_prompt',
      amount,
      reference,
      description: `AI prompt (${model})`,
      what: { kind: 'prompt', model },
    });
    return {
      ...result,
      reference,
      refund: async () => {
        await refund(userId, 'ai_prompt', reference, `AI prompt (${model}) failed`);
      },
    };
  }

  const packages = (): CreditPackage[] => config.packages.map((p) => ({ ...p }));

  return {
    balance,
    packages,
    charge,
    refund,
    promptCost,
    chargePrompt,

    /**
     * Charges the prompt, runs it, and refunds when it throws (the error goes on unchanged). A
     * balance that is too small throws NotEnoughCreditsError (HTTP 402) before `run` starts.
     */
    async runPaidPrompt<T>(userId: number, model: string, run: (charge: PromptCharge) => Promise<T>, transcriptId?: number): Promise<T> {
      // The transcript in the reference lets the credit history name what the prompt ran on.
      const paid = await chargePrompt(
        userId,
        model,
        transcriptId === undefined ? undefined : `transcript:${transcriptId}/prompt:${randomUUID()}`,
      );
      try {
        return await run(paid);
      } catch (err) {
        await paid
          .refund()
          .catch((e: unknown) => log.error({ err: e, userId, reference: paid.reference }, 'could not refund a failed AI prompt'));
        throw err;
      }
    },

    /** One page of the user's ledger, newest first, each entry with what it was for (history route). */
    async history(userId: number, cursor: string | undefined, limit: number): Promise<CreditHistory> {
      const rows = await repo.page(userId, cursor === undefined ? undefined : Number(cursor), limit + 1);
      const page = rows.slice(0, limit);
      const described = page.map((row) => ({ row, about: describeReference(row.kind, row.reference) }));
      const paymentIds = described.flatMap((d) => (d.about.paymentId ? [d.about.paymentId] : []));
      const transcriptIds = described.flatMap((d) => (d.about.transcriptId === undefined ? [] : [d.about.transcriptId]));
      const [paid, titles] = await Promise.all([
        repo.paymentsOf(userId, paymentIds),
        repo.transcriptTitles(userId, [...new Set(transcriptIds)]),
      ]);
      const byPayment = new Map(paid.map((p) => [p.id, p]));
      const entries: CreditHistoryEntry[] = described.map(({ row, about }) => {
        const payment = about.paymentId ? byPayment.get(about.paymentId) : undefined;
        const title = about.transcriptId === undefined ? undefined : titles.get(about.transcriptId);
        const charged = row.kind === 'refund' ? about.refundOf : row.kind;
        return {
          id: row.id,
          kind: row.kind,
          amount: row.amount,
          balanceAfter: row.balanceAfter,
          createdAt: row.createdAt.toISOString(),
          transcript: title === undefined || about.transcriptId === undefined ? null : { id: about.transcriptId, title },
          refundOf: row.kind === 'refund' ? (about.refundOf ?? null) : null,
          model: charged === 'ai_prompt' ? (/^AI prompt \(([^)]+)\)/.exec(row.description ?? '')?.[1] ?? null) : null,
          minutes: row.kind === 'transcription' ? Number(/(\d+) minutes?$/.exec(row.description ?? '')?.[1] ?? Number.NaN) || null : null,
          reason: row.kind === 'admin_grant' ? row.description : null,
          receipt: payment
            ? {
                providerReference: payment.id,
                provider: payment.provider,
                credits: payment.credits,
                amountCents: payment.amountCents,
                currency: payment.currency,
                paidAt: row.createdAt.toISOString(),
              }
            : null,
        };
      });
      return { entries, nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1].id) : null };
    },

    transcriptionCost(seconds: number): number {
      return startedMinutes(seconds) * config.perTranscriptionMinute;
    },

    /**
     * Charges a transcript once per started minute of its audio. A retried job finds its charge and
     * pays nothing; a transcript whose charge was refunded (it failed, and the user asked to try again)
     * is charged anew, under the reference 'transcript:<id>#<n>'.
     */
    async chargeTranscription(transcript: BilledTranscript, seconds: number): Promise<TranscriptionChargeOutcome> {
      const minutes = startedMinutes(seconds);
      const base = `transcript:${transcript.id}`;
      const earlier = await repo.chargesOf(transcript.userId, 'transcription', base);
      const open = earlier.find((c) => !c.refunded);
      if (open) return { status: 'already-charged', amount: -open.amount, balance: await balance(transcript.userId) };
      try {
        const result = await charge(transcript.userId, {
          kind: 'transcription',
          amount: minutes * config.perTranscriptionMinute,
          reference: earlier.length === 0 ? base : `${base}#${earlier.length + 1}`,
          description: `Transcription, ${plural(minutes, 'minute', 'minutes')}`,
          what: { kind: 'transcription', minutes },
        });
        return { status: result.charged ? 'charged' : 'already-charged', amount: result.amount, balance: result.balance };
      } catch (err) {
        if (err instanceof NotEnoughCreditsError) {
          return {
            status: 'not-enough-credits',
            needed: err.needed,
            balance: err.balance,
            message: err.message,
            code: err.code,
            ...(err.params ? { params: err.params } : {}),
          };
        }
        throw err;
      }
    },

    /** Whether the transcript holds a charge that was not refunded (a retry of it then costs nothing). */
    async transcriptionPaid(transcript: BilledTranscript): Promise<boolean> {
      const charges = await repo.chargesOf(transcript.userId, 'transcription', `transcript:${transcript.id}`);
      return charges.some((c) => !c.refunded);
    },

    /**
     * Refuses (HTTP 402) new audio the balance cannot pay for: at least one started minute, or the
     * estimate when the length is known.
     */
    async requireTranscriptionCredits(userId: number, seconds = 1): Promise<void> {
      const minutes = Math.max(1, startedMinutes(seconds));
      const needed = minutes * config.perTranscriptionMinute;
      if (needed <= 0) return;
      const have = await balance(userId);
      if (have < needed) throw new NotEnoughCreditsError(needed, have, { kind: 'transcription', minutes });
    },

    /** Gives a transcript's charge back (a failed or deleted transcription), once. */
    async refundTranscription(transcript: BilledTranscript): Promise<RefundOutcome> {
      const charges = await repo.chargesOf(transcript.userId, 'transcription', `transcript:${transcript.id}`);
      let refunded = false;
      for (const c of charges.filter((x) => !x.refunded)) {
        if (await refund(transcript.userId, 'transcription', c.reference, 'Transcription failed')) refunded = true;
      }
      if (!refunded) return 'nothing-to-refund';
      log.info({ transcriptId: transcript.id }, 'transcription refunded');
      return 'refunded';
    },

    /** Credits given by an operator (the admin CLI): one 'admin_grant' ledger entry with the reason. */
    async grant(userId: number, amount: number, reason: string): Promise<number> {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error(`invalid grant ${amount}`);
      const result = await repo.change(userId, { kind: 'admin_grant', amount, reference: `admin:${randomUUID()}`, description: reason });
      if (result.status !== 'applied') throw new Error(`grant not applied: ${result.status}`);
      return result.balance;
    },

    paymentsConfig(): PaymentsConfig {
      return config.stripe ? { provider: 'stripe', publishableKey: config.stripe.publishableKey } : { provider: 'test' };
    },

    async purchase(userId: number, credits: number): Promise<PurchaseResponse> {
      const pkg = config.packages.find((p) => p.credits === credits);
      if (!pkg) throw new HttpError(400, 'UNKNOWN_PACKAGE');
      const idempotencyKey = `purchase-${userId}-${randomUUID()}`;
      const created = await provider.createPayment({
        userId,
        credits: pkg.credits,
        amountCents: pkg.price,
        currency: 'usd',
        idempotencyKey,
      });
      await repo.insertPayment({
        id: created.id,
        userId,
        provider: provider.name,
        credits: pkg.credits,
        amountCents: pkg.price,
        currency: 'usd',
        clientSecret: created.clientSecret,
      });
      return { clientSecret: created.clientSecret, provider: provider.name, paymentId: created.id, credits: pkg.credits, price: pkg.price };
    },

    /** The test-mode card form: 4242... credits the purchase once; 4000...0002 is declined (402). */
    async confirmTestPayment(userId: number, clientSecret: string, card: TestCardRequest): Promise<TestPaymentResult> {
      const payment = await repo.findPaymentBySecret(userId, clientSecret);
      if (!payment || payment.provider !== 'test') throw new HttpError(404, 'PAYMENT_NOT_FOUND');
      if (payment.status === 'succeeded') return { status: 'succeeded', credits: payment.credits, balance: await balance(userId) };
      const outcome = checkTestCard(card);
      if (!outcome.ok) {
        await repo.notePaymentError(payment.id, outcome.message);
        throw new HttpError(outcome.status, outcome.code);
      }
      const done = await repo.completePayment(payment.id);
      return { status: 'succeeded', credits: payment.credits, balance: done.balance ?? (await balance(userId)) };
    },

    /**
     * A Stripe webhook delivery: the signature is checked over the raw body (bad: 400, nothing
     * credited); payment_intent.succeeded credits its payment once, after checking amount, currency
     * and credits against the package bought.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; credited: boolean }> {
      if (provider.name !== 'stripe') throw new HttpError(404, 'STRIPE_NOT_CONFIGURED');
      let event: Stripe.Event;
      try {
        event = (provider as StripeProvider).parseWebhook(rawBody, signature);
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Stripe webhook with a bad signature');
        throw new HttpError(400, 'INVALID_WEBHOOK_SIGNATURE');
      }
      if (event.type !== 'payment_intent.succeeded') return { received: true, credited: false };
      const intent = event.data.object;
      const payment = await repo.findPayment(intent.id);
      if (!payment || payment.provider !== 'stripe') {
        log.warn({ paymentIntent: intent.id, event: event.id }, 'payment_intent.succeeded for a payment this server did not create');
        return { received: true, credited: false };
      }
      const received = intent.amount_received || intent.amount;
      const matches =
        intent.amount === payment.amountCents &&
        received === payment.amountCents &&
        intent.currency === payment.currency &&
        intent.metadata?.credits === String(payment.credits) &&
        intent.metadata?.userId === String(payment.userId);
      if (!matches) {
        log.error(
          // Ids only: the payment row holds the client secret.
          { paymentIntent: intent.id, event: event.id, paymentId: payment.id, userId: payment.userId },
          'payment_intent.succeeded does not match its credit package: not credited',
        );
        throw new HttpError(400, 'PAYMENT_PACKAGE_MISMATCH');
      }
      const done = await repo.completePayment(payment.id);
      if (done.credited) log.info({ paymentIntent: intent.id, userId: payment.userId, credits: payment.credits }, 'credits purchased');
      return { received: true, credited: done.credited };
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
/** The part of credits the transcription worker uses. */
export type TranscriptionBilling = Pick<CreditsService, 'chargeTranscription' | 'refundTranscription'>;
/** The part of credits that uploads and retries check before they accept work. */
export type TranscriptionGate = Pick<CreditsService, 'requireTranscriptionCredits' | 'transcriptionPaid'>;
