import { useLingui } from '@lingui/react/macro';
import {
  paths,
  type AiModelsResponse,
  type AiOutput,
  type ExportFormat,
  type SavedPrompt,
  type TranscriptExportFormat,
  withTimeZone,
} from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { creditBalanceKey } from './credits.ts';
import { useFailureToast } from './failureToast.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { saveDownload } from '../lib/saveDownload.ts';

const NO_PROMPTS: SavedPrompt[] = [];

/** The models the server offers now (gpt-4 and gpt-3.5 with a provider, else the local engine). */
export function useAiModels() {
  const { user } = useSession();
  const { data } = useSWR<AiModelsResponse | null>(user ? paths.aiModels : null, () => api.ai.models());
  return data?.models ?? [];
}

/** The model chosen in the selector: the server's default until the user picks another. */
export function useModelChoice() {
  const models = useAiModels();
  const [picked, setPicked] = useState<string | null>(null);
  const fallback = models.find((m) => m.default)?.id ?? models[0]?.id ?? '';
  const model = picked && models.some((m) => m.id === picked) ? picked : fallback;
  return { models, model, setModel: setPicked };
}

export function usePrompts() {
  const { user } = useSession();
  const { t } = useLingui();
  const { data, error } = useSWR<SavedPrompt[] | null>(user ? paths.prompts : null, () => api.prompts.list());
  useEffect(() => {
    if (error) toast({ title: t`Failed to fetch prompts`, variant: 'destructive' });
  }, [error, t]);
  return data ?? NO_PROMPTS;
}

/**
 * GET /api/transcripts/{id}/prompt-outputs: 404 gives an empty list (docs/product-spec.md §7); other failures raise
 * HttpStatusError, whose status line the tab's error heading shows.
 */
export function useAiOutputs(transcriptId: number | null) {
  const { user } = useSession();
  // Fetched again each time the tab is shown (cached outputs stay on screen meanwhile): outputs
  // written while it was hidden, or made in another tab, are then complete.
  return useSWR<AiOutput[]>(
    user && transcriptId !== null ? paths.promptOutputs(transcriptId) : null,
    () => api.ai.outputList(transcriptId!),
    { revalidateOnMount: true },
  );
}

/** Running prompts and managing saved prompts, with the spec's toasts. */
export function useAiActions() {
  const { t } = useLingui();
  const { mutate } = useSWRConfig();
  const fail = useFailureToast();
  return useMemo(
    () => ({
      /** Runs the prompt; on success the outputs refresh. Returns success (the caller shows the outputs). */
      async run(transcriptId: number, prompt: string, model: string): Promise<boolean> {
        let output: AiOutput;
        try {
          output = await api.ai.run(transcriptId, { prompt, model: (model || undefined) as 'gpt-4' | 'gpt-3.5' | 'local' | undefined });
        } catch (error) {
          fail(t`Failed to process custom prompt`, error);
          void mutate(creditBalanceKey); // a failed prompt is refunded
          return false;
        }
        void mutate(creditBalanceKey); // the prompt was charged
        // The 201 answer is the new output: written into the list (newest first) whether or not the
        // AI output tab is shown; the tab fetches the whole list again when it is shown.
        await mutate<AiOutput[]>(paths.promptOutputs(transcriptId), (list) => [output, ...(list ?? []).filter((o) => o.id !== output.id)], {
          revalidate: false,
        });
        return true;
      },
      async createPrompt(body: { name: string; prompt: string; icon: SavedPrompt['icon'] }) {
        let saved: SavedPrompt;
        try {
          saved = await api.prompts.create(body);
        } catch (error) {
          throw new Error(fail(t`Failed to save prompt`, error));
        }
        toast({ title: t`Prompt saved successfully`, variant: 'success' });
        // The 201 answer is the saved prompt: appended (the list is oldest first), no refetch.
        await mutate<SavedPrompt[] | null>(paths.prompts, (list) => [...(list ?? []).filter((p) => p.id !== saved.id), saved], {
          revalidate: false,
        });
      },
      async updatePrompt(id: number, body: { name: string; prompt: string; icon: SavedPrompt['icon'] }) {
        let saved: SavedPrompt;
        try {
          saved = await api.prompts.update(id, body);
        } catch (error) {
          throw new Error(fail(t`Failed to save prompt`, error));
        }
        toast({ title: t`Prompt saved successfully`, variant: 'success' });
        await mutate<SavedPrompt[] | null>(paths.prompts, (list) => list?.map((p) => (p.id === saved.id ? saved : p)) ?? list, {
          revalidate: false,
        });
      },
      /** Shows the new order at once; the server's answer (the list in its order) replaces it, a failure restores it. */
      async reorderPrompts(ids: number[]) {
        try {
          await mutate<SavedPrompt[] | null>(paths.prompts, () => api.prompts.reorder(ids), {
            optimisticData: (list) => (list ? ids.map((id) => list.find((p) => p.id === id)).filter((p) => p !== undefined) : list) ?? null,
            rollbackOnError: true,
            revalidate: false,
          });
        } catch (error) {
          fail(t`Failed to reorder prompts`, error);
          // Another tab may have added or deleted a prompt: show the server's list.
          void mutate(paths.prompts);
        }
      },
      async deletePrompt(id: number) {
        try {
          await api.prompts.remove(id);
        } catch (error) {
          fail(t`Failed to delete prompt`, error);
          return;
        }
        toast({ title: t`Prompt deleted successfully`, variant: 'success' });
        await mutate<SavedPrompt[] | null>(paths.prompts, (list) => list?.filter((p) => p.id !== id) ?? list, { revalidate: false });
      },
    }),
    [fail, mutate, t],
  );
}

/** The browser's time zone (e.g. Europe/Berlin), or undefined where Intl does not tell it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every format, PDF too, downloads as a file (docs/decisions.md, Export). The document's times are in
 * the browser's time zone (sent as ?tz=), its words in the user's saved language.
 */
export function useExporter() {
  const { t } = useLingui();
  return useCallback(
    async (basePath: string, format: ExportFormat | TranscriptExportFormat) => {
      const path = withTimeZone(basePath, browserTimeZone());
      try {
        const { blob, fileName } = await api.exports.download(path, `export.${format}`);
        saveDownload(blob, fileName);
        toast({ title: t`Export successful`, variant: 'success' });
      } catch {
        toast({ title: t`Failed to export transcript`, variant: 'destructive' });
      }
    },
    [t],
  );
}
