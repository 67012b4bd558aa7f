/**
 * Live draft text for recordings (docs/product-spec.md §2, Record Audio dialog): the RecordingObserver the
 * recordings feature calls. `started` decides whether live text is offered (enabled, an engine in this
 * process, a streamable format, a free session slot, credits for at least one minute: drafting itself
 * is free); `piece` feeds the recording's session; `ended` frees it at once. Drafts go to the owner over
 * the live hub as 'recording_draft'; 'recording_live' tells the owner when live text stops mid-recording.
 *
 * Sessions live in this process's memory: after a restart the pieces of a resumed recording are not
 * replayed (the decoder would need the recording from its first byte), so such a recording goes on
 * without live text and its owner is told so on its next piece.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CreditsService } from '../credits/service.ts';
import { NotEnoughCreditsError } from '../credits/service.ts';
import type { LiveHub, UserLiveEvent } from '../live/hub.ts';
import type { LiveEventMap, LiveEventType } from '@scribe/api-client';
import type { TranscriptionEngine } from '../transcription/engines/types.ts';
import { SileroVad } from '../transcription/engines/whisper/vad.ts';
import { liveFormatOf } from './decoder.ts';
import type { DraftSegment } from './drafting.ts';
import { draftEngineFor, type DraftEngine } from './engine.ts';
import type { LiveAvailability, LiveUnavailableReason, RecordingObserver } from '../recordings/observer.ts';
import { LiveDraftSession } from './session.ts';

export const DRAFT_EVENT = 'recording_draft' satisfies LiveEventType;
export const LIVE_EVENT = 'recording_live' satisfies LiveEventType;

export interface LiveDraftOptions {
  /** LIVE_DRAFT_ENABLED. */
  enabled: boolean;
  /** LIVE_DRAFT_MAX_SESSIONS: recordings drafted at once by this process. */
  maxSessions: number;
  /** The process's transcription engine; null where none runs (SERVER_ROLE=web). */
  engine: TranscriptionEngine | null;
  hub: Pick<LiveHub, 'publish'>;
  credits: Pick<CreditsService, 'requireTranscriptionCredits'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Temporary WAV files for a remote engine. */
  tmpDir: string;
  /** Seconds of new audio between passes (default: the engine's, see engine.ts). */
  stepSeconds?: number;
  /** Skip silent tails and finalise at pauses with the voice-activity detector (default true). */
  vad?: boolean;
  /** A session with no piece for this long is freed (a closed tab never ends its recording). Default 10 min. */
  idleMs?: number;
  /** Tail length (s) after which text is made final without agreement or pause (default 15). */
  maxTailSeconds?: number;
}

export interface LiveDraftObserver extends RecordingObserver {
  /** Recordings being drafted now. */
  readonly activeSessions: number;
  /** Whether this process is drafting the recording now (a worker renews its claim only then). */
  holds(recordingId: string): boolean;
  /** Resolves when the recording's queued pieces are decoded and no pass is running (tests, bench). */
  settled(recordingId: string): Promise<void>;
  /** Ends every session and frees the detector (shutdown). */
  close(): Promise<void>;
}

