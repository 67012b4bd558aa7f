// One streamed recording from the Record button to the transcript (or a recovered one from an earlier
// visit): capture -> outbox -> uploader -> finish. Framework-light: a store the dialog reads.
import type {
  CreateRecordingRequest,
  CreateRecordingResponse,
  FinishRecordingRequest,
  LiveAvailability,
  Recording,
  UploadResponse,
} from '@scribe/api-client';
import { pickRecorderMimeType, RECORDING_CONSTRAINTS } from '@scribe/transcript-kit/utils';
import { createStore, type Store } from '@scribe/ui/store';
import { startCapture, type CaptureHandle, type CaptureOptions } from './capture.ts';
import type { Outbox, OutboxRecording } from './outbox.ts';
import { createUploader, isRecordingGone, type PieceSender, type Uploader } from './uploader.ts';

export interface SessionApi extends PieceSender {
  create(body: CreateRecordingRequest): Promise<CreateRecordingResponse>;
  get(id: string): Promise<Recording | null>;
  finish(id: string, body?: FinishRecordingRequest): Promise<UploadResponse>;
  discard(id: string): Promise<void>;
}

export type SessionPhase =
  | 'idle'
  | 'starting'
  | 'recording'
  | 'paused'
  /** Stopped (or recovered): waiting for Finish or Discard. */
  | 'stopped'
  | 'finishing'
  | 'finished'
  | 'micError'
  /** Starting, sending or finishing failed (see `error`); what was recorded stays in the outbox. */
  | 'failed';

export interface SessionState {
  phase: SessionPhase;
  recordingId: string | null;
  /** Recorded time so far. */
  elapsedMs: number;
  /** Microphone level 0..1 while recording. */
  level: number;
  /** Pieces in the browser the server has not acknowledged. */
  pendingPieces: number;
  /** Whether the server offers live text for this recording (null before it said). */
  live: LiveAvailability | null;
  /** Retrying: the last piece did not get through (offline, server trouble). */
  retrying: boolean;
  error?: unknown;
  /** A recording from an earlier visit. */
  recovered?: { createdAt: number; durationMs: number };
  transcriptId?: number;
}

export interface SessionOptions {
  api: SessionApi;
  outbox: () => Promise<Outbox>;
  userId: number;
  language: string | null;
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** For tests: the capture (MediaRecorder) and the recorder's type support. */
  capture?: (options: CaptureOptions) => CaptureHandle;
  isTypeSupported?: (type: string) => boolean;
  /** How often elapsed time and the level are refreshed while recording. */
  tickMs?: number;
  retryBaseMs?: number;
}

/** The preview after Stop is offered up to this size (about 10 minutes of opus): it is held in memory while shown. */
export const PREVIEW_MAX_BYTES = 8 * 1024 * 1024;

const initial: SessionState = { phase: 'idle', recordingId: null, elapsedMs: 0, level: 0, pendingPieces: 0, live: null, retrying: false };

