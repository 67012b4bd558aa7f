/**
 * Fan-out of live events to the processes holding the browsers' sockets. In one process (PGlite, or
 * SERVER_ROLE=all) events go straight to the local listeners; on PostgreSQL they travel through
 * LISTEN/NOTIFY, so a worker process's events reach every web process.
 */
import { randomBytes } from 'node:crypto';
import type { LiveMessage } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** For one user's browsers: a message of the live channel's contract (`LiveMessage` in api-client). */
export type UserLiveEvent = LiveMessage & { userId: number };

/** userId null: meant for every process (e.g. "this session ended"), never sent to a browser as is. */
export interface ProcessLiveEvent {
  userId: null;
  type: string;
  data: unknown;
}

export type LiveEvent = UserLiveEvent | ProcessLiveEvent;

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  readonly kind: 'memory' | 'postgres';
  publish(event: LiveEvent): Promise<void>;
  /** Listens for events published by any process (this one included); returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
  /** Resolves once events published from now on reach this process's listeners (or listening failed and is retried). */
  ready(): Promise<void>;
  /** Whether events of other processes reach this one now (false while LISTEN is down or not yet up). */
  listening(): boolean;
  /**
   * Publishes and resolves once every other process listening now has handed the events to its
   * listeners (they acknowledge each one), or after `waitMs`: true when all acknowledged in time.
   */
  publishConfirmed(events: LiveEvent[], waitMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_LIMIT_BYTES = 7999;
export const LIVE_CHANNEL = 'scribe_live';
/**
 * Local event (userId null) each time LISTEN is (re)established: events of other processes may have
 * been missed before it, so whatever was kept on their strength (the session cache) starts over.
 */
export const LIVE_RESUMED = 'live_resumed';
/** Acknowledgement of an event published with a receipt (handled by the hubs, never delivered). */
const LIVE_ACK = 'live_ack';
/** Listening connections name themselves this plus their process's id once LISTEN is up. */
const PEER_PREFIX = 'scribe-live:';
// While waiting for acknowledgements, how often the listening processes are listed again (one that
// exited or lost its connection meanwhile is no longer waited for).
const PEER_RECHECK_MS = 250;

function deliver(listeners: Set<LiveListener>, event: LiveEvent, log: FastifyBaseLogger): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      log.error({ err }, 'live event listener failed');
    }
  }
}

/** On the wire: an event may carry a receipt that each listening process acknowledges. */
type WireEvent = LiveEvent & {
  receipt?: { id: string; from: string };
};

function isLiveEvent(value: unknown): value is WireEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.userId === null || Number.isInteger(v.userId)) && typeof v.type === 'string';
}

/** Single process: publish calls the listeners directly. */
export function createMemoryLiveHub(log: FastifyBaseLogger): LiveHub {
  const listeners = new Set<LiveListener>();
  return {
    kind: 'memory',
    async publish(event) {
      deliver(listeners, event, log);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ready() {},
    listening: () => true,
    async publishConfirmed(events) {
      // Listeners run synchronously here: delivered means handled.
      for (const event of events) deliver(listeners, event, log);
      return true;
    },
    async close() {
      listeners.clear();
    },
  };
}

export interface PgLiveHubOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  /** Sends NOTIFY; the app passes its pool so no extra connection is needed for publishing. */
  notify?: (channel: string, payload: string) => Promise<void>;
  channel?: string;
}

/**
 * LISTEN/NOTIFY. One dedicated connection LISTENs (opened on the first subscribe, so a worker that only
 * publishes holds none) and reconnects with a growing pause after a failure. Notifications are
 * delivered to the listening sessions after the sending transaction commits, in order per sender.
 *
 * Confirmed publishing: a process knows how long a notice takes to reach the others only by asking
 * them. Each listening connection names itself `scribe-live:<process id>` (visible in
 * pg_stat_activity) once LISTEN is up; the publisher lists those first, then waits until each has
 * acknowledged each event, which it does on its own connection after its listeners ran.
 */
