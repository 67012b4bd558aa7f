import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import { apiErrorText, CLOSE_TOO_MANY_SOCKETS, liveCloseErrors } from '@scribe/api-client';
import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { type AuthService } from '../auth/service.ts';
import { SESSION_COOKIE, sessionId } from '../auth/session.ts';
import type { LiveEvent, LiveHub } from './hub.ts';
import { errorBody } from '../../http/errors.ts';
import type { ServerMetrics } from '../metrics/registry.ts';

export const LIVE_PATH = '/ws';

/**
 * Internal event (userId null), published by the server when sessions end (auth-assembly.ts): every process
 * closes the sockets opened with this session and drops it from its session cache.
 */
export const SESSION_ENDED = 'session_ended';

/** Close code sent when the session behind a socket ends (4000-4999: application codes). */
export const CLOSE_SESSION_ENDED = 4401;

export interface LiveRoutesOptions {
  hub: LiveHub;
  auth: AuthService;
  db: Db;
  /** Ping interval; a socket that missed one pong is dropped. Sessions are re-checked at the same pace. */
  keepaliveMs: number;
  /** Open sockets one user may hold on this process; more are closed with CLOSE_TOO_MANY_SOCKETS. */
  maxSocketsPerUser: number;
  /** Told how to count the open sockets (the scribe_live_sockets gauge). */
  metrics?: Pick<ServerMetrics, 'readLiveSockets'>;
}

interface Client {
  socket: WebSocket;
  userId: number;
  sessionId: string;
  alive: boolean;
}

/** A browser on another site must not open a socket with our cookie (cross-site WebSocket hijacking). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // Non-browser clients send none; the cookie still decides.
  try {
    return new URL(origin).host.toLowerCase() === request.host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The live channel: GET /ws upgraded to a WebSocket when the session cookie is valid (else 401 before
 * any upgrade). Each socket gets {type:'connection', data:{userId}} on open and then only its own
 * user's events.
 */
export const livePlugin: FastifyPluginAsync<LiveRoutesOptions> = async (app, opts) => {
  const { hub, auth, db } = opts;
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    // A client breaking the protocol (a frame over maxPayload, a bad opcode: ws's WS_ERR_* codes) is the
    // client's fault: a warning, not an error in our log that any signed-in user could flood.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        request.log.warn({ code, message: error.message }, 'live socket closed: protocol error');
      else request.log.error({ err: error }, 'live socket error');
      socket.terminate();
    },
  });

  const byUser = new Map<number, Set<Client>>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  opts.metrics?.readLiveSockets(() => {
    let open = 0;
    for (const set of byUser.values()) open += set.size;
    return open;
  });

  const remove = (client: Client) => {
    const set = byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) byUser.delete(client.userId);
  };

  const send = (client: Client, type: string, data: unknown) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(JSON.stringify({ type, data }), (err) => {
      if (err) app.log.debug({ err }, 'live: send failed');
    });
  };

  const endSessions = (ended: (client: Client) => boolean) => {
    for (const client of all()) {
      if (!ended(client)) continue;
      remove(client);
      client.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
    }
  };

  const onEvent = (event: LiveEvent) => {
    if (event.userId === null) {
      if (event.type === SESSION_ENDED) {
        const ended = (event.data as { sessionId?: unknown } | null)?.sessionId;
        if (typeof ended === 'string') endSessions((c) => c.sessionId === ended);
      }
      return;
    }
    const clients = byUser.get(event.userId);
    if (!clients) return;
    for (const client of clients) send(client, event.type, event.data);
  };
  const unsubscribe = hub.subscribe(onEvent);

  let checking = false;
  const keepalive = setInterval(() => {
    for (const client of all()) {
      if (!client.alive) {
        remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    // Sessions can also end by expiry or on another process without an event reaching us.
    const ids = [...new Set(all().map((c) => c.sessionId))];
    if (ids.length === 0 || checking) return;
    checking = true;
    db.select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())))
      .then((rows) => {
        const valid = new Set(rows.map((r) => r.id));
        endSessions((c) => !valid.has(c.sessionId));
      })
      .catch((err: unknown) => app.log.error({ err }, 'live: session check failed'))
      .finally(() => {
        checking = false;
      });
  }, opts.keepaliveMs);
  keepalive.unref();

  app.addHook('onClose', async () => {
    clearInterval(keepalive);
    unsubscribe();
  });

  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (!sameOrigin(request)) return reply.code(403).send(errorBody('LIVE_CROSS_SITE'));
    const user = await auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) return reply.code(401).send(errorBody('NOT_AUTHENTICATED'));
    request.user = user;
  }

  app.route({
    method: 'GET',
    url: LIVE_PATH,
    onRequest: guard,
    schema: { hide: true },
    // A plain GET (no Upgrade header) is told what this address is, in the API's shape.
    handler: (_request, reply) => reply.code(426).header('Upgrade', 'websocket').send(errorBody('LIVE_UPGRADE_REQUIRED')),
    wsHandler: (socket, request) => {
      const user = request.user!;
      if ((byUser.get(user.id)?.size ?? 0) >= opts.maxSocketsPerUser) {
        request.log.warn({ userId: user.id, open: byUser.get(user.id)?.size }, 'live socket refused: too many for this user');
        socket.close(CLOSE_TOO_MANY_SOCKETS, apiErrorText(liveCloseErrors[CLOSE_TOO_MANY_SOCKETS]!));
        return;
      }
      const client: Client = {
        socket,
        userId: user.id,
        sessionId: sessionId(request.cookies[SESSION_COOKIE]!),
        alive: true,
      };
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
      set.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => remove(client));
      // Browsers send nothing on this channel; frames are ignored.
      send(client, 'connection', { userId: user.id });
    },
  });
};
