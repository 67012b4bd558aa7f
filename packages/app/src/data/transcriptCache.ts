import { ApiError, retryDelay } from '@scribe/api-client';
import type { SWRConfiguration } from 'swr';

/** Spec §9: a transcript fetch retries 3 times, backing off from 1 s (capped at 30 s), and is fresh for 30 s. */
export const TRANSCRIPT_RETRIES = 3;
export const TRANSCRIPT_FRESH_MS = 30_000;

/** Whether SWR's retry number `retryCount` (1-based) should run after `error`; a 404 never retries. */
export function shouldRetryTranscript(error: unknown, retryCount: number): boolean {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return false;
  return retryCount <= TRANSCRIPT_RETRIES;
}

/** Milliseconds before retry `retryCount`: 1 s, 2 s, 4 s (never above 30 s). */
export const transcriptRetryDelay = (retryCount: number) => retryDelay(retryCount, 1000, 30_000);

export const transcriptSWRConfig: SWRConfiguration = {
  shouldRetryOnError: true,
  errorRetryCount: TRANSCRIPT_RETRIES,
  dedupingInterval: TRANSCRIPT_FRESH_MS,
  // Unlike the app's never-stale default: after 30 s a transcript shown again is fetched again.
  revalidateIfStale: true,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!shouldRetryTranscript(error, retryCount)) return;
    setTimeout(() => void revalidate({ retryCount }), transcriptRetryDelay(retryCount));
  },
};
