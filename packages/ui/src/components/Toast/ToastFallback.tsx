import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '../../store/createStore.ts';
import { ToastRegion } from './Toast.tsx';
import { toastStore, type ToastStore } from './toastQueue.ts';
import { fallbackShows, registerRegion, regionsOf } from './toastRegions.ts';

export interface ToastFallbackProps {
  /** Defaults to the app-wide store behind `toast()`. */
  store?: ToastStore;
}

/**
 * For components that call `toast()` and are embedded by hosts that may not mount a ToastProvider:
 * while no provider is mounted, the first ToastFallback on the page shows the toasts in the same region
 * (portaled to the body). It adds nothing to the page until the first toast arrives, and nothing at all
 * while a provider is there, so a host's own ToastProvider keeps working as before.
 */
export function ToastFallback({ store = toastStore }: ToastFallbackProps) {
  const id = useId();
  const registry = regionsOf(store);
  const entries = useStore(registry);
  const toasts = useStore(store);
  // Mounted lazily and then kept: an empty page stays unchanged until there is something to say.
  const [used, setUsed] = useState(false);
  useEffect(() => registerRegion(registry, { kind: 'fallback', id }), [registry, id]);
  const shows = fallbackShows(entries, id);
  const hasOpen = toasts.some((record) => record.open);
  useEffect(() => {
    if (shows && hasOpen) setUsed(true);
  }, [shows, hasOpen]);
  if (!shows || !used || typeof document === 'undefined') return null;
  return createPortal(<ToastRegion store={store} />, document.body);
}
