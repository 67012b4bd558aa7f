// The multi-process tests' round-robin proxy (proxy.ts), against two small backends: requests and
// WebSocket upgrades alternate, bodies and answers pass unchanged, a backend that is gone is skipped,
// and its sockets are dropped so clients reconnect. No database: runs in every pass.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startProxy, type RoundRobinProxy } from './proxy.ts';

interface Echo {
  name: string;
  server: Server;
  port: number;
  seen: IncomingMessage[];
  /** Gone, as a killed process: every connection and socket dropped. */
  stop(): Promise<void>;
}

async function echoBackend(name: string): Promise<Echo> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('set-cookie', [`a=${name}`, 'b=2']);
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, bytes: Buffer.concat(chunks).length, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => {
    socket.send(JSON.stringify({ hello: name, cookie: req.headers.cookie ?? null }));
    socket.on('message', (data) => socket.send(`${name}:${String(data)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    server,
    port: (server.address() as AddressInfo).port,
    seen,
    async stop() {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function openSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers });
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(String(data)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, messages, opened, closed };
}

describe('round-robin test proxy', () => {
  let a: Echo;
  let b: Echo;
  let proxy: RoundRobinProxy;
  beforeAll(async () => {
    a = await echoBackend('a');
    b = await echoBackend('b');
    proxy = await startProxy([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
  });
  afterAll(async () => {
    await proxy.close();
    for (const s of [a, b]) if (s.server.listening) await s.stop();
  });

  it('alternates requests between the backends, passing bodies, statuses, cookies and the client address', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/upload`, { method: 'POST', body });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toHaveLength(2);
      answers.push((await res.json()) as { name: string; bytes: number; forwardedFor: string });
    }
    expect(answers.map((x) => x.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers.every((x) => x.bytes === body.length && x.forwardedFor === '127.0.0.1')).toBe(true);
    expect((await fetch(`${proxy.url}/missing`)).status).toBe(404);
    expect(proxy.log.filter((r) => r.what === 'POST /upload').map((r) => r.backend)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('tunnels WebSockets with their headers, in turn; a backend that goes away drops its sockets and is skipped', async () => {
    const first = openSocket(proxy.url, { Cookie: 'sid=1' });
    await first.opened;
    const second = openSocket(proxy.url);
    await second.opened;
    await expect.poll(() => first.messages.length + second.messages.length).toBe(2);
    const hellos = [first, second].map((s) => JSON.parse(s.messages[0]!) as { hello: string; cookie: string | null });
    expect(new Set(hellos.map((h) => h.hello))).toEqual(new Set(['a', 'b']));
    expect(hellos[0]!.cookie).toBe('sid=1');
    first.socket.send('ping');
    await expect.poll(() => first.messages.at(-1)).toBe(`${hellos[0]!.hello}:ping`);

    // The backend under the first socket stops: the socket closes, and everything goes to the other one.
    const gone = hellos[0]!.hello === 'a' ? a : b;
    const other = gone === a ? b : a;
    await gone.stop();
    expect(await first.closed).toBe(1006);
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
    const again = openSocket(proxy.url);
    await again.opened;
    await expect.poll(() => again.messages.length).toBe(1);
    expect(JSON.parse(again.messages[0]!)).toMatchObject({ hello: other.name });
    for (let i = 0; i < 3; i++) {
      expect(((await (await fetch(`${proxy.url}/x`)).json()) as { name: string }).name).toBe(other.name);
    }
    second.socket.close();
    again.socket.close();
  });
});