export function createPgLiveHub(options: PgLiveHubOptions): LiveHub {
  const { log, connectionString } = options;
  const channel = options.channel ?? LIVE_CHANNEL;
  const listeners = new Set<LiveListener>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;
  let ownPool: pg.Pool | null = null;
  const self = randomBytes(8).toString('hex');
  // Each LISTEN connection gets its own name: one that replaced a lost one missed what came before it.
  let connections = 0;
  // Receipt id -> processes that acknowledged it (only receipts this process waits for).
  const pending = new Map<string, Set<string>>();
  const wakers = new Set<() => void>();

  const notify =
    options.notify ??
    (async (ch: string, payload: string) => {
      if (!ownPool) {
        ownPool = new pg.Pool({ connectionString, max: 1 });
        // An idle connection cut by the server is replaced on the next notify; don't crash on it.
        ownPool.on('error', () => undefined);
      }
      await ownPool.query('select pg_notify($1, $2)', [ch, payload]);
    });

  const scheduleReconnect = () => {
    if (closed || retryTimer || listeners.size === 0) return;
    failures += 1;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, delay);
    retryTimer.unref();
  };

  const listen = (): Promise<void> => {
    if (closed || listenClient) return Promise.resolve();
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString, application_name: 'scribe-live' });
      const name = `${self}.${++connections}`;
      client.on('error', (err) => {
        log.error({ err }, 'live channel: LISTEN connection failed; reconnecting');
        if (listenClient === client) listenClient = null;
        client.end().catch(() => undefined);
        scheduleReconnect();
      });
      client.on('notification', (msg) => {
        if (msg.channel !== channel || !msg.payload) return;
        let event: unknown;
        try {
          event = JSON.parse(msg.payload);
        } catch (err) {
          log.warn({ err }, 'live channel: unreadable notification');
          return;
        }
        if (!isLiveEvent(event)) return;
        if (event.userId === null && event.type === LIVE_ACK) {
          const { receipt, by } = (event.data ?? {}) as { receipt?: unknown; by?: unknown };
          const acked = typeof receipt === 'string' ? pending.get(receipt) : undefined;
          if (acked && typeof by === 'string') {
            acked.add(by);
            for (const wake of wakers) wake();
          }
          return;
        }
        const { receipt, ...plain } = event;
        deliver(listeners, plain, log);
        // Acknowledged after the listeners ran (they are synchronous), on this dedicated connection so
        // a busy pool cannot hold the acknowledgement back.
        if (receipt && typeof receipt.id === 'string' && receipt.from !== self) {
          const ack = JSON.stringify({ userId: null, type: LIVE_ACK, data: { receipt: receipt.id, by: name } });
          client.query('select pg_notify($1, $2)', [channel, ack]).catch((err: unknown) => {
            log.warn({ err }, 'live channel: could not acknowledge an event');
          });
        }
      });
      try {
        await client.connect();
        // Identifiers cannot be bound as parameters; the channel name is ours, not user input.
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        // Named only now: a publisher that lists this process can count on it hearing the event.
        await client.query("select set_config('application_name', $1, false)", [PEER_PREFIX + name]);
        if (closed) {
          await client.end();
          return;
        }
        listenClient = client;
        failures = 0;
        deliver(listeners, { userId: null, type: LIVE_RESUMED, data: null }, log);
      } catch (err) {
        log.error({ err }, 'live channel: could not LISTEN; retrying');
        await client.end().catch(() => undefined);
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const publish = async (event: WireEvent) => {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES) {
      // Events are kept small by their senders; a larger one would make NOTIFY fail.
      log.error({ type: event.type, bytes: Buffer.byteLength(payload) }, 'live event too large for NOTIFY: dropped');
      return;
    }
    await notify(channel, payload);
  };

  /** The other processes whose LISTEN is up on this database now. */
  const listPeers = async (client: pg.Client): Promise<Set<string>> => {
    const { rows } = await client.query<{ name: string }>(
      `select substr(application_name, $2) as name from pg_stat_activity
        where datname = current_database() and left(application_name, $1) = $3`,
      [PEER_PREFIX.length, PEER_PREFIX.length + 1, PEER_PREFIX],
    );
    return new Set(rows.map((r) => r.name).filter((name) => !name.startsWith(`${self}.`)));
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  async function publishConfirmed(events: LiveEvent[], waitMs: number): Promise<boolean> {
    const deadline = performance.now() + waitMs;
    await listen();
    const client = listenClient;
    let peers: Set<string> | null = null;
    if (client) peers = await listPeers(client).catch(() => null);
    const receipts = events.map(() => randomBytes(8).toString('hex'));
    const acked = receipts.map((id) => {
      const set = new Set<string>();
      pending.set(id, set);
      return set;
    });
    try {
      for (const [i, event] of events.entries()) await publish({ ...event, receipt: { id: receipts[i]!, from: self } });
      if (!client || !peers) {
        // Acknowledgements cannot reach this process: the most it can do is give the others time.
        log.warn('live channel: not listening; an event is published without confirmation');
        await pause(Math.max(0, deadline - performance.now()));
        return false;
      }
      let checked = performance.now();
      for (;;) {
        const missing = [...peers].filter((peer) => acked.some((set) => !set.has(peer)));
        if (missing.length === 0) return true;
        const left = deadline - performance.now();
        if (left <= 0) {
          log.warn({ missing: missing.length }, 'live channel: processes did not acknowledge an event in time');
          return false;
        }
        await pause(Math.min(left, PEER_RECHECK_MS));
        if (performance.now() - checked >= PEER_RECHECK_MS) {
          checked = performance.now();
          // A process that exited (or lost its connection, and so empties its caches) is not waited for.
          const now = await listPeers(client).catch(() => null);
          if (now) peers = new Set([...peers].filter((peer) => now.has(peer)));
        }
      }
    } finally {
      for (const id of receipts) pending.delete(id);
    }
  }

  return {
    kind: 'postgres',
    publish,
    publishConfirmed,
    subscribe(listener) {
      listeners.add(listener);
      void listen();
      return () => listeners.delete(listener);
    },
    ready: () => listen(),
    listening: () => listenClient !== null,
    async close() {
      closed = true;
      listeners.clear();
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => undefined);
      await ownPool?.end().catch(() => undefined);
    },
  };
}
