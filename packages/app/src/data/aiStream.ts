// Beyond the spec: answers being generated, as they stream in over /ws, per transcript.
import type { AiOutputStreamEvent, AiProgressEvent } from '@scribe/api-client';
import { createStore, useStore } from '@scribe/ui/store';

export interface PendingOutput {
  runId: string;
  prompt: string;
  text: string;
  nextSeq: number;
  /** A long run on a language model: which step it is at (map-reduce over the transcript's parts). */
  progress?: Pick<AiProgressEvent, 'phase' | 'part' | 'parts' | 'step' | 'steps'>;
}

// Replaced on every change, so a snapshot never changes under a reader.
const pending = createStore<ReadonlyMap<number, PendingOutput>>(new Map());
const put = (transcriptId: number, output: PendingOutput | undefined) =>
  pending.setState((current) => {
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
  /** A step of a long run: shown in the pending card until the answer is stored; earlier steps arriving late are dropped. */
  progress(event: AiProgressEvent) {
    const current = pending.getSnapshot().get(event.transcriptId);
    const sameRun = current?.runId === event.runId;
    if (sameRun && current.progress && current.progress.step >= event.step) return;
    const { phase, part, parts, step, steps } = event;
    put(event.transcriptId, {
      runId: event.runId,
      prompt: event.prompt,
      text: sameRun ? current.text : '',
      nextSeq: sameRun ? current.nextSeq : 0,
      progress: { phase, part, parts, step, steps },
    });
  },
  get: (transcriptId: number | null) => (transcriptId === null ? undefined : pending.getSnapshot().get(transcriptId)),
  subscribe: pending.subscribe,
};

export function usePendingOutput(transcriptId: number | null): PendingOutput | undefined {
  return useStore(pending, (all) => (transcriptId === null ? undefined : all.get(transcriptId)));
}
