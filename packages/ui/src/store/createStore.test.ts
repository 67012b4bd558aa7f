import { describe, expect, it } from 'vitest';
import { createStore } from './createStore.ts';

describe('createStore', () => {
  it('notifies listeners with the new and the previous state', () => {
    const store = createStore({ count: 0 });
    const heard: Array<[number, number]> = [];
    store.subscribe((state, previous) => heard.push([state.count, previous.count]));
    store.setState({ count: 1 });
    store.setState((s) => ({ count: s.count + 1 }));
    expect(store.getSnapshot()).toEqual({ count: 2 });
    expect(heard).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it('stays quiet when the state is the same value', () => {
    const state = { count: 0 };
    const store = createStore(state);
    let calls = 0;
    store.subscribe(() => calls++);
    store.setState(state);
    store.setState((s) => s);
    expect(calls).toBe(0);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createStore(0);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.setState(1);
    unsubscribe();
    store.setState(2);
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(2);
  });
});

describe('createStore: lazy state and updates during a render', () => {
  it('reads a lazy initial state on first use', () => {
    let reads = 0;
    const store = createStore(() => ++reads);
    expect(reads).toBe(0);
    expect(store.getSnapshot()).toBe(1);
    expect(store.getSnapshot()).toBe(1);
    expect(reads).toBe(1);
  });

  it('keeps a value set before the lazy state was ever read', () => {
    const store = createStore(() => 1);
    const heard: Array<[number, number]> = [];
    store.subscribe((state, previous) => heard.push([state, previous]));
    store.setState(7);
    expect([store.getSnapshot(), heard]).toEqual([7, [[7, 1]]]);
  });

  it('keeps replace silent until notify, which tells the state before the replace', () => {
    const store = createStore(1);
    const heard: Array<[number, number]> = [];
    store.subscribe((state, previous) => heard.push([state, previous]));
    store.replace(5);
    expect([store.getSnapshot(), heard]).toEqual([5, []]);
    store.notify();
    store.notify();
    expect(heard).toEqual([[5, 1]]);
  });
});
