import { ApiError } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import { shouldRetryTranscript, transcriptRetryDelay, transcriptSWRConfig } from './transcriptCache.ts';

describe('transcript fetch cache settings (docs/product-spec.md §9)', () => {
  it('retries three times, then stops', () => {
    const error = new ApiError(500, '500: boom');
    expect([1, 2, 3, 4].map((n) => shouldRetryTranscript(error, n))).toEqual([true, true, true, false]);
  });

  it('never retries a 404: the selection is cleared instead', () => {
    expect(shouldRetryTranscript(new ApiError(404, '404: Transcript not found'), 1)).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s', () => {
    expect([1, 2, 3].map(transcriptRetryDelay)).toEqual([1000, 2000, 4000]);
    expect(transcriptRetryDelay(9)).toBe(30_000);
  });

  it('keeps a transcript fresh for 30 s', () => {
    expect(transcriptSWRConfig.dedupingInterval).toBe(30_000);
    expect(transcriptSWRConfig.errorRetryCount).toBe(3);
  });
});
