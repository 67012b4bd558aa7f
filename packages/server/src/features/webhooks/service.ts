import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  webhookHeaders,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { ensureQueue } from '../../db/boss.ts';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { JobMetrics } from '../metrics/registry.ts';
import {
  checkUrlShape,
  guardedLookup,
  isForbiddenAddress,
  lookupAll,
  resolveHost,
  type AddressPolicy,
  type HostLookup,
} from './address.ts';
import type { WebhooksRepository } from './repository.ts';
import { newWebhookSecret, signatureHeader } from './signature.ts';

/** The pg-boss queue of deliveries: one job per (webhook, event). */
export const WEBHOOK_QUEUE = 'webhook-delivery';

export interface WebhookConfig extends AddressPolicy {
  /** First retry after about this long, then doubling (pg-boss backoff with jitter). */
  retryDelaySeconds: number;
  /** A delivery is given up this long after the event (network errors and 5xx until then). */
  retryForMs: number;
  /** One attempt's limit, connecting and answering. */
  timeoutMs: number;
}

export interface WebhookJobData {
  deliveryId: number;
}

// Enough to reach a day with doubling delays from 30 s; the deadline above decides before this.
const RETRY_LIMIT = 50;
const DELIVERIES_LISTED = 50;

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event as WebhookEvent,
    state: row.state as WebhookDelivery['state'],
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toWebhook(row: WebhookRow, last: WebhookDeliveryRow | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? toDelivery(last) : null,
  };
}

type AttemptResult = { status: number } | { error: string; permanent: boolean };

/** One POST; never follows redirects (a 3xx is a failed delivery). */
function post(url: URL, body: string, headers: Record<string, string>, config: WebhookConfig, lookup: HostLookup): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'Scribe-Webhooks/1',
        },
        lookup: guardedLookup(config, lookup) as never,
        timeout: config.timeoutMs,
      },
      (res: IncomingMessage) => {
        // The answer's body is not needed; read it away so the socket is released.
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${config.timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({
        error: err.code === 'EFORBIDDENADDRESS' ? 'forbidden address' : err.message.slice(0, 200),
        permanent: err.code === 'EFORBIDDENADDRESS',
      }),
    );
    req.end(body);
  });
}