export function createRecordingSession(options: SessionOptions) {
  const { api, userId, tickMs = 100 } = options;
  const state: Store<SessionState> = createStore(initial);
  const update = (patch: Partial<SessionState>) => state.setState((current) => ({ ...current, ...patch }));

  let outbox: Outbox | null = null;
  let record: OutboxRecording | null = null;
  let uploader: Uploader | null = null;
  let capture: CaptureHandle | null = null;
  let stream: MediaStream | null = null;
  let ticker: ReturnType<typeof setInterval> | null = null;
  // Pieces are written one after another, so their seqs follow the recording's order.
  let writes: Promise<void> = Promise.resolve();
  let disposed = false;

  const onOnline = () => uploader?.wake();
  // A tab being closed or put in the background hands over its current piece (at most a second) at once.
  const onHide = () => capture?.flush();
  const onVisibility = () => {
    if (globalThis.document?.visibilityState === 'hidden') capture?.flush();
  };
  const stopTicker = () => {
    if (ticker) clearInterval(ticker);
    ticker = null;
  };
  const releaseMicrophone = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };

  const attachUploader = (id: string, startSeq: number) => {
    uploader?.stop();
    uploader = createUploader({
      recordingId: id,
      outbox: outbox!,
      api,
      startSeq,
      retryBaseMs: options.retryBaseMs,
      onStatus: (status) => {
        if (disposed) return;
        const patch: Partial<SessionState> = { pendingPieces: status.pending, retrying: status.state === 'retrying' };
        if (status.state === 'failed' && state.getSnapshot().phase !== 'finishing') patch.error = status.error;
        update(patch);
      },
    });
    globalThis.addEventListener?.('online', onOnline);
    uploader.notify();
  };

  const writePiece = (piece: Blob, durationMs: number) => {
    const id = record!.id;
    writes = writes.then(async () => {
      const data = await piece.arrayBuffer();
      await outbox!.appendPiece(id, data, durationMs);
      uploader?.notify();
    });
    writes.catch((error: unknown) => update({ phase: 'failed', error }));
  };

  async function start() {
    const phase = state.getSnapshot().phase;
    if (phase !== 'idle' && phase !== 'micError' && phase !== 'failed') return;
    state.setState({ ...initial, phase: 'starting' });
    try {
      const request = options.getUserMedia ?? globalThis.navigator?.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
      if (!request || (!options.capture && typeof MediaRecorder === 'undefined')) {
        throw new DOMException('Recording is not supported', 'NotSupportedError');
      }
      stream = await request(RECORDING_CONSTRAINTS);
    } catch (error) {
      releaseMicrophone();
      update({ phase: 'micError', error });
      return;
    }
    if (disposed) return releaseMicrophone();
    try {
      const isTypeSupported = options.isTypeSupported ?? ((type: string) => MediaRecorder.isTypeSupported(type));
      const mimeType = pickRecorderMimeType(isTypeSupported);
      outbox ??= await options.outbox();
      const created = await api.create({ mimeType, language: options.language, live: true });
      if (disposed) {
        releaseMicrophone();
        void api.discard(created.recording.id).catch(() => undefined);
        return;
      }
      record = {
        id: created.recording.id,
        userId,
        mimeType,
        language: options.language,
        createdAt: Date.now(),
        nextSeq: 0,
        durationMs: 0,
        stopped: false,
      };
      await outbox.putRecording(record);
      attachUploader(record.id, 0);
      capture = (options.capture ?? startCapture)({
        stream,
        mimeType,
        onPiece: writePiece,
        onError: (error) => {
          stopTicker();
          stream = null;
          // What was captured is kept: the user can still finish it.
          void markStopped().then(() => update({ phase: 'micError', error, level: 0 }));
        },
      });
      update({ phase: 'recording', recordingId: record.id, live: created.live });
      globalThis.addEventListener?.('pagehide', onHide);
      globalThis.document?.addEventListener('visibilitychange', onVisibility);
      ticker = setInterval(() => {
        if (capture) update({ elapsedMs: capture.elapsedMs(), level: capture.level() });
      }, tickMs);
    } catch (error) {
      releaseMicrophone();
      update({ phase: 'failed', error });
    }
  }

  async function markStopped() {
    await writes.catch(() => undefined);
    if (!record || !outbox) return;
    const stored = await outbox.getRecording(record.id);
    if (stored) {
      record = { ...stored, stopped: true };
      await outbox.putRecording(record);
    }
  }

  function pause() {
    if (state.getSnapshot().phase !== 'recording' || !capture) return;
    capture.pause();
    update({ phase: 'paused', level: 0, elapsedMs: capture.elapsedMs() });
  }

  function resume() {
    if (state.getSnapshot().phase !== 'paused' || !capture) return;
    capture.resume();
    update({ phase: 'recording' });
  }

  async function stop() {
    const phase = state.getSnapshot().phase;
    if ((phase !== 'recording' && phase !== 'paused') || !capture) return;
    const handle = capture;
    capture = null;
    stopTicker();
    await handle.stop();
    releaseMicrophone();
    await markStopped();
    update({ phase: 'stopped', level: 0, elapsedMs: handle.elapsedMs() });
  }

  /** Sends what is left, then makes the transcript. */
  async function finish(body: FinishRecordingRequest = {}): Promise<number | null> {
    if (!record || !uploader) return null;
    const phase = state.getSnapshot().phase;
    if (phase !== 'stopped' && phase !== 'failed' && phase !== 'micError') return null;
    update({ phase: 'finishing', error: undefined });
    try {
      if (uploader.status.state === 'failed') uploader.retry();
      await uploader.drain(record.nextSeq);
      const { id } = await api.finish(record.id, body);
      uploader.stop();
      await outbox!.removeRecording(record.id);
      update({ phase: 'finished', transcriptId: id, pendingPieces: 0 });
      return id;
    } catch (error) {
      update({ phase: 'failed', error });
      return null;
    }
  }

  /** The recording as one file for the preview after Stop (from the outbox); null when too large or gone. */
  async function preview(maxBytes = PREVIEW_MAX_BYTES): Promise<Blob | null> {
    if (!record || !outbox) return null;
    const parts: ArrayBuffer[] = [];
    let bytes = 0;
    for (let seq = 0; ; seq++) {
      const piece = await outbox.nextPiece(record.id, seq);
      if (!piece) break;
      // A gap (pieces no longer here): no preview rather than a wrong one.
      if (piece.seq !== seq) return null;
      bytes += piece.data.byteLength;
      if (bytes > maxBytes) return null;
      parts.push(piece.data);
    }
    return parts.length ? new Blob(parts, { type: record.mimeType }) : null;
  }

  /** Throws the recording away, here and on the server. */
  async function discard() {
    stopTicker();
    const handle = capture;
    capture = null;
    await handle?.stop();
    releaseMicrophone();
    uploader?.stop();
    if (record) {
      try {
        await api.discard(record.id);
      } catch (error) {
        // Gone already is what we wanted.
        if (!isRecordingGone(error)) throw error;
      }
      await outbox?.removeRecording(record.id);
    }
    record = null;
    state.setState(initial);
  }

  /**
   * Takes up a recording of an earlier visit: what the server holds decides where sending goes on, the
   * outbox supplies the rest. A recording only the server knows (another device) can be finished as is.
   */
  async function recover(id: string) {
    outbox ??= await options.outbox();
    const local = await outbox.getRecording(id);
    const remote = await api.get(id);
    if (!remote) {
      if (local) await outbox.removeRecording(id);
      throw new DOMException('The recording no longer exists', 'NotFoundError');
    }
    record = local
      ? { ...local, stopped: true }
      : {
          id,
          userId,
          mimeType: remote.mimeType,
          language: options.language,
          createdAt: Date.parse(remote.createdAt),
          nextSeq: remote.pieces,
          durationMs: remote.durationMs,
          stopped: true,
        };
    await outbox.putRecording(record);
    attachUploader(id, remote.pieces);
    const durationMs = Math.max(record.durationMs, remote.durationMs);
    state.setState({
      ...initial,
      phase: 'stopped',
      recordingId: id,
      elapsedMs: durationMs,
      recovered: { createdAt: record.createdAt, durationMs },
    });
  }

  /** The dialog closed or the page goes: the microphone is released; pieces stay in the outbox. */
  function dispose() {
    disposed = true;
    stopTicker();
    void capture?.stop();
    capture = null;
    releaseMicrophone();
    uploader?.stop();
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('pagehide', onHide);
    globalThis.document?.removeEventListener('visibilitychange', onVisibility);
  }

  return {
    start,
    pause,
    resume,
    stop,
    finish,
    discard,
    recover,
    preview,
    dispose,
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
  };
}
export type RecordingSession = ReturnType<typeof createRecordingSession>;

