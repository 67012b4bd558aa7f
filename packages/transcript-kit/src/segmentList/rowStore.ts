import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which segment is playing and which one holds the Tab stop, as a tiny store rows subscribe to by
 * index. A change notifies only the rows whose flags change (the old and the new one), so moving the
 * highlight costs O(1) renders whatever the transcript's length; the list itself never re-renders.
 */
export const ACTIVE = 1;
export const TAB_STOP = 2;
/** Set on the active row while the media is actually playing (not merely positioned there). */
export const PLAYING = 4;
/** The row whose text is being edited (the transcript editor; the viewer never sets it). */
export const EDITING = 8;

export interface RowStore {
  /** The row's flags: ACTIVE | TAB_STOP bits. */
  flags(index: number): number;
  subscribe(index: number, listener: () => void): () => void;
  /** Called when the Tab stop moves to another row (a virtualised list keeps that row rendered). */
  subscribeTabStop(listener: () => void): () => void;
  setActive(index: number): void;
  /** Whether the player is playing; only the active row carries PLAYING. */
  setPlaying(playing: boolean): void;
  /** The row the user last focused (null: the Tab stop follows the playing row). */
  setFocused(index: number | null): void;
  /** The row being edited, or null. */
  setEditing(index: number | null): void;
  readonly active: number;
  readonly tabStop: number;
  /** The row the user focused last, or null. */
  readonly focused: number | null;
  readonly editing: number | null;
}

export function createRowStore(): RowStore {
  let active = -1;
  let focused: number | null = null;
  let playing = false;
  let editing: number | null = null;
  const listeners = new Map<number, Set<() => void>>();
  const tabStopListeners = new Set<() => void>();
  const tabStopOf = () => focused ?? (active >= 0 ? active : 0);

  const notify = (indices: number[], tabStopBefore?: number) => {
    for (const index of new Set(indices)) listeners.get(index)?.forEach((listener) => listener());
    if (tabStopBefore !== undefined && tabStopBefore !== tabStopOf()) tabStopListeners.forEach((listener) => listener());
  };

  return {
    flags: (index) =>
      (index === active ? ACTIVE | (playing ? PLAYING : 0) : 0) |
      (index === tabStopOf() ? TAB_STOP : 0) |
      (index === editing ? EDITING : 0),
    subscribe(index, listener) {
      let set = listeners.get(index);
      if (!set) listeners.set(index, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(index);
      };
    },
    subscribeTabStop(listener) {
      tabStopListeners.add(listener);
      return () => {
        tabStopListeners.delete(listener);
      };
    },
    setActive(index) {
      if (index === active) return;
      const before = [active, tabStopOf()];
      active = index;
      notify([...before, active, tabStopOf()], before[1]);
    },
    setPlaying(next) {
      if (next === playing) return;
      playing = next;
      notify([active]);
    },
    setFocused(index) {
      if (index === focused) return;
      const before = tabStopOf();
      focused = index;
      notify([before, tabStopOf()], before);
    },
    setEditing(index) {
      if (index === editing) return;
      const before = editing;
      editing = index;
      notify([before ?? -1, index ?? -1]);
    },
    get active() {
      return active;
    },
    get tabStop() {
      return tabStopOf();
    },
    get focused() {
      return focused;
    },
    get editing() {
      return editing;
    },
  };
}

/** Row `index`'s flags as booleans; re-renders the row only when they change. */
export function useRowFlags(store: RowStore, index: number) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(index, listener), [store, index]);
  const snapshot = () => store.flags(index);
  // The same getter on a server render: without one, react-dom/server throws.
  const flags = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    isActive: (flags & ACTIVE) !== 0,
    isPlaying: (flags & PLAYING) !== 0,
    isTabStop: (flags & TAB_STOP) !== 0,
    isEditing: (flags & EDITING) !== 0,
  };
}
