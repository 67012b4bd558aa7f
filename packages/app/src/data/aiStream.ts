// Beyond the spec: answers being generated, as they stream in over /ws, per transcript.
import type { AiOutputStreamEvent } from '@scribe/api-client';
import { useSyncExternalStore } from 'react';

export interface PendingOutput {
  runId: string;
  prompt: string;
  text: string;
  nextSeq: number;
}

const pending = new Map<number, PendingOutput>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const aiStreamStore = {
  /** Applies one event; out-of-order or foreign-run events are dropped (the stored output follows anyway). */
  apply(event: AiOutputStreamEvent) {
    const current = pending.get(event.transcriptId);
    if (event.done) {
      if (current?.runId === event.runId || !current) {
        pending.delete(event.transcriptId);
        emit();
      }
      return;
    }
    if (!current || current.runId !== event.runId) {
      if (event.seq !== 0) return;
      pending.set(event.transcriptId, { runId: event.runId, prompt: event.prompt, text: event.delta, nextSeq: 1 });
    } else {
      if (event.seq !== current.nextSeq) return;
      pending.set(event.transcriptId, { ...current, text: current.text + event.delta, nextSeq: current.nextSeq + 1 });
    }
    emit();
  },
  get: (transcriptId: number | null) => (transcriptId === null ? undefined : pending.get(transcriptId)),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePendingOutput(transcriptId: number | null): PendingOutput | undefined {
  return useSyncExternalStore(
    aiStreamStore.subscribe,
    () => aiStreamStore.get(transcriptId),
    () => undefined,
  );
}
