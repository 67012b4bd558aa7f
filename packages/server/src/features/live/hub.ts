/**
 * Fan-out of live events to the processes holding the browsers' sockets. In one process (PGlite, or
 * SERVER_ROLE=all) events go straight to the local listeners; on PostgreSQL they travel through
 * LISTEN/NOTIFY, so a worker process's events reach every web process.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** userId null: meant for every process (e.g. "this session ended"), never sent to a browser as is. */
export interface LiveEvent {
  userId: number | null;
  type: string;
  data: unknown;
}

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

function deliver(listeners: Set<LiveListener>, event: LiveEvent, log: FastifyBaseLogger): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      log.error({ err }, 'live event listener failed');
    }
  }
}

function isLiveEvent(value: unknown): value is LiveEvent {
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
      client.on('error', (err) => {
        log.error({ err }, 'live channel: LISTEN connection failed; reconnecting');
        if (listenClient === client) listenClient = null;
        client.end().catch(() => undefined);
        scheduleReconnect();
      });
      client.on('notification', (msg) => {
        if (msg.channel !== channel || !msg.payload) return;
        try {
          const event: unknown = JSON.parse(msg.payload);
          if (isLiveEvent(event)) deliver(listeners, event, log);
        } catch (err) {
          log.warn({ err }, 'live channel: unreadable notification');
        }
      });
      try {
        await client.connect();
        // Identifiers cannot be bound as parameters; the channel name is ours, not user input.
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
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

  return {
    kind: 'postgres',
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES) {
        // Events are kept small by their senders; a larger one would make NOTIFY fail.
        log.error({ type: event.type, bytes: Buffer.byteLength(payload) }, 'live event too large for NOTIFY: dropped');
        return;
      }
      await notify(channel, payload);
    },
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
