// Beyond the spec: answers being generated, as they stream in over /ws, per transcript.
import type { AiOutputStreamEvent } from '@scribe/api-client';
import { createStore, useStore } from '../lib/store.ts';

export interface PendingOutput {
  runId: string;
  prompt: string;
  text: string;
  nextSeq: number;
}

// Replaced on every change, so a snapshot never changes under a reader.
const pending = createStore<ReadonlyMap<number, PendingOutput>>(new Map());
const put = (transcriptId: number, output: PendingOutput | undefined) =>
  pending.set((current) => {
    const next = new Map(current);
    if (output) next.set(transcriptId, output);
    else next.delete(transcriptId);
    return next;
  });

export const aiStreamStore = {
  /** Applies one event; out-of-order or foreign-run events are dropped (the stored output follows anyway). */
  apply(event: AiOutputStreamEvent) {
    const current = pending.getSnapshot().get(event.transcriptId);
    if (event.done) {
      if (current?.runId === event.runId || !current) {
        put(event.transcriptId, undefined);
      }
      return;
    }
    if (!current || current.runId !== event.runId) {
      if (event.seq !== 0) return;
      put(event.transcriptId, { runId: event.runId, prompt: event.prompt, text: event.delta, nextSeq: 1 });
    } else {
      if (event.seq !== current.nextSeq) return;
      put(event.transcriptId, { ...current, text: current.text + event.delta, nextSeq: current.nextSeq + 1 });
    }
  },
  get: (transcriptId: number | null) => (transcriptId === null ? undefined : pending.getSnapshot().get(transcriptId)),
  subscribe: pending.subscribe,
};

export function usePendingOutput(transcriptId: number | null): PendingOutput | undefined {
  return useStore(pending, (all) => (transcriptId === null ? undefined : all.get(transcriptId)));
}
