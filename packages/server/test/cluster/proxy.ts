// A small round-robin reverse proxy for HTTP and WebSocket upgrades, owned by the multi-process tests:
// what Caddy does in deploy/Caddyfile (round robin, X-Forwarded-* for TRUST_PROXY=1, retry of a backend
// that refuses the connection), and a log of which backend took which request.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface Backend {
  name: string;
  port: number;
}

export interface Routed {
  /** 'GET /api/health' or 'UPGRADE /ws'. */
  what: string;
  backend: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Every request and upgrade in arrival order, with the backend that took it. */
  log: Routed[];
  /** The backend that took the last request matching `what` (e.g. 'POST /api/transcripts/upload'). */
  lastBackend(what: string | RegExp): string | undefined;
  /** Open WebSocket tunnels per backend name. */
  tunnels(): Record<string, number>;
  close(): Promise<void>;
}

/** Hop-by-hop headers are the proxy's own; they are not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function forwardedHeaders(req: IncomingMessage, keepUpgrade: boolean): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) && !(keepUpgrade && (name === 'connection' || name === 'upgrade'))) continue;
    headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? '127.0.0.1';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  // It stands in for the TLS proxy: the browser spoke HTTPS to it.
  headers['x-forwarded-proto'] = 'https';
  return headers;
}

/** The raw request head of an upgrade, as the backend should receive it. */
function upgradeHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (const [name, value] of Object.entries(forwardedHeaders(req, true))) {
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const refused = (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET';

/**
 * Starts the proxy on 127.0.0.1 (random port). Each request or upgrade goes to the next backend in turn;
 * one that refuses the connection (its process is gone) is skipped and the next one tried, before a
 * single byte of the request is sent, so bodies are streamed and never replayed.
 */
export async function startProxy(backends: Backend[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const log: Routed[] = [];
  const open = new Map<string, Set<Duplex>>();
  const order = () => {
    const start = turn++ % backends.length;
    return backends.map((_, i) => backends[(start + i) % backends.length]!);
  };

  function proxyHttp(req: IncomingMessage, res: ServerResponse) {
    const candidates = order();
    const attempt = (i: number) => {
      const backend = candidates[i];
      if (!backend) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
        return;
      }
      let sent = false;
      const upstream = httpRequest({
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, false),
        // A new connection per request: a refused connect is then known before the body is sent.
        agent: false,
      });
      upstream.on('socket', (socket: Socket) => {
        socket.once('connect', () => {
          sent = true;
          log.push({ what: `${req.method} ${req.url?.split('?')[0]}`, backend: backend.name });
          req.pipe(upstream);
        });
      });
      upstream.on('response', (answer) => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!sent && refused(err)) return attempt(i + 1);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`backend ${backend.name} failed: ${err.message}`);
        else res.destroy();
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
    };
    attempt(0);
  }

  function proxyUpgrade(req: IncomingMessage, client: Duplex, head: Buffer) {
    const candidates = order();
    client.on('error', () => undefined);
    const attempt = (i: number) => {
      const backend = candidates[i];
      if (!backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = connect(backend.port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        log.push({ what: `UPGRADE ${req.url?.split('?')[0]}`, backend: backend.name });
        const set = open.get(backend.name) ?? new Set<Duplex>();
        set.add(client);
        open.set(backend.name, set);
        upstream.write(upgradeHead(req));
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!connected && refused(err)) return attempt(i + 1);
        client.destroy();
      });
      // Either side gone: the other goes too (a killed backend drops the browser's socket).
      upstream.on('close', () => {
        if (!connected) return;
        open.get(backend.name)?.delete(client);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  }

  const server: Server = createServer(proxyHttp);
  server.on('upgrade', proxyUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    lastBackend(what) {
      const matches = (w: string) => (typeof what === 'string' ? w === what : what.test(w));
      return [...log].reverse().find((r) => matches(r.what))?.backend;
    },
    tunnels() {
      return Object.fromEntries([...open].map(([name, set]) => [name, set.size]));
    },
    async close() {
      for (const set of open.values()) for (const s of set) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
