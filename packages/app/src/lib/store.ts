// The app's one external-store helper: a value outside React that components read with useStore
// (useSyncExternalStore) and re-render when it changes.
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
  /** Replaces the value and tells the listeners (nothing when it is the same value). */
  set(next: T | ((current: T) => T)): void;
  /** Replaces the value without telling anyone (yet): for updates during render; call notify later. */
  replace(next: T): void;
  notify(): void;
}

/** `initial` may be a function: it runs on the first read (e.g. of browser storage). */
export function createStore<T>(initial: T | (() => T)): Store<T> {
  const listeners = new Set<() => void>();
  let loaded = typeof initial !== 'function';
  let value = (loaded ? initial : undefined) as T;
  const getSnapshot = () => {
    if (!loaded) {
      value = (initial as () => T)();
      loaded = true;
    }
    return value;
  };
  const notify = () => listeners.forEach((l) => l());
  return {
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(getSnapshot()) : next;
      if (Object.is(resolved, getSnapshot())) return;
      value = resolved;
      notify();
    },
    replace(next) {
      value = next;
      loaded = true;
    },
    notify,
  };
}

/** The store's value (or a part of it: `select` must return the same value for the same input). */
export function useStore<T, S = T>(store: Pick<Store<T>, 'getSnapshot' | 'subscribe'>, select?: (value: T) => S): S {
  const read = () => (select ? select(store.getSnapshot()) : (store.getSnapshot() as unknown as S));
  return useSyncExternalStore(store.subscribe, read, read);
}
