/**
 * Toast rules of docs/product-spec.md §4/§9, as pure state plus a small timer-driven store:
 * one toast visible at a time (a new one replaces the previous), 5000 ms default duration,
 * a dismissed toast stays (closed, for its exit) and is removed 3000 ms later.
 */
import { createStore } from '../../store/createStore.ts';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds until it closes by itself; default 5000. `Infinity` keeps it open. */
  duration?: number;
  /** One button in the toast (e.g. Undo): pressing it runs `onAction` and closes the toast. */
  action?: ToastActionButton;
  /**
   * Called once when the toast goes without its action pressed: its time ran out, it was closed or
   * swiped away, a newer toast replaced it, or the store was reset.
   */
  onClose?: () => void;
}

export interface ToastActionButton {
  label: string;
  onAction: () => void;
}

export interface ToastRecord {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  action?: ToastActionButton;
  /** false once dismissed: it is leaving and is removed REMOVE_DELAY ms later. */
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 3000;

export type ToastAction =
  | { type: 'add'; toast: ToastRecord }
  | { type: 'update'; id: string; patch: Partial<Omit<ToastRecord, 'id' | 'open'>> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: readonly ToastRecord[], action: ToastAction): ToastRecord[] {
  switch (action.type) {
    case 'add':
      // Newest first; anything beyond the limit (the replaced toast, even mid-exit) goes at once.
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface ToastStore {
  getSnapshot(): readonly ToastRecord[];
  subscribe(listener: () => void): () => void;
  add(options: ToastOptions): string;
  update(id: string, patch: Partial<ToastOptions>): void;
  dismiss(id?: string): void;
  /** Presses the toast's action button: runs it (instead of onClose) and closes the toast. */
  act(id: string): void;
  /** Stop the auto-close timer while the user hovers or focuses the toast. */
  pause(id: string): void;
  resume(id: string): void;
  /** Drop everything and every timer (tests, sign-out). */
  reset(): void;
}

export function createToastStore(scheduler: Scheduler = realScheduler): ToastStore {
  const records = createStore<ToastRecord[]>([]);
  let counter = 0;
  const closeTimers = new Map<string, { handle: unknown; startedAt: number; remaining: number }>();
  const removeTimers = new Map<string, unknown>();
  const closers = new Map<string, () => void>();
  /** The toast's onClose, at most once. */
  const closed = (id: string) => {
    const closer = closers.get(id);
    if (!closer) return;
    closers.delete(id);
    closer();
  };

  const dispatch = (action: ToastAction) => {
    const before = records.getSnapshot();
    records.setState(toastReducer(before, action));
    const state = records.getSnapshot();
    // Forget timers of toasts that are gone (e.g. replaced).
    for (const t of before) {
      if (!state.some((s) => s.id === t.id)) {
        closed(t.id);
        clearClose(t.id);
        const r = removeTimers.get(t.id);
        if (r !== undefined) scheduler.clearTimeout(r);
        removeTimers.delete(t.id);
      }
    }
  };

  const clearClose = (id: string) => {
    const timer = closeTimers.get(id);
    if (timer) scheduler.clearTimeout(timer.handle);
    closeTimers.delete(id);
  };

  const startClose = (id: string, ms: number) => {
    clearClose(id);
    if (!Number.isFinite(ms)) return;
    const handle = scheduler.setTimeout(() => store.dismiss(id), ms);
    closeTimers.set(id, { handle, startedAt: scheduler.now(), remaining: ms });
  };

  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      scheduler.setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY),
    );
  };

  const store: ToastStore = {
    getSnapshot: records.getSnapshot,
    subscribe: records.subscribe,
    add(options) {
      counter += 1;
      const id = `toast-${counter}`;
      const duration = options.duration ?? TOAST_DURATION;
      dispatch({
        type: 'add',
        toast: {
          id,
          title: options.title,
          description: options.description,
          variant: options.variant ?? 'default',
          duration,
          action: options.action,
          open: true,
        },
      });
      if (options.onClose) closers.set(id, options.onClose);
      startClose(id, duration);
      return id;
    },
    update(id, patch) {
      const current = records.getSnapshot().find((t) => t.id === id);
      if (!current) return;
      dispatch({ type: 'update', id, patch });
      // A new duration restarts the countdown of an open toast.
      if (patch.duration !== undefined && current.open) startClose(id, patch.duration);
    },
    dismiss(id) {
      const targets = records.getSnapshot().filter((t) => t.open && (id === undefined || t.id === id));
      if (targets.length === 0) return;
      targets.forEach((t) => clearClose(t.id));
      dispatch({ type: 'dismiss', id });
      targets.forEach((t) => closed(t.id));
      targets.forEach((t) => scheduleRemoval(t.id));
    },
    act(id) {
      const record = records.getSnapshot().find((t) => t.id === id);
      if (!record?.open || !record.action) return;
      closers.delete(id);
      record.action.onAction();
      store.dismiss(id);
    },
    pause(id) {
      const timer = closeTimers.get(id);
      if (!timer || timer.handle === null) return;
      scheduler.clearTimeout(timer.handle);
      const elapsed = scheduler.now() - timer.startedAt;
      closeTimers.set(id, { handle: null, startedAt: 0, remaining: Math.max(0, timer.remaining - elapsed) });
    },
    resume(id) {
      const timer = closeTimers.get(id);
      if (!timer || timer.handle !== null) return;
      startClose(id, timer.remaining);
    },
    reset() {
      const pending = [...closers.keys()];
      pending.forEach(closed);
      closeTimers.forEach((t) => scheduler.clearTimeout(t.handle));
      removeTimers.forEach((h) => scheduler.clearTimeout(h));
      closeTimers.clear();
      removeTimers.clear();
      records.setState([]);
    },
  };
  return store;
}

/** The app-wide store behind `toast()`; ToastProvider renders it. */
export const toastStore = createToastStore();

type ToastFn = ((options: ToastOptions) => string) & {
  update(id: string, patch: Partial<ToastOptions>): void;
  dismiss(id?: string): void;
};

/** Usable anywhere, also outside React: `const id = toast({ title })`, `toast.update(id, …)`, `toast.dismiss(id)`. */
export const toast: ToastFn = Object.assign((options: ToastOptions) => toastStore.add(options), {
  update: (id: string, patch: Partial<ToastOptions>) => toastStore.update(id, patch),
  dismiss: (id?: string) => toastStore.dismiss(id),
});
