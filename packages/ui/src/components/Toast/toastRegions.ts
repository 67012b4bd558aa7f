/**
 * Which element shows a toast store's toasts. A host's ToastProvider always does; kit components that
 * toast also mount a ToastFallback, so a host without a provider still sees their messages. Of the
 * fallbacks, only the first mounted one shows a region, and none does while a provider is mounted.
 */
import { createStore, type Store } from '../../store/createStore.ts';
import type { ToastStore } from './toastQueue.ts';

export interface RegionEntry {
  kind: 'provider' | 'fallback';
  id: string;
}

export type RegionRegistry = Store<readonly RegionEntry[]>;

const registries = new WeakMap<ToastStore, RegionRegistry>();

/** The regions mounted for `store` (created on first use). */
export function regionsOf(store: ToastStore): RegionRegistry {
  let registry = registries.get(store);
  if (!registry) {
    registry = createStore<readonly RegionEntry[]>([]);
    registries.set(store, registry);
  }
  return registry;
}

/** Adds a mounted region; returns its removal. */
export function registerRegion(registry: RegionRegistry, entry: RegionEntry): () => void {
  registry.setState((entries) => [...entries, entry]);
  return () => registry.setState((entries) => entries.filter((e) => e !== entry));
}

/** True when the fallback `id` is the one that should show the toasts. */
export function fallbackShows(entries: readonly RegionEntry[], id: string): boolean {
  if (entries.some((e) => e.kind === 'provider')) return false;
  return entries.find((e) => e.kind === 'fallback')?.id === id;
}
