import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStatusCardsStore, statusCardsReducer, type StatusCardEntry } from './statusCardsStore.ts';

const strip = (cards: readonly StatusCardEntry[]) => cards.map(({ version: _version, ...card }) => card);

describe('statusCardsReducer', () => {
  it('adds a processing card with percent and message, then updates it in place', () => {
    let cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 10, message: 'Decoding' } });
    cards = statusCardsReducer(cards, { type: 'event', event: { transcriptId: 2, type: 'progress', progress: 5 } });
    cards = statusCardsReducer(cards, { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 42.5 } });
    expect(strip(cards)).toEqual([
      { transcriptId: 1, title: undefined, state: 'processing', progress: 42.5, message: undefined },
      { transcriptId: 2, title: undefined, state: 'processing', progress: 5, message: undefined },
    ]);
  });

  it('clamps progress and keeps the last known one when an event has none', () => {
    let cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 140 } });
    expect(cards[0].progress).toBe(100);
    cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 30 } });
    cards = statusCardsReducer(cards, { type: 'event', event: { transcriptId: 1, type: 'progress' } });
    expect(cards[0].progress).toBe(30);
  });

  it('completes at 100 % and fails with the error text, keeping the title', () => {
    let cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 50, title: 'Interview' } });
    cards = statusCardsReducer(cards, { type: 'event', event: { transcriptId: 1, type: 'complete' } });
    expect(strip(cards)).toEqual([{ transcriptId: 1, title: 'Interview', state: 'completed', progress: 100 }]);
    cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 3, type: 'error', error: 'Audio could not be decoded' } });
    expect(cards[0]).toMatchObject({ state: 'error', error: 'Audio could not be decoded' });
  });

  it('ignores a late progress event for a finished job', () => {
    const done = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'complete' } });
    expect(statusCardsReducer(done, { type: 'event', event: { transcriptId: 1, type: 'progress', progress: 90 } })).toBe(done);
  });

  it('dismisses by id and expires only the matching version', () => {
    let cards = statusCardsReducer([], { type: 'event', event: { transcriptId: 1, type: 'complete' } });
    const version = cards[0].version;
    cards = statusCardsReducer(cards, { type: 'event', event: { transcriptId: 1, type: 'error', error: 'x' } });
    expect(statusCardsReducer(cards, { type: 'expire', transcriptId: 1, version })).toHaveLength(1);
    expect(statusCardsReducer(cards, { type: 'expire', transcriptId: 1, version: cards[0].version })).toHaveLength(0);
    expect(statusCardsReducer(cards, { type: 'dismiss', transcriptId: 1 })).toHaveLength(0);
  });
});

describe('createStatusCardsStore timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a completed card after 5 s, an error card after 10 s, and keeps processing cards', () => {
    const store = createStatusCardsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.push({ transcriptId: 1, type: 'progress', progress: 99 });
    store.push({ transcriptId: 1, type: 'complete' });
    store.push({ transcriptId: 2, type: 'error' });
    store.push({ transcriptId: 3, type: 'progress', progress: 10 });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot().map((c) => c.transcriptId)).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((c) => c.transcriptId)).toEqual([2, 3]);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot().map((c) => c.transcriptId)).toEqual([2, 3]);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((c) => c.transcriptId)).toEqual([3]);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().map((c) => c.transcriptId)).toEqual([3]);
    expect(listener).toHaveBeenCalledTimes(6);
  });

  it('a new event restarts the timer; a dismissal cancels it', () => {
    const store = createStatusCardsStore({ completedMs: 1000, errorMs: 2000 });
    store.push({ transcriptId: 1, type: 'error', error: 'first' });
    vi.advanceTimersByTime(1500);
    store.push({ transcriptId: 1, type: 'complete' });
    vi.advanceTimersByTime(900);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(store.getSnapshot()).toHaveLength(0);

    store.push({ transcriptId: 2, type: 'complete' });
    store.dismiss(2);
    expect(store.getSnapshot()).toHaveLength(0);
    store.push({ transcriptId: 2, type: 'progress', progress: 3 });
    vi.advanceTimersByTime(5000);
    expect(store.getSnapshot()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dispose stops pending removals', () => {
    const store = createStatusCardsStore();
    store.push({ transcriptId: 1, type: 'complete' });
    store.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
