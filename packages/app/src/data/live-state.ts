// What the live channel brings that no API answer holds: answers being generated as they stream in, a
// streamed recording's draft text and whether live text is offered for it, and whether the channel is
// up. One store, written only by the live cache (live-cache.ts), which also keeps SWR's cache of API
// data in step; the UI reads it through the hooks below.
import type {
  AiOutputStreamEvent,
  AiProgressEvent,
  DraftSegment,
  LiveAvailability,
  RecordingDraftEvent,
  RecordingLiveEvent,
} from '@scribe/api-client';
import { createStore, useStore } from '@scribe/ui/store';

/** Beyond the spec: an answer being generated for a transcript. */
export interface PendingOutput {
  runId: string;
  prompt: string;
  text: string;
  nextSeq: number;
  /** A long run on a language model: which step it is at (map-reduce over the transcript's parts). */
  progress?: Pick<AiProgressEvent, 'phase' | 'part' | 'parts' | 'step' | 'steps'>;
}

export interface LiveState {
  /** Answers being generated, per transcript. */
  outputs: ReadonlyMap<number, PendingOutput>;
  /** The last draft per recording (newer revisions only). */
  drafts: ReadonlyMap<string, RecordingDraftEvent>;
  /** The last word on live text per recording. */
  availability: ReadonlyMap<string, LiveAvailability>;
  /** Whether the live channel is connected (false while it reconnects or is lost). */
  channelUp: boolean;
}

const isDraft = (value: unknown): value is RecordingDraftEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecordingDraftEvent).recordingId === 'string' &&
  Number.isFinite((value as RecordingDraftEvent).revision) &&
  Array.isArray((value as RecordingDraftEvent).segments);

const isLive = (value: unknown): value is RecordingLiveEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecordingLiveEvent).recordingId === 'string' &&
  typeof (value as RecordingLiveEvent).available === 'boolean';

/** The finals held, then the incoming finals that start after them, then the incoming provisional ones. */
export function mergeDraft(held: readonly DraftSegment[], incoming: readonly DraftSegment[]): DraftSegment[] {
  const finals = held.filter((s) => s.final);
  const lastStart = finals.length > 0 ? finals[finals.length - 1].start : -Infinity;
  return [...finals, ...incoming.filter((s) => s.final && s.start > lastStart), ...incoming.filter((s) => !s.final)];
}

/** A copy of `map` with `key` set to `value`, or removed when `value` is undefined. */
function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | undefined): ReadonlyMap<K, V> {
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

export function createLiveState() {
  // Replaced on every change, so a snapshot never changes under a reader.
  const store = createStore<LiveState>({ outputs: new Map(), drafts: new Map(), availability: new Map(), channelUp: true });
  const putOutput = (transcriptId: number, output: PendingOutput | undefined) =>
    store.setState((current) => ({ ...current, outputs: withEntry(current.outputs, transcriptId, output) }));

  return {
    /** A streamed piece of an answer; out-of-order or foreign-run pieces are dropped (the stored output follows anyway). */
    aiOutputStream(event: AiOutputStreamEvent) {
      const current = store.getSnapshot().outputs.get(event.transcriptId);
      if (event.done) {
        if (current?.runId === event.runId || !current) putOutput(event.transcriptId, undefined);
        return;
      }
      if (!current || current.runId !== event.runId) {
        if (event.seq !== 0) return;
        putOutput(event.transcriptId, { runId: event.runId, prompt: event.prompt, text: event.delta, nextSeq: 1 });
      } else {
        if (event.seq !== current.nextSeq) return;
        putOutput(event.transcriptId, { ...current, text: current.text + event.delta, nextSeq: current.nextSeq + 1 });
      }
    },

    /** A step of a long run: shown in the pending card until the answer is stored; earlier steps arriving late are dropped. */
    aiProgress(event: AiProgressEvent) {
      const current = store.getSnapshot().outputs.get(event.transcriptId);
      const sameRun = current?.runId === event.runId;
      if (sameRun && current.progress && current.progress.step >= event.step) return;
      const { phase, part, parts, step, steps } = event;
      putOutput(event.transcriptId, {
        runId: event.runId,
        prompt: event.prompt,
        text: sameRun ? current.text : '',
        nextSeq: sameRun ? current.nextSeq : 0,
        progress: { phase, part, parts, step, steps },
      });
    },

    /**
     * A `recording_draft` message; an older or repeated revision (late delivery) is dropped. An event
     * carries only the newest finals: they are added after the finals already held, the provisional
     * ones replaced.
     */
    recordingDraft(data: unknown) {
      if (!isDraft(data)) return;
      store.setState((current) => {
        const previous = current.drafts.get(data.recordingId);
        if (previous && previous.revision >= data.revision) return current;
        const draft = { ...data, segments: mergeDraft(previous?.segments ?? [], data.segments) };
        return { ...current, drafts: withEntry(current.drafts, data.recordingId, draft) };
      });
    },

    /** A `recording_live` message. */
    recordingLive(data: unknown) {
      if (!isLive(data)) return;
      const availability: LiveAvailability = data.reason
        ? { available: data.available, reason: data.reason }
        : { available: data.available };
      store.setState((current) => ({ ...current, availability: withEntry(current.availability, data.recordingId, availability) }));
    },

    /** The recording ended: its draft is no longer needed. */
    recordingEnded(recordingId: string) {
      store.setState((current) => {
        if (!current.drafts.has(recordingId) && !current.availability.has(recordingId)) return current;
        return {
          ...current,
          drafts: withEntry(current.drafts, recordingId, undefined),
          availability: withEntry(current.availability, recordingId, undefined),
        };
      });
    },

    /** The channel connected or dropped. */
    channel(up: boolean) {
      store.setState((current) => (current.channelUp === up ? current : { ...current, channelUp: up }));
    },

    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
  };
}
export type LiveStateStore = ReturnType<typeof createLiveState>;

/** The app's one live state, fed by the live channel through the live cache (live/LiveProvider.tsx). */
export const liveState = createLiveState();

export function usePendingOutput(transcriptId: number | null): PendingOutput | undefined {
  return useStore(liveState, (state) => (transcriptId === null ? undefined : state.outputs.get(transcriptId)));
}

export function useLiveDraft(recordingId: string | null): RecordingDraftEvent | undefined {
  return useStore(liveState, (state) => (recordingId ? state.drafts.get(recordingId) : undefined));
}

export function useLiveAvailability(recordingId: string | null): LiveAvailability | undefined {
  return useStore(liveState, (state) => (recordingId ? state.availability.get(recordingId) : undefined));
}

/** Whether the live channel is connected: the recording dialog says 'reconnecting' while it is not. */
export function useLiveChannelUp(): boolean {
  return useStore(liveState, (state) => state.channelUp);
}
