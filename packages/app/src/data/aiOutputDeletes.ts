// Deleting an AI output with Undo, like a transcript in the tree (pendingDeletes.ts): the output leaves
// the list at once, a toast offers Undo for UNDO_MS, and the DELETE is sent only when that toast goes.
// Leaving the page sends every waiting DELETE (fetch keepalive outlives the page).
import { useLingui } from '@lingui/react/macro';
import { paths, type AiOutput } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { createStore, useStore } from '../lib/store.ts';
import { useFailureToast } from './failureToast.ts';
import { UNDO_MS } from './pendingDeletes.ts';

interface Waiting {
  transcriptId: number;
  outputId: number;
}

const store = createStore<ReadonlyMap<number, Waiting>>(new Map());
const without = (id: number) =>
  store.set((current) => {
    if (!current.has(id)) return current;
    const next = new Map(current);
    next.delete(id);
    return next;
  });

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    for (const w of store.getSnapshot().values()) api.ai.removeOutputOnUnload(w.transcriptId, w.outputId);
    store.set(new Map());
  });

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
      store.set((current) => new Map(current).set(output.id, { transcriptId, outputId: output.id }));
      const commit = async () => {
        // Undone, or sent already because the page is being left.
        if (!store.getSnapshot().has(output.id)) return;
        try {
          await api.ai.removeOutput(transcriptId, output.id);
        } catch (error) {
          // Not deleted after all: it shows again, with the reason.
          without(output.id);
          fail(t`Failed to delete the AI output`, error);
          return;
        }
        await mutate<AiOutput[]>(paths.promptOutputs(transcriptId), (list) => list?.filter((o) => o.id !== output.id), {
          revalidate: false,
        });
        without(output.id);
      };
      toast({
        title: t`AI output deleted`,
        description: output.prompt.length > 80 ? `${output.prompt.slice(0, 80)}…` : output.prompt,
        duration: UNDO_MS,
        action: { label: t`Undo`, onAction: () => without(output.id) },
        onClose: () => void commit(),
      });
    },
    [fail, mutate, t],
  );
}