/** An unfinished recording offered for recovery. */
export interface UnfinishedRecording {
  id: string;
  createdAt: number;
  durationMs: number;
  /** Pieces of it still in this browser. */
  localPieces: number;
}

/**
 * The user's unfinished recordings: this browser's outbox and the server's list, joined. One the server no
 * longer has (finished, discarded or swept) is dropped from the outbox: it cannot be finished any more.
 * Offline (the server's list unknown) the outbox alone answers.
 */
export async function findUnfinished({
  api,
  outbox,
  userId,
}: {
  api: { list(): Promise<Recording[] | null> };
  outbox: Outbox;
  userId: number;
}): Promise<UnfinishedRecording[]> {
  const local = await outbox.listRecordings(userId);
  let remote: Recording[] | null = null;
  try {
    remote = await api.list();
  } catch {
    remote = null;
  }
  const byId = new Map<string, UnfinishedRecording>();
  for (const rec of local) {
    if (remote && !remote.some((r) => r.id === rec.id)) {
      await outbox.removeRecording(rec.id);
      continue;
    }
    byId.set(rec.id, { id: rec.id, createdAt: rec.createdAt, durationMs: rec.durationMs, localPieces: await outbox.countPieces(rec.id) });
  }
  for (const rec of remote ?? []) {
    const known = byId.get(rec.id);
    if (known) known.durationMs = Math.max(known.durationMs, rec.durationMs);
    else if (rec.pieces > 0)
      byId.set(rec.id, { id: rec.id, createdAt: Date.parse(rec.createdAt), durationMs: rec.durationMs, localPieces: 0 });
  }
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt);
}
