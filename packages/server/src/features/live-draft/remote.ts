/**
 * Live draft text when web and worker processes are separate (SERVER_ROLE=web and worker, PostgreSQL):
 * the web process that receives a recording hands its drafting to a worker through the live hub, and
 * the worker's drafts reach the owner through the hub as in one process (observer.ts). No sticky
 * routing: any web process may receive any piece.
 *
 * Notices between processes (userId null, a few hundred bytes: NOTIFY payloads must stay under 8 KB,
 * so audio never travels in them; the worker reads each piece from storage, where it is stored before
 * it is acknowledged):
 * - start: each worker with a free slot (LIVE_DRAFT_MAX_SESSIONS) starts a session and claims the
 *   recording (claims.ts: the first insert wins; a loser frees its session), then says 'claimed'. The web
 *   waits briefly for that, then settles the claim: one made by then stands, otherwise no worker may take
 *   it any more and live text is 'busy'.
 * - piece: seq N is stored; the claiming worker feeds its session every piece from the last one fed up
 *   to N, in order (notices from different web processes may cross).
 * - end: the worker frees the session.
 * A worker renews its claims while it drafts; a claim not renewed for the lease belonged to a worker
 * that died: the web process receiving the next piece marks it drafted by nobody and tells the owner
 * live text stopped ('busy'); the recording itself goes on and finishes as any other.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/index.ts';
import type { CreditsService } from '../credits/service.ts';
import { NotEnoughCreditsError } from '../credits/service.ts';
import type { LiveEvent, LiveHub } from '../live/hub.ts';
import type { LiveAvailability, LiveUnavailableReason, RecordingObserver } from '../recordings/observer.ts';
import type { RecordingsRepository } from '../recordings/repository.ts';
import type { LiveDraftClaims } from './claims.ts';
import { liveFormatOf } from './decoder.ts';
import { LIVE_EVENT, type LiveDraftObserver } from './observer.ts';

export const REMOTE_START = 'live-draft.start';
export const REMOTE_CLAIMED = 'live-draft.claimed';
export const REMOTE_DECLINED = 'live-draft.declined';
export const REMOTE_PIECE = 'live-draft.piece';
export const REMOTE_END = 'live-draft.end';

/** How long a new recording waits for a worker's claim before live text is 'busy'. */
export const DEFAULT_CLAIM_WAIT_MS = 3000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type RecordingStart = Parameters<RecordingObserver['started']>[0];

interface Notice {
  recordingId: string;
  userId: number;
}

/** The recording a notice is about, or null for anything malformed. */
function noticeOf(event: LiveEvent): (Notice & Record<string, unknown>) | null {
  if (event.userId !== null || typeof event.data !== 'object' || event.data === null) return null;
  const data = event.data as Record<string, unknown>;
  if (typeof data.recordingId !== 'string' || !Number.isInteger(data.userId)) return null;
  return data as Notice & Record<string, unknown>;
}

const unavailable = (rec: Notice, reason: LiveUnavailableReason): LiveEvent => ({
  userId: rec.userId,
  type: LIVE_EVENT,
  data: { recordingId: rec.recordingId, available: false, reason },
});

export interface RemoteLiveDraftOptions {
  /** LIVE_DRAFT_ENABLED. */
  enabled: boolean;
  hub: Pick<LiveHub, 'publish' | 'subscribe'>;
  claims: LiveDraftClaims;
  credits: Pick<CreditsService, 'requireTranscriptionCredits'>;
  log: Log;
  claimWaitMs?: number;
}

