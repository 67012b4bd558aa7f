import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@scribe/api-client';
import { createSearchRunner, type SearchRunState } from './search.ts';

const answer = (title: string): SearchResponse => ({
  results: [{ transcriptId: 1, title, folderId: null, hits: [{ kind: 'title', snippet: title }] }],
});

function setup() {
  const calls: {
    q: string;
    signal: AbortSignal;
    speaker: string | null;
    resolve: (r: SearchResponse) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const search = vi.fn(
    (q: string, signal: AbortSignal, speaker: string | null) =>
      new Promise<SearchResponse | null>((resolve, reject) => {
        calls.push({ q, signal, speaker, resolve, reject });
      }),
  );
  const states: SearchRunState[] = [];
  const runner = createSearchRunner(search, (s) => states.push(s), 200);
  return { calls, search, states, runner };
}

describe('createSearchRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one request for the query typing paused on', async () => {
    const { runner, search, calls, states } = setup();
    runner.setQuery('b');
    await vi.advanceTimersByTimeAsync(100);
    runner.setQuery('bu');
    await vi.advanceTimersByTimeAsync(100);
    runner.setQuery('bud');
    await vi.advanceTimersByTimeAsync(199);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(calls[0].q).toBe('bud');
    expect(states.at(-1)).toEqual({ status: 'loading' });
    calls[0].resolve(answer('Budget'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'ready', results: answer('Budget').results });
  });

  it('aborts the request of an older query and drops its late answer', async () => {
    const { runner, calls, states } = setup();
    runner.setQuery('bud');
    await vi.advanceTimersByTimeAsync(200);
    runner.setQuery('budget');
    expect(calls[0].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    calls[1].resolve(answer('new'));
    calls[0].resolve(answer('old'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.filter((s) => s.status === 'ready')).toEqual([{ status: 'ready', results: answer('new').results }]);
  });

  it('keeps the last results while a newer query loads, and goes idle for an empty query', async () => {
    const { runner, calls, states } = setup();
    runner.setQuery('a');
    await vi.advanceTimersByTimeAsync(200);
    calls[0].resolve(answer('A'));
    await vi.advanceTimersByTimeAsync(0);
    const before = states.length;
    runner.setQuery('ab');
    expect(states.length).toBe(before);
    runner.setQuery('  ');
    expect(states.at(-1)).toEqual({ status: 'idle' });
  });

  it('reports an error (not an abort) and retries the same query at once', async () => {
    const { runner, calls, states, search } = setup();
    runner.setQuery('x');
    await vi.advanceTimersByTimeAsync(200);
    calls[0].reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)?.status).toBe('error');
    runner.retry();
    expect(search).toHaveBeenCalledTimes(2);
    expect(calls[1].q).toBe('x');
    runner.setQuery('y');
    calls[1].reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'loading' });
  });

  it('ignores a query that differs only in surrounding spaces', async () => {
    const { runner, search } = setup();
    runner.setQuery('word');
    await vi.advanceTimersByTimeAsync(200);
    runner.setQuery('word ');
    await vi.advanceTimersByTimeAsync(200);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('searches the same query again at once for a new speaker, dropping the answer for the one before', async () => {
    const { runner, calls, states, search } = setup();
    runner.setQuery('budget');
    await vi.advanceTimersByTimeAsync(200);
    expect(calls[0]).toMatchObject({ q: 'budget', speaker: null });
    runner.setQuery('budget', 'Anna');
    expect(calls[0].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]).toMatchObject({ q: 'budget', speaker: 'Anna' });
    calls[0].resolve(answer('everyone'));
    calls[1].resolve(answer('Anna only'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.filter((s) => s.status === 'ready')).toEqual([{ status: 'ready', results: answer('Anna only').results }]);
    // The same speaker again asks nothing; typing with a speaker chosen waits for the pause and keeps it.
    runner.setQuery('budget', 'Anna');
    expect(search).toHaveBeenCalledTimes(2);
    runner.setQuery('budget plan', 'Anna');
    await vi.advanceTimersByTimeAsync(199);
    expect(search).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[2]).toMatchObject({ q: 'budget plan', speaker: 'Anna' });
    // Back to everyone.
    runner.setQuery('budget plan', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[3]).toMatchObject({ q: 'budget plan', speaker: null });
  });
});
