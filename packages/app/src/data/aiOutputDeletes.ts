// Deleting an AI output with Undo, like a transcript in the tree (pendingDeletes.ts): the output leaves
// the list at once, a toast offers Undo for UNDO_MS, and the DELETE is sent only when that toast goes.
// Leaving the page sends every waiting DELETE (fetch keepalive outlives the page).
import { useLingui } from '@lingui/react/macro';
import { paths, type AiOutput } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { createStore, useStore } from '@scribe/ui/store';
import { useFailureToast } from './failureToast.ts';
import { UNDO_MS } from './pendingDeletes.ts';

interface Waiting {
  transcriptId: number;
  outputId: number;
}

const store = createStore<ReadonlyMap<number, Waiting>>(new Map());
const without = (id: number) =>
  store.setState((current) => {
    if (!current.has(id)) return current;
    const next = new Map(current);
    next.delete(id);
    return next;
  });

/** The outputs waiting for their Undo to run out, apart from React (the hook below wires the toast). */
export const outputDeletes = {
  /** Hidden from the list at once. */
  add(transcriptId: number, outputId: number): void {
    store.setState((current) => new Map(current).set(outputId, { transcriptId, outputId }));
  },
  /** Shown again; the DELETE is never sent. */
  undo: without,
  isWaiting: (outputId: number) => store.getSnapshot().has(outputId),
  /**
   * The toast went: sends the DELETE unless it was undone (or sent on unload). 'deleted' once the server
   * confirmed (the caller drops it from the cached list, then `done`), 'failed' when it shows again.
   */
  async commit(outputId: number, remove: () => Promise<unknown>): Promise<'undone' | 'deleted' | 'failed'> {
    if (!store.getSnapshot().has(outputId)) return 'undone';
    try {
      await remove();
    } catch {
      without(outputId);
      return 'failed';
    }
    return 'deleted';
  },
  done: without,
  /** The page is being left: every waiting DELETE goes out in a way that survives the unloading. */
  flush(send: (transcriptId: number, outputId: number) => void): void {
    for (const w of store.getSnapshot().values()) send(w.transcriptId, w.outputId);
    store.setState(new Map());
  },
  getSnapshot: store.getSnapshot,
};

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () =>
    outputDeletes.flush((transcriptId, outputId) => api.ai.removeOutputOnUnload(transcriptId, outputId)),
  );

/** The ids of the outputs waiting for their Undo to run out: the list hides them. */
export function useHiddenOutputs(): ReadonlyMap<number, unknown> {
  return useStore(store);
}

/** Deletes an output with Undo (owner only on the server: another user's id answers 404). */
export function useDeleteOutput() {
  const { t } = useLingui();
  const { mutate } = useSWRConfig();
  const fail = useFailureToast();
  return useCallback(
    (transcriptId: number, output: Pick<AiOutput, 'id' | 'prompt'>) => {
      outputDeletes.add(transcriptId, output.id);
      const commit = async () => {
        let failure: unknown;
        const outcome = await outputDeletes.commit(output.id, () =>
          api.ai.removeOutput(transcriptId, output.id).catch((error: unknown) => {
            failure = error;
            throw error;
          }),
        );
        // Not deleted after all: it shows again, with the reason.
        if (outcome === 'failed') fail(t`Failed to delete the AI output`, failure);
        if (outcome !== 'deleted') return;
        await mutate<AiOutput[]>(paths.promptOutputs(transcriptId), (list) => list?.filter((o) => o.id !== output.id), {
          revalidate: false,
        });
        outputDeletes.done(output.id);
      };
      toast({
        title: t`AI output deleted`,
        description: output.prompt.length > 80 ? `${output.prompt.slice(0, 80)}…` : output.prompt,
        duration: UNDO_MS,
        action: { label: t`Undo`, onAction: () => outputDeletes.undo(output.id) },
        onClose: () => void commit(),
      });
    },
    [fail, mutate, t],
  );
}
