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

type SearchFn = (q: string, signal: AbortSignal) => Promise<SearchResponse | null>;

/**
 * Runs searches for a changing query: one request per pause in typing, the previous request aborted
 * when the query changes, answers for an older query dropped. While a newer query loads, the last
 * results stay (no flicker between keystrokes); 'loading' shows only when there are none yet.
 */
export function createSearchRunner(search: SearchFn, onState: (state: SearchRunState) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let query = '';
  let hasResults = false;
  const stop = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = null;
  };
  const run = (q: string) => {
    const current = new AbortController();
    controller = current;
    search(q, current.signal).then(
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
    setQuery(next: string) {
      const trimmed = next.trim();
      if (trimmed === query) return;
      stop();
      query = trimmed;
      if (!trimmed) {
        hasResults = false;
        onState({ status: 'idle' });
        return;
      }
      if (!hasResults) onState({ status: 'loading' });
      timer = setTimeout(() => run(trimmed), delayMs);
    },
    /** After an error: the same query again, at once. */
    retry() {
      if (!query) return;
      stop();
      onState({ status: 'loading' });
      run(query);
    },
    dispose: stop,
  };
}

/** The search state for `query`, ready for the kit's SearchResults (errors translated). */
export function useLibrarySearch(query: string): { state: SearchResultsState; retry: () => void } {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<SearchRunState>({ status: 'idle' });
  const runner = useMemo(() => createSearchRunner((q, signal) => api.search.query(q, { signal }), setState), []);
  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => runner.setQuery(query), [runner, query]);
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
