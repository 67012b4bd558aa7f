// Live draft text of recordings as it arrives over /ws: the last `recording_draft` per recording (newer
// revisions only) and the last `recording_live` availability.
import type { DraftSegment, LiveAvailability, RecordingDraftEvent, RecordingLiveEvent } from '@scribe/api-client';
import { createStore, useStore } from '@scribe/ui/store';

export interface LiveDraftState {
  drafts: ReadonlyMap<string, RecordingDraftEvent>;
  availability: ReadonlyMap<string, LiveAvailability>;
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

export function createLiveDraftStore() {
  const store = createStore<LiveDraftState>({ drafts: new Map(), availability: new Map() });
  return {
    /**
     * A `recording_draft` message; an older or repeated revision (late delivery) is dropped. An event
     * carries only the newest finals: they are added after the finals already held, the provisional
     * ones replaced.
     */
    draft(data: unknown) {
      if (!isDraft(data)) return;
      store.setState((current) => {
        const previous = current.drafts.get(data.recordingId);
        if (previous && previous.revision >= data.revision) return current;
        const drafts = new Map(current.drafts);
        drafts.set(data.recordingId, { ...data, segments: mergeDraft(previous?.segments ?? [], data.segments) });
        return { ...current, drafts };
      });
    },
    /** A `recording_live` message. */
    live(data: unknown) {
      if (!isLive(data)) return;
      store.setState((current) => {
        const availability = new Map(current.availability);
        availability.set(
          data.recordingId,
          data.reason ? { available: data.available, reason: data.reason } : { available: data.available },
        );
        return { ...current, availability };
      });
    },
    /** The recording ended: its draft is no longer needed. */
    forget(recordingId: string) {
      store.setState((current) => {
        if (!current.drafts.has(recordingId) && !current.availability.has(recordingId)) return current;
        const drafts = new Map(current.drafts);
        const availability = new Map(current.availability);
        drafts.delete(recordingId);
        availability.delete(recordingId);
        return { drafts, availability };
      });
    },
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
  };
}
export type LiveDraftStore = ReturnType<typeof createLiveDraftStore>;

/** The app's one store, fed by the live channel (live/LiveProvider.tsx). */
export const liveDraftStore = createLiveDraftStore();

export function useLiveDraft(recordingId: string | null): RecordingDraftEvent | undefined {
  return useStore(liveDraftStore, (state) => (recordingId ? state.drafts.get(recordingId) : undefined));
}

export function useLiveAvailability(recordingId: string | null): LiveAvailability | undefined {
  return useStore(liveDraftStore, (state) => (recordingId ? state.availability.get(recordingId) : undefined));
}

/** Whether the live channel is connected (false while it reconnects or is lost): the dialog says 'reconnecting'. */
export const liveChannelStore = createStore<boolean>(true);

export function useLiveChannelUp(): boolean {
  return useStore(liveChannelStore);
}