export function createLiveDraftObserver(options: LiveDraftOptions): LiveDraftObserver {
  const { hub, log } = options;
  const sessions = new Map<string, LiveDraftSession>();
  // Recordings told that live text is off (or never offered): told once, not on every piece.
  const told = new Set<string>();
  let reserving = 0;
  const engine: DraftEngine | null = options.engine
    ? draftEngineFor(options.engine, { tmpDir: options.tmpDir, stepSeconds: options.stepSeconds })
    : null;
  let vad: Promise<SileroVad | null> | null = null;
  const loadVad = () =>
    (vad ??=
      options.vad === false
        ? Promise.resolve(null)
        : SileroVad.create().catch((err: unknown) => {
            log.warn({ err }, 'live drafts: voice-activity detector unavailable; drafting without it');
            return null;
          }));

  const publish = <K extends typeof DRAFT_EVENT | typeof LIVE_EVENT>(userId: number, type: K, data: LiveEventMap[K]) =>
    hub
      .publish({ userId, type, data } as UserLiveEvent)
      .catch((err: unknown) => log.error({ err, type }, 'live drafts: could not publish'));

  const stop = (id: string, reason: LiveUnavailableReason | null) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    session.close();
    if (reason) {
      told.add(id);
      void publish(session.userId, LIVE_EVENT, { recordingId: id, available: false, reason });
    }
  };

  const idleMs = options.idleMs ?? 10 * 60_000;
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const session of sessions.values()) if (now - session.lastActivity > idleMs) stop(session.id, 'busy');
    },
    Math.max(1000, Math.min(60_000, idleMs / 4)),
  );
  sweep.unref();

  const declined = (id: string, reason: LiveUnavailableReason): LiveAvailability => {
    told.add(id); // the owner knows already: no later 'recording_live' for it
    return { available: false, reason };
  };

  return {
    async started(rec) {
      const answer = (reason: LiveUnavailableReason) => declined(rec.id, reason);
      if (!options.enabled) return answer('disabled');
      if (!engine) return answer('unsupported');
      const format = liveFormatOf(rec.mimeType);
      if (!format) return answer('unsupported');
      if (rec.language && engine.languages !== 'any' && !engine.languages.includes(rec.language)) return answer('unsupported');
      if (sessions.size + reserving >= options.maxSessions) return answer('busy');
      reserving++;
      try {
        // Free, but only offered to a user who could pay for a minute of the final transcript.
        await options.credits.requireTranscriptionCredits(rec.userId, 60);
      } catch (err) {
        if (err instanceof NotEnoughCreditsError) return answer('no_credits');
        log.error({ err }, 'live drafts: could not read the balance');
        return answer('busy');
      } finally {
        reserving--;
      }
      if (sessions.size >= options.maxSessions) return answer('busy');
      stop(rec.id, null);
      told.delete(rec.id);
      const session: LiveDraftSession = new LiveDraftSession({
        id: rec.id,
        userId: rec.userId,
        format,
        language: rec.language,
        engine,
        vad: loadVad(),
        maxTailSeconds: options.maxTailSeconds,
        publish: {
          draft: (segments: DraftSegment[], revision: number) =>
            publish(rec.userId, DRAFT_EVENT, { recordingId: rec.id, revision, segments }),
          unavailable: (reason) => publish(rec.userId, LIVE_EVENT, { recordingId: rec.id, available: false, reason }),
        },
        onFailed: (reason, err) => {
          log.warn({ err, recordingId: rec.id }, 'live drafts: stopped for this recording');
          if (sessions.get(rec.id) === session) stop(rec.id, reason);
        },
      });
      sessions.set(rec.id, session);
      engine.warm?.();
      return { available: true };
    },

    piece(rec, seq, bytes) {
      const session = sessions.get(rec.id);
      if (session && session.userId === rec.userId) {
        session.piece(seq, bytes);
        const failures = session.failures.splice(0);
        for (const err of failures) log.warn({ err, recordingId: rec.id }, 'live drafts: a pass failed');
        return;
      }
      // Offered before a restart (or freed while idle): say once that live text is off now.
      if (options.enabled && engine && !told.has(rec.id)) {
        told.add(rec.id);
        void publish(rec.userId, LIVE_EVENT, { recordingId: rec.id, available: false, reason: 'busy' });
      }
    },

    ended(rec) {
      const session = sessions.get(rec.id);
      if (session && session.userId !== rec.userId) return;
      stop(rec.id, null);
      told.delete(rec.id);
    },

    get activeSessions() {
      return sessions.size;
    },

    holds(recordingId) {
      return sessions.has(recordingId);
    },

    async settled(recordingId) {
      await sessions.get(recordingId)?.idle();
    },

    async close() {
      clearInterval(sweep);
      for (const id of [...sessions.keys()]) stop(id, null);
      told.clear();
      const detector = await vad;
      vad = null;
      await detector?.release();
      await engine?.close?.();
    },
  };
}
