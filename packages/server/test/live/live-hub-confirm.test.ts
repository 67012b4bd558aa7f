// Confirmed publishing on PostgreSQL: the end of a session answers only once every other listening
// process has handled its notice (each acknowledges it), with a bounded wait for one that does not.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgLiveHub, LIVE_CHANNEL, type LiveEvent, type LiveHub } from '../../src/features/live/hub.ts';

const admin = process.env.DATABASE_URL;
const log = pino({ level: 'silent' });

/** A process on the channel written by hand: it acknowledges after `ackAfterMs`, or never (null). */
async function rawPeer(url: string, name: string, ackAfterMs: number | null) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  await client.query("select set_config('application_name', $1, false)", [`scribe-live:${name}`]);
  const heard: unknown[] = [];
  client.on('notification', (msg) => {
    const event = JSON.parse(msg.payload!) as { type: string; data: unknown; receipt?: { id: string } };
    if (!event.receipt) return;
    heard.push(event.data);
    if (ackAfterMs === null) return;
    const ack = JSON.stringify({ userId: null, type: 'live_ack', data: { receipt: event.receipt.id, by: name } });
    setTimeout(() => void client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, ack]).catch(() => undefined), ackAfterMs);
  });
  return { heard, close: () => client.end() };
}

describe.runIf(admin)('PostgreSQL: confirmed live events', () => {
  const name = `scribe_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  const hubs: LiveHub[] = [];
  const seen = new Map<LiveHub, unknown[]>();

  const hub = async () => {
    const h = createPgLiveHub({ connectionString: url, log });
    const events: unknown[] = [];
    h.subscribe((event: LiveEvent) => events.push(event.data));
    await h.ready();
    hubs.push(h);
    seen.set(h, events);
    return h;
  };

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('resolves only when every other listening process has handed each event to its listeners', async () => {
    const [a, b, c] = [await hub(), await hub(), await hub()];
    const slow = await rawPeer(url, 'slow.1', 300);
    try {
      for (let i = 0; i < 10; i++) {
        const events = [0, 1].map((k) => ({ userId: null, type: 'session_ended', data: { round: i, k } }));
        const started = performance.now();
        expect(await a.publishConfirmed(events, 5000)).toBe(true);
        // The hand-written peer acknowledges 300 ms late: the publisher waited for it...
        expect(performance.now() - started).toBeGreaterThanOrEqual(290);
        // ...and the other hubs' listeners had run by then (nothing is awaited after the answer).
        for (const h of [b, c]) expect(seen.get(h)).toEqual(expect.arrayContaining(events.map((e) => e.data)));
        expect(slow.heard).toEqual(expect.arrayContaining(events.map((e) => e.data)));
      }
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('waits at most the bounded time for a process that never acknowledges, and answers false', async () => {
    const a = await hub();
    const silent = await rawPeer(url, 'silent.1', null);
    try {
      const started = performance.now();
      expect(await a.publishConfirmed([{ userId: null, type: 'session_ended', data: 'x' }], 800)).toBe(false);
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(790);
      expect(took).toBeLessThan(3000);
      expect(silent.heard).toEqual(['x']);
    } finally {
      await silent.close();
    }
  }, 30_000);

  it('stops waiting for a process that exits meanwhile', async () => {
    const a = await hub();
    const leaving = await rawPeer(url, 'leaving.1', null);
    const started = performance.now();
    const confirmed = a.publishConfirmed([{ userId: null, type: 'session_ended', data: 'y' }], 10_000);
    setTimeout(() => void leaving.close(), 300);
    expect(await confirmed).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  }, 30_000);
});