/** 5xx, 408 and 429 may succeed later; any other non-2xx answer will not. */
function retryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  boss: PgBoss;
  log: FastifyBaseLogger;
  config: WebhookConfig;
  /** Each delivery attempt's duration and outcome (2xx: completed; anything else: failed). */
  metrics?: JobMetrics;
  /** How host names become addresses, at creation and at each delivery (default: the system resolver). */
  lookup?: HostLookup;
}) {
  const { repo, boss, log, config, metrics } = deps;
  const lookup = deps.lookup ?? lookupAll;

  /** The URL, or the 400 that refuses it: not https (http only when private addresses are allowed), or a forbidden address. */
  async function allowedUrl(raw: string): Promise<URL> {
    const url = checkUrlShape(raw, config);
    if (url === 'invalid') throw new HttpError(400, 'WEBHOOK_URL_INVALID', { field: 'url' });
    const addresses = await resolveHost(url.hostname, lookup);
    // A well-formed https URL whose host name does not resolve: not an invalid URL, an unreachable host.
    if (!addresses || addresses.length === 0)
      throw new HttpError(400, 'WEBHOOK_HOST_UNRESOLVED', { field: 'url', params: { host: url.hostname } });
    if (!config.allowPrivate && addresses.some(isForbiddenAddress)) throw new HttpError(400, 'WEBHOOK_URL_NOT_ALLOWED', { field: 'url' });
    return url;
  }

  async function deliver(deliveryId: number): Promise<void> {
    const found = await repo.loadDelivery(deliveryId);
    // Webhook deleted (its deliveries with it), or already settled: nothing to send, ever again.
    if (!found || found.delivery.state === 'delivered' || found.delivery.state === 'failed') return;
    const { delivery, webhook } = found;
    const started = performance.now();
    const url = new URL(webhook.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let result: AttemptResult;
    if (!config.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      result = { error: 'forbidden address', permanent: true };
    } else {
      const timestamp = Math.floor(Date.now() / 1000);
      result = await post(
        url,
        delivery.body,
        {
          [webhookHeaders.signature]: signatureHeader(webhook.secret, delivery.body, timestamp),
          [webhookHeaders.eventId]: delivery.eventId,
          [webhookHeaders.event]: delivery.event,
        },
        config,
        lookup,
      );
    }
    const status = 'status' in result ? result.status : null;
    const error = 'error' in result ? result.error : null;
    const delivered = status !== null && status >= 200 && status < 300;
    metrics?.jobFinished(WEBHOOK_QUEUE, delivered ? 'completed' : 'failed', (performance.now() - started) / 1000);
    if (delivered) {
      await repo.recordAttempt(delivery.id, { state: 'delivered', lastStatus: status, lastError: null });
      return;
    }
    const again = status !== null ? retryable(status) : !('permanent' in result && result.permanent);
    const late = Date.now() - delivery.createdAt.getTime() >= config.retryForMs;
    if (!again || late) {
      await repo.recordAttempt(delivery.id, { state: 'failed', lastStatus: status, lastError: error });
      log.warn({ deliveryId, webhookId: webhook.id, status, error, late }, 'webhook delivery given up');
      return;
    }
    await repo.recordAttempt(delivery.id, { state: 'retrying', lastStatus: status, lastError: error });
    // Thrown: pg-boss keeps the job and runs it again after its backoff (stored, so a restart keeps it).
    throw new Error(`webhook delivery ${deliveryId} will be retried (${status ?? error})`);
  }

  async function enqueue(deliveryId: number): Promise<void> {
    const job: WebhookJobData = { deliveryId };
    await boss.send(WEBHOOK_QUEUE, job, {
      retryLimit: RETRY_LIMIT,
      retryDelay: config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: Math.ceil(config.timeoutMs / 1000) + 60,
    });
  }

  /**
   * Open deliveries whose job is gone (the process died between storing the delivery and queueing it,
   * or pg-boss gave up) get a new job; on the embedded database (one process) an 'active' job at start
   * belongs to a killed process and is started again instead of waiting for it to expire.
   */
  async function recover(soleProcess: boolean): Promise<void> {
    for (const d of await repo.openDeliveriesWithJobs(WEBHOOK_QUEUE)) {
      try {
        if (d.jobState === 'created' || d.jobState === 'retry') continue;
        if (d.jobState === 'active') {
          if (!soleProcess) continue;
          await boss.cancel(WEBHOOK_QUEUE, d.jobId!);
        } else if (Date.now() - d.createdAt.getTime() < 60_000) {
          // Maybe being queued right now by another request.
          continue;
        }
        log.warn({ deliveryId: d.id, jobState: d.jobState }, 'webhook delivery without a live job: queueing it again');
        await enqueue(d.id);
      } catch (err) {
        log.error({ err, deliveryId: d.id }, 'webhook delivery recovery failed');
      }
    }
  }

  return {
    async list(userId: number): Promise<Webhook[]> {
      const rows = await repo.list(userId);
      const last = await repo.lastDeliveries(rows.map((r) => r.id));
      return rows.map((r) => toWebhook(r, last.get(r.id)));
    },

    async create(userId: number, body: CreateWebhookRequest): Promise<CreatedWebhook> {
      const url = await allowedUrl(body.url);
      const secret = newWebhookSecret();
      const row = await repo.insert({ userId, url: url.toString(), events: [...new Set(body.events)], secret });
      return { ...toWebhook(row, undefined), secret };
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new HttpError(404, 'WEBHOOK_NOT_FOUND');
    },

    async deliveries(userId: number, id: number): Promise<WebhookDelivery[]> {
      if (!(await repo.find(userId, id))) throw new HttpError(404, 'WEBHOOK_NOT_FOUND');
      return (await repo.deliveries(id, DELIVERIES_LISTED)).map(toDelivery);
    },

    /**
     * Queues `event` for each of the user's webhooks subscribed to it. Never throws: the action that
     * caused the event has happened whatever becomes of its notification (failures are logged).
     */
    async emit(userId: number, event: WebhookEvent, data: Record<string, unknown>, eventId: string = randomUUID()): Promise<void> {
      try {
        const targets = await repo.subscribed(userId, event);
        const body = JSON.stringify({ id: eventId, type: event, createdAt: new Date().toISOString(), data });
        for (const webhook of targets) {
          const delivery = await repo.insertDelivery({ webhookId: webhook.id, eventId, event, body });
          if (delivery) await enqueue(delivery.id);
        }
      } catch (err) {
        log.error({ err, userId, event, eventId }, 'could not queue a webhook event');
      }
    },

    /** Runs deliveries in this process (worker roles), after recovering interrupted ones. */
    async startDelivering(soleProcess: boolean, pollingIntervalSeconds = 1): Promise<() => Promise<void>> {
      await ensureQueue(boss, WEBHOOK_QUEUE);
      await recover(soleProcess).catch((err: unknown) => log.error({ err }, 'webhook delivery recovery failed'));
      await boss.work<WebhookJobData>(WEBHOOK_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await deliver(Number(job.data.deliveryId));
      });
      return async () => {
        await boss.offWork(WEBHOOK_QUEUE).catch((err: unknown) => log.error({ err }, 'could not stop the webhook workers'));
      };
    },

    /** Creates the queue (every role that emits needs it before sending). */
    async prepare(): Promise<void> {
      await ensureQueue(boss, WEBHOOK_QUEUE);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