/** The web process's observer: hands each recording's live text to a worker. */
export function createRemoteLiveDraftObserver(options: RemoteLiveDraftOptions): RecordingObserver & { close(): void } {
  const { hub, claims, log } = options;
  const waitMs = options.claimWaitMs ?? DEFAULT_CLAIM_WAIT_MS;
  // Recordings waiting for a worker: resolved with null when claimed, or a worker's reason to decline.
  const waiting = new Map<string, (outcome: LiveUnavailableReason | null) => void>();
  const unsubscribe = hub.subscribe((event) => {
    if (event.type !== REMOTE_CLAIMED && event.type !== REMOTE_DECLINED) return;
    const notice = noticeOf(event);
    if (!notice) return;
    waiting.get(notice.recordingId)?.(event.type === REMOTE_CLAIMED ? null : 'unsupported');
  });
  const quietly = (what: string, work: () => Promise<void>) =>
    void work().catch((err: unknown) => log.error({ err }, `live drafts: could not ${what}`));

  return {
    async started(rec: RecordingStart): Promise<LiveAvailability> {
      // The checks that need no engine; the worker checks the language against its engine.
      if (!options.enabled) return { available: false, reason: 'disabled' };
      if (!liveFormatOf(rec.mimeType)) return { available: false, reason: 'unsupported' };
      try {
        // Free, but only offered to a user who could pay for a minute of the final transcript.
        await options.credits.requireTranscriptionCredits(rec.userId, 60);
      } catch (err) {
        if (err instanceof NotEnoughCreditsError) return { available: false, reason: 'no_credits' };
        log.error({ err }, 'live drafts: could not read the balance');
        return { available: false, reason: 'busy' };
      }
      let timer: NodeJS.Timeout | undefined;
      let declined: LiveUnavailableReason | null = null;
      try {
        const heard = new Promise<void>((resolve) => {
          waiting.set(rec.id, (outcome) => {
            declined = outcome;
            resolve();
          });
          timer = setTimeout(resolve, waitMs);
        });
        await hub.publish({
          userId: null,
          type: REMOTE_START,
          data: { recordingId: rec.id, userId: rec.userId, mimeType: rec.mimeType, language: rec.language },
        });
        await heard;
      } finally {
        clearTimeout(timer);
        waiting.delete(rec.id);
      }
      if (await claims.settle(rec.id)) return { available: true };
      return { available: false, reason: declined ?? 'busy' };
    },

    piece(rec) {
      quietly('pass a piece on', async () => {
        const holder = await claims.holder(rec.id);
        if (!holder) return;
        if (holder.expired) {
          // Its worker died: the owner is told once (the one web process that expires the claim).
          if (await claims.expire(rec.id, holder.workerId))
            await hub.publish(unavailable({ recordingId: rec.id, userId: rec.userId }, 'busy'));
          return;
        }
        // The seq is not needed: the worker catches up to the newest stored piece.
        await hub.publish({ userId: null, type: REMOTE_PIECE, data: { recordingId: rec.id, userId: rec.userId } });
      });
    },

    ended(rec) {
      quietly('end a live session', async () => {
        await hub.publish({ userId: null, type: REMOTE_END, data: { recordingId: rec.id, userId: rec.userId } });
        await claims.remove(rec.id);
      });
    },

    close() {
      unsubscribe();
      for (const resolve of waiting.values()) resolve(null);
    },
  };
}

export interface LiveDraftWorkerOptions {
  /** This process's sessions (createLiveDraftObserver with the engine): they do the drafting. */
  observer: LiveDraftObserver;
  /** LIVE_DRAFT_MAX_SESSIONS: a worker with no free slot does not answer. */
  maxSessions: number;
  hub: Pick<LiveHub, 'publish' | 'subscribe' | 'ready'>;
  claims: LiveDraftClaims;
  pieces: Pick<RecordingsRepository, 'piece' | 'find'>;
  storage: Pick<Storage, 'get'>;
  /** LIVE_DRAFT_LEASE_SECONDS in ms: claims are renewed every quarter of it. */
  leaseMs: number;
  log: Log;
  workerId?: string;
}

