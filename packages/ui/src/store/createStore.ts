import { useSyncExternalStore } from 'react';

export type StoreListener<T> = (state: T, previous: T) => void;

/** One value, its subscribers, and a setter: the shape useSyncExternalStore reads. */
export interface Store<T> {
  getSnapshot(): T;
  /** Listeners hear every change with the state before it; returns the unsubscribe. */
  subscribe(listener: StoreListener<T>): () => void;
  /** Sets the state; listeners hear about it only when it changed (Object.is). */
  setState(next: T | ((state: T) => T)): void;
}

/**
 * The one external-store helper of ui and transcript-kit. Stores with rules (toasts, status cards, the
 * tutorial) keep their reducers and timers and hold their state here.
 */
export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<StoreListener<T>>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setState(next) {
      const previous = state;
      state = typeof next === 'function' ? (next as (state: T) => T)(state) : next;
      if (Object.is(state, previous)) return;
      listeners.forEach((listener) => listener(state, previous));
    },
  };
}

/** A store's current state in a component; it re-renders when the state changes. */
export function useStore<T>(store: { getSnapshot(): T; subscribe(onChange: () => void): () => void }): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
