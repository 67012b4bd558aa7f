// Library search as you type (docs/product-spec.md §2 header): wait until typing pauses, cancel the
// request of an older query, and never let a late answer replace a newer one.
import { useLingui } from '@lingui/react/macro';
import { ApiError, type SearchResponse } from '@scribe/api-client';
import type { SearchResultsState } from '@scribe/transcript-kit/utils';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../api.ts';
import { translateError } from '../i18n/errors.ts';

/** Pause in typing before a request goes out. */
export const SEARCH_DEBOUNCE_MS = 200;

export type SearchRunState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; results: SearchResponse['results'] };

type SearchFn = (q: string, signal: AbortSignal, speaker: string | null) => Promise<SearchResponse | null>;

/**
 * Runs searches for a changing query: one request per pause in typing, the previous request aborted
 * when the query changes, answers for an older query dropped. While a newer query loads, the last
 * results stay (no flicker between keystrokes); 'loading' shows only when there are none yet. A new
 * speaker filter (null: everyone) searches the same query again at once: it is a choice, not typing.
 */
export function createSearchRunner(search: SearchFn, onState: (state: SearchRunState) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let query = '';
  let speaker: string | null = null;
  let hasResults = false;
  const stop = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = null;
  };
  const run = (q: string, who: string | null) => {
    const current = new AbortController();
    controller = current;
    search(q, current.signal, who).then(
      (response) => {
        if (current.signal.aborted) return;
        hasResults = true;
        onState({ status: 'ready', results: response?.results ?? [] });
      },
      (error: unknown) => {
        if (current.signal.aborted || (error as { name?: string })?.name === 'AbortError') return;
        hasResults = false;
        onState({ status: 'error', error });
      },
    );
  };
  return {
    setQuery(next: string, nextSpeaker: string | null = null) {
      const trimmed = next.trim();
      if (trimmed === query && nextSpeaker === speaker) return;
      const typed = trimmed !== query;
      stop();
      query = trimmed;
      speaker = nextSpeaker;
      if (!trimmed) {
        hasResults = false;
        onState({ status: 'idle' });
        return;
      }
      if (!hasResults) onState({ status: 'loading' });
      timer = setTimeout(() => run(trimmed, nextSpeaker), typed ? delayMs : 0);
    },
    /** After an error: the same query again, at once. */
    retry() {
      if (!query) return;
      stop();
      onState({ status: 'loading' });
      run(query, speaker);
    },
    dispose: stop,
  };
}

/** The search state for `query` (only `speaker`'s segments when one is given), ready for the kit's SearchResults (errors translated). */
export function useLibrarySearch(query: string, speaker: string | null = null): { state: SearchResultsState; retry: () => void } {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<SearchRunState>({ status: 'idle' });
  const runner = useMemo(() => createSearchRunner((q, signal, who) => api.search.query(q, { signal, speaker: who }), setState), []);
  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => runner.setQuery(query, speaker), [runner, query, speaker]);
  const shown: SearchResultsState =
    state.status === 'error'
      ? {
          status: 'error',
          message:
            state.error instanceof ApiError ? translateError(i18n, state.error) : t`Search failed. Check your connection and try again.`,
        }
      : state;
  return { state: shown, retry: runner.retry };
}

/**
 * The user's speaker names to filter the search by (GET /api/search/speakers), read again each time a
 * search starts (`active` turns true), so names given or found since are offered; empty until then or
 * when they cannot be read (the filter is then not offered, the search works without it).
 */
export function useSearchSpeakers(active: boolean): readonly string[] {
  const [speakers, setSpeakers] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    api.search.speakers(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setSpeakers(answer?.speakers ?? []);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [active]);
  return speakers;
}
