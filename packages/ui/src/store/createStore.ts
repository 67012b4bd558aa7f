import { useSyncExternalStore } from 'react';

export type StoreListener<T> = (state: T, previous: T) => void;

/** One value, its subscribers, and a setter: the shape useSyncExternalStore reads. */
export interface Store<T> {
  getSnapshot(): T;
  /** Listeners hear every change with the state before it; returns the unsubscribe. */
  subscribe(listener: StoreListener<T>): () => void;
  /** Sets the state; listeners hear about it only when it changed (Object.is). */
  setState(next: T | ((state: T) => T)): void;
  /** Sets the state without telling anyone yet: for an update during a render; `notify` after it. */
  replace(next: T): void;
  /** Tells the listeners of what `replace` set (nothing when the state is what they last heard). */
  notify(): void;
}

/**
 * The one external-store helper of ui, transcript-kit and the app. Stores with rules (toasts, status
 * cards, the tutorial, the workspace's selection) keep their reducers and timers and hold their state
 * here. `initial` may be a function: it runs on the first read (of browser storage, say), so a state
 * cannot itself be a function.
 */
export function createStore<T>(initial: T | (() => T)): Store<T> {
  let loaded = typeof initial !== 'function';
  let state = (loaded ? initial : undefined) as T;
  let heard = state;
  const listeners = new Set<StoreListener<T>>();
  const getSnapshot = () => {
    if (!loaded) {
      state = heard = (initial as () => T)();
      loaded = true;
    }
    return state;
  };
  const notify = () => {
    const previous = heard;
    heard = getSnapshot();
    if (Object.is(heard, previous)) return;
    listeners.forEach((listener) => listener(heard, previous));
  };
  return {
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setState(next) {
      const current = getSnapshot(); // loads a lazy state first, so it cannot overwrite `next`
      state = typeof next === 'function' ? (next as (state: T) => T)(current) : next;
      notify();
    },
    replace(next) {
      getSnapshot();
      state = next;
    },
    notify,
  };
}

/**
 * A store's current state in a component (or a part of it: `select` must return the same value for the
 * same state); it re-renders when that changes.
 */
export function useStore<T, S = T>(store: { getSnapshot(): T; subscribe(onChange: () => void): () => void }, select?: (state: T) => S): S {
  const read = () => (select ? select(store.getSnapshot()) : (store.getSnapshot() as unknown as S));
  return useSyncExternalStore(store.subscribe, read, read);
}
