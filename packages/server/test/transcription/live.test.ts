// The live channel /ws: who may open it, what arrives on it, when it closes; on PostgreSQL also events
// from other processes (LISTEN/NOTIFY) and separate web and worker processes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createPgLiveHub } from '../../src/features/live/hub.ts';
import { postJson, register, startServer, type TestServer } from '../helpers.ts';
import { api, fixture } from '../library-helpers.ts';
import { LIBRIVOX_TEXT } from './helpers.ts';
import { openLive, upgradeStatus } from './server-helpers.ts';
import { wordErrorRate } from '../support/wer.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('live channel /ws', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { liveKeepaliveMs: 300 });
  });
  afterAll(() => server.close());

  it('refuses the upgrade without a session, with a bogus cookie, and from another site', async () => {
    expect(await upgradeStatus(server, {})).toBe(401);
    expect(await upgradeStatus(server, { Cookie: 'sid=not-a-session' })).toBe(401);
    const { cookie } = await register(server);
    expect(await upgradeStatus(server, { Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(server, { Cookie: cookie, Origin: server.url })).toBe(101);
    // A plain GET without the upgrade is told what the address is (426), in the API's shape.
    const plain = await fetch(`${server.url}/ws`, { headers: { Cookie: cookie } });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ error: 'Upgrade Required: /ws is a WebSocket endpoint', code: 'LIVE_UPGRADE_REQUIRED' });
  });

  it('greets with the user id, survives keepalive pings, and closes when the session signs out', async () => {
    const { cookie, user } = await register(server);
    const live = await openLive(server, cookie);
    expect(live.messages[0]).toEqual({ type: 'connection', data: { userId: user.id } });
    let pings = 0;
    live.socket.on('ping', () => (pings += 1));
    // Pings every 300 ms: at least two awaited, rather than counted after a fixed 1.2 s.
    await vi.waitFor(() => expect(pings).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
    expect(live.socket.readyState).toBe(live.socket.OPEN);

    const res = await postJson(server, '/api/auth/logout', {}, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(await live.closed).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await upgradeStatus(server, { Cookie: cookie })).toBe(401);
  });

  it('closes sockets whose session ended without a sign-out here (expiry, another process)', async () => {
    const { cookie } = await register(server);
    const live = await openLive(server, cookie);
    const { sql } = await import('drizzle-orm');
    await server.app.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await live.closed).code).toBe(4401);
  });

  it.runIf(onPostgres)("PostgreSQL: an event published by another process reaches only its owner's socket", async () => {
    const a = await register(server);
    const b = await register(server);
    const liveA = await openLive(server, a.cookie);
    const liveB = await openLive(server, b.cookie);
    // A second hub on the same database, as a worker process has.
    const other = createPgLiveHub({ connectionString: server.config.databaseUrl!, log: server.app.log });
    try {
      const data = { transcriptId: 42, type: 'progress' as const, progress: 37, message: 'Transcribing audio...' };
      await other.publish({ userId: a.user.id, type: 'transcription_status', data });
      expect(await liveA.status(42, 'progress', 10_000)).toEqual(data);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(liveB.statuses()).toEqual([]);
    } finally {
      await other.close();
      await liveA.close();
      await liveB.close();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL: separate web and worker processes', () => {
  let web: TestServer;
  let worker: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    web = await startServer({ SERVER_ROLE: 'web' });
    // The worker shares the database and (local storage) the data folder, as it would share a volume.
    worker = await buildServer(
      loadConfig({
        ...process.env,
        LOG_LEVEL: 'silent',
        DATABASE_URL: web.config.databaseUrl,
        DATA_DIR: web.dataDir,
        SERVER_ROLE: 'worker',
      }),
    );
    await worker.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('the web process only queues; the worker transcribes; its events reach the browser on the web process', async () => {
    const address = worker.server.address() as { port: number };
    const workerUrl = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${workerUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${workerUrl}/api/auth/me`)).status).toBe(404);

    const a = await register(web);
    const live = await openLive(web, a.cookie);
    const res = await api(web, a.cookie).upload('librivox.wav', fixture('wav'));
    expect(res.status).toBe(201);
    await live.status(res.json.id!, 'complete');
    const t = (await api(web, a.cookie).get(`/api/transcripts/${res.json.id}`)).json as { content: string };
    expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
    await live.close();
  });
});