interface Held {
  rec: { id: string; userId: number };
  /** The next piece to feed. */
  fed: number;
  chain: Promise<void>;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** A worker process's side: claims recordings, feeds their sessions from storage, ends them. Answers the stop. */
export async function startLiveDraftWorker(options: LiveDraftWorkerOptions): Promise<() => Promise<void>> {
  const { observer, hub, claims, log } = options;
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const held = new Map<string, Held>();
  const publish = (event: LiveEvent) =>
    hub.publish(event).catch((err: unknown) => log.error({ err, type: event.type }, 'live drafts: could not publish'));

  /** Stops drafting the recording here; `reason`: tell the owner live text stopped. */
  const drop = async (h: Held, reason: LiveUnavailableReason | null) => {
    if (held.get(h.rec.id) !== h) return;
    held.delete(h.rec.id);
    observer.ended(h.rec, 'discarded');
    await claims.release(h.rec.id, workerId).catch((err: unknown) => log.warn({ err }, 'live drafts: could not release a claim'));
    if (reason) await publish(unavailable({ recordingId: h.rec.id, userId: h.rec.userId }, reason));
  };

  const start = async (notice: Notice & Record<string, unknown>) => {
    if (held.has(notice.recordingId) || observer.activeSessions >= options.maxSessions) return;
    if (typeof notice.mimeType !== 'string') return;
    const rec = {
      id: notice.recordingId,
      userId: notice.userId,
      mimeType: notice.mimeType,
      language: typeof notice.language === 'string' ? notice.language : null,
    };
    const answer = await observer.started(rec);
    if (!answer.available) {
      // A full worker stays silent (another may have room); an unsupported language is the same everywhere.
      if (answer.reason === 'unsupported')
        await publish({ userId: null, type: REMOTE_DECLINED, data: { recordingId: rec.id, userId: rec.userId } });
      return;
    }
    let won = false;
    try {
      won = await claims.claim(rec.id, workerId);
    } catch (err) {
      log.error({ err }, 'live drafts: could not claim a recording');
    }
    if (!won) {
      observer.ended(rec, 'discarded');
      return;
    }
    held.set(rec.id, { rec: { id: rec.id, userId: rec.userId }, fed: 0, chain: Promise.resolve() });
    await publish({ userId: null, type: REMOTE_CLAIMED, data: { recordingId: rec.id, userId: rec.userId, workerId } });
  };

  /** Feeds every stored piece not fed yet, in order, reading each from storage. */
  const catchUp = async (h: Held) => {
    const rec = await options.pieces.find(h.rec.id);
    // Closed (finished or discarded): its end notice frees the session.
    if (!rec || rec.userId !== h.rec.userId || rec.state !== 'open') return;
    while (h.fed < rec.nextSeq) {
      if (held.get(h.rec.id) !== h || !observer.holds(h.rec.id)) return;
      const piece = await options.pieces.piece(h.rec.id, h.fed);
      if (!piece) return; // removed by a finish meanwhile
      const stored = await options.storage.get(piece.storageKey);
      if (!stored) return;
      const bytes = await readAll(stored.stream);
      if (held.get(h.rec.id) !== h) return;
      observer.piece(h.rec, h.fed, bytes);
      h.fed++;
    }
  };

  const onEvent = (event: LiveEvent) => {
    if (event.type !== REMOTE_START && event.type !== REMOTE_PIECE && event.type !== REMOTE_END) return;
    const notice = noticeOf(event);
    if (!notice) return;
    if (event.type === REMOTE_START) {
      start(notice).catch((err: unknown) => log.error({ err }, 'live drafts: could not start a session'));
      return;
    }
    const h = held.get(notice.recordingId);
    if (!h || h.rec.userId !== notice.userId) return;
    if (event.type === REMOTE_END) {
      held.delete(h.rec.id);
      observer.ended(h.rec, 'finished');
      return;
    }
    h.chain = h.chain
      .then(() => catchUp(h))
      .catch(async (err: unknown) => {
        log.warn({ err, recordingId: h.rec.id }, 'live drafts: could not read a piece; stopped for this recording');
        await drop(h, 'busy');
      });
  };

  const renew = async () => {
    // Sessions stopped by themselves (idle, undecodable): their owners were told; free the claims.
    for (const h of [...held.values()]) if (!observer.holds(h.rec.id)) await drop(h, null);
    const ids = [...held.keys()];
    const mine = await claims.renew(workerId, ids);
    // Ended while this worker missed the notice, or taken away as expired: stop drafting.
    for (const id of ids) {
      const h = held.get(id);
      if (h && !mine.has(id)) {
        held.delete(id);
        observer.ended(h.rec, 'finished');
      }
    }
  };
  let renewing = false;
  const timer = setInterval(
    () => {
      if (renewing) return;
      renewing = true;
      renew()
        .catch((err: unknown) => log.warn({ err }, 'live drafts: could not renew claims'))
        .finally(() => (renewing = false));
    },
    Math.max(250, options.leaseMs / 4),
  );
  timer.unref();

  const unsubscribe = hub.subscribe(onEvent);
  await hub.ready();

  return async () => {
    clearInterval(timer);
    unsubscribe();
    // A worker shutting down: its recordings go on without live text, and their owners are told.
    for (const h of [...held.values()]) await drop(h, 'busy');
  };
}
