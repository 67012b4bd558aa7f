import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('tells its listeners of a change, not of the same value, and stops after unsubscribe', () => {
    const store = createStore(1);
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set(2);
    store.set((n) => n);
    expect([store.getSnapshot(), calls]).toEqual([2, 1]);
    stop();
    store.set(3);
    expect(calls).toBe(1);
  });

  it('reads a lazy initial value on first use; replace is silent until notify', () => {
    let reads = 0;
    const store = createStore(() => ++reads);
    expect(reads).toBe(0);
    expect(store.getSnapshot()).toBe(1);
    expect(store.getSnapshot()).toBe(1);
    let calls = 0;
    store.subscribe(() => calls++);
    store.replace(5);
    expect([store.getSnapshot(), calls]).toEqual([5, 0]);
    store.notify();
    expect(calls).toBe(1);
  });
});
