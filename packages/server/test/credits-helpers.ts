// Helpers for the credits tests: a small local fake of Stripe's PaymentIntents API and signed webhooks.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/client.ts';
import type { TestServer } from './helpers.ts';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: string;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

export interface FakeStripe {
  url: string;
  /** Every POST /v1/payment_intents as received: its form fields and Idempotency-Key header. */
  requests: Array<{ fields: Record<string, string>; idempotencyKey: string | undefined; authorization: string | undefined }>;
  intents: Map<string, FakeIntent>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Speaks the part of Stripe's API the server uses: POST /v1/payment_intents (form-encoded, replaying
 * the first answer for a repeated Idempotency-Key, as Stripe does) and GET /v1/payment_intents/{id}.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  let counter = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const fields = Object.fromEntries(new URLSearchParams(body));
        const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
        requests.push({ fields, idempotencyKey, authorization: req.headers.authorization });
        const replay = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, replay);
        if (!fields.amount || !fields.currency) {
          return send(400, { error: { type: 'invalid_request_error', message: 'Missing required param: amount.' } });
        }
        const id = `pi_fake${String(++counter).padStart(6, '0')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(fields)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(fields.amount),
          amount_received: 0,
          currency: fields.currency,
          client_secret: `${id}_secret_fake${counter}`,
          status: 'requires_payment_method',
          description: fields.description ?? null,
          metadata,
          livemode: false,
        };
        intents.set(id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const intent = intents.get(get[1]);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const WEBHOOK_SECRET = 'whsec_test_credits_secret';

let eventCounter = 0;

/** A payment_intent.succeeded event for an intent, as Stripe would send it after the card was charged. */
export function succeededEvent(intent: FakeIntent, overrides: Partial<FakeIntent> = {}) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_fake${eventCounter}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount, ...overrides } },
  });
}

const signer = new Stripe('sk_test_signer');

/** The Stripe-Signature header for a payload, made as Stripe's own SDK makes it. */
export function sign(payload: string, secret = WEBHOOK_SECRET): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

export function postWebhook(server: TestServer, payload: string, signature: string | undefined) {
  return fetch(`${server.url}/api/credits/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });
}

/** The ledger of one user, oldest first. */
export async function ledger(server: TestServer, userId: number) {
  const rows = await selectRows<{ kind: string; amount: number; balance_after: number; reference: string | null }>(
    server.app.database.db,
    sql`select kind, amount, balance_after, reference from credit_entries where user_id = ${userId} order by id`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), balance_after: Number(r.balance_after) }));
}

/** The stored balance straight from the users row. */
export async function storedBalance(server: TestServer, userId: number): Promise<number> {
  const [row] = await selectRows<{ credits: number }>(server.app.database.db, sql`select credits from users where id = ${userId}`);
  return Number(row.credits);
}
