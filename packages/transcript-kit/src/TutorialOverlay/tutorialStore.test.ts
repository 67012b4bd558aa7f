import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTutorialStore,
  initialTutorialState,
  TUTORIAL_AUTO_PLAY_MS,
  TUTORIAL_STEP_IDS,
  tutorialReducer,
  type TutorialAction,
  type TutorialState,
} from './tutorialStore.ts';

const run = (state: TutorialState, ...actions: TutorialAction[]) => actions.reduce(tutorialReducer, state);

describe('tutorialReducer', () => {
  const start = initialTutorialState(8);

  it('has the eight steps of the spec and a 4 s auto-play', () => {
    expect(TUTORIAL_STEP_IDS).toEqual(['welcome', 'upload', 'record', 'folders', 'transcript', 'ai-features', 'export', 'complete']);
    expect(TUTORIAL_AUTO_PLAY_MS).toBe(4000);
    expect(start).toEqual({ step: 0, stepCount: 8, autoPlay: false, status: 'running' });
  });

  it('moves with next and previous and stays within the steps', () => {
    expect(run(start, { type: 'previous' })).toBe(start);
    expect(run(start, { type: 'next' }).step).toBe(1);
    expect(run(start, { type: 'next' }, { type: 'next' }, { type: 'previous' }).step).toBe(1);
    const last = run(start, ...Array.from({ length: 10 }, () => ({ type: 'next' }) as const));
    expect(last.step).toBe(7);
    expect(last.status).toBe('running');
    expect(run(start, { type: 'goTo', step: 99 }).step).toBe(7);
    expect(run(start, { type: 'goTo', step: -3 })).toBe(start);
  });

  it('ends by finish, skip or close, and only reset starts it again at the first step', () => {
    const atThree = run(start, { type: 'goTo', step: 3 }, { type: 'setAutoPlay', on: true });
    expect(run(atThree, { type: 'finish' })).toMatchObject({ status: 'finished', step: 3, autoPlay: false });
    expect(run(atThree, { type: 'skip' })).toMatchObject({ status: 'skipped', autoPlay: false });
    const closed = run(atThree, { type: 'close' });
    expect(closed).toMatchObject({ status: 'closed', autoPlay: false });
    expect(run(closed, { type: 'next' }, { type: 'toggleAutoPlay' }, { type: 'tick' })).toBe(closed);
    expect(run(closed, { type: 'reset' })).toEqual(start);
    expect(run(atThree, { type: 'reset' })).toEqual(start);
    expect(run(start, { type: 'reset' })).toBe(start);
  });

  it('auto-play ticks advance one step and finish after the last', () => {
    expect(run(start, { type: 'tick' })).toBe(start);
    const playing = run(start, { type: 'toggleAutoPlay' });
    expect(playing.autoPlay).toBe(true);
    expect(run(playing, { type: 'tick' }).step).toBe(1);
    const end = run(playing, ...Array.from({ length: 7 }, () => ({ type: 'tick' }) as const));
    expect(end).toMatchObject({ step: 7, status: 'running', autoPlay: true });
    expect(run(end, { type: 'tick' })).toMatchObject({ step: 7, status: 'finished', autoPlay: false });
    expect(run(playing, { type: 'toggleAutoPlay' }).autoPlay).toBe(false);
  });
});

describe('createTutorialStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-play advances every 4 s and finishes at the end', () => {
    const store = createTutorialStore();
    const seen: Array<[number, string]> = [];
    store.subscribe((s) => seen.push([s.step, s.status]));
    store.dispatch({ type: 'setAutoPlay', on: true });
    vi.advanceTimersByTime(3999);
    expect(store.getSnapshot().step).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().step).toBe(1);
    vi.advanceTimersByTime(6 * 4000);
    expect(store.getSnapshot()).toMatchObject({ step: 7, status: 'running' });
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()).toMatchObject({ step: 7, status: 'finished', autoPlay: false });
    expect(seen.at(-1)).toEqual([7, 'finished']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts the interval after a manual step and stops when auto-play is switched off', () => {
    const store = createTutorialStore({ intervalMs: 1000, autoPlay: true });
    vi.advanceTimersByTime(700);
    store.dispatch({ type: 'next' });
    vi.advanceTimersByTime(700);
    expect(store.getSnapshot().step).toBe(1);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot().step).toBe(2);
    store.dispatch({ type: 'toggleAutoPlay' });
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot().step).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('no timer runs after skip, close or dispose', () => {
    const store = createTutorialStore({ autoPlay: true });
    store.dispatch({ type: 'skip' });
    expect(vi.getTimerCount()).toBe(0);
    store.dispatch({ type: 'reset' });
    expect(store.getSnapshot()).toMatchObject({ status: 'running', step: 0, autoPlay: false });
    store.dispatch({ type: 'setAutoPlay', on: true });
    expect(vi.getTimerCount()).toBe(1);
    store.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot().step).toBe(0);
  });

  it('tells listeners the state before and after', () => {
    const store = createTutorialStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: 'next' });
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ step: 1 }), expect.objectContaining({ step: 0 }));
    store.dispatch({ type: 'previous' });
    store.dispatch({ type: 'previous' });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.dispatch({ type: 'next' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not enter a step that is not ready: Next waits, auto-play waits and goes on after recheck', () => {
    let ready = false;
    const store = createTutorialStore({ initialStep: 3, canEnter: (step) => step !== 4 || ready });
    store.dispatch({ type: 'next' });
    expect(store.getSnapshot().step).toBe(3);
    // Going back is always possible.
    store.dispatch({ type: 'previous' });
    expect(store.getSnapshot().step).toBe(2);
    store.dispatch({ type: 'next' });
    store.dispatch({ type: 'setAutoPlay', on: true });
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot().step).toBe(3);
    vi.advanceTimersByTime(20_000);
    expect(store.getSnapshot().step).toBe(3);
    ready = true;
    store.recheck();
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot().step).toBe(4);
    store.dispose();
  });
});
