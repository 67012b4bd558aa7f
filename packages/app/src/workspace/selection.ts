// Spec §3/§4: the selected transcript and tab persist in the browser (selectedTranscriptId,
// currentTab) and reset when a different user signs in (lastUserId). A small store over localStorage,
// so the workspace, the upload flow (which selects the new transcript) and the mobile bar share one
// selection without a provider.

import { createStore } from '@scribe/ui/store';

export type WorkspaceTab = 'transcript' | 'ai-output';

export const SELECTED_KEY = 'selectedTranscriptId';
export const TAB_KEY = 'currentTab';
export const LAST_USER_KEY = 'lastUserId';

export interface WorkspaceSelection {
  transcriptId: number | null;
  tab: WorkspaceTab;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const isWorkspaceTab = (value: unknown): value is WorkspaceTab => value === 'transcript' || value === 'ai-output';

function safeGet(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage blocked (privacy mode): nothing persisted
  }
}
function safeSet(storage: KeyValueStorage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage blocked: the selection lasts for this page only
  }
}

/** What the storage holds; anything unreadable counts as no selection and the transcript tab. */
export function readSelection(storage: KeyValueStorage): WorkspaceSelection {
  const raw = safeGet(storage, SELECTED_KEY);
  const id = raw === null ? NaN : Number(raw);
  const tab = safeGet(storage, TAB_KEY);
  return {
    transcriptId: Number.isInteger(id) && id > 0 ? id : null,
    tab: isWorkspaceTab(tab) ? tab : 'transcript',
  };
}

export function writeSelection(storage: KeyValueStorage, selection: WorkspaceSelection): void {
  safeSet(storage, SELECTED_KEY, selection.transcriptId === null ? null : String(selection.transcriptId));
  safeSet(storage, TAB_KEY, selection.tab);
}

/**
 * Call when a user is known. A different user than last time starts with no selection and the
 * transcript tab; returns whether it reset.
 */
export function reconcileUser(storage: KeyValueStorage, userId: number): boolean {
  const last = safeGet(storage, LAST_USER_KEY);
  if (last === String(userId)) return false;
  safeSet(storage, LAST_USER_KEY, String(userId));
  if (last === null && readSelection(storage).transcriptId === null) return false;
  writeSelection(storage, { transcriptId: null, tab: 'transcript' });
  return true;
}

/** The store: a snapshot cached in memory (read from storage first), writes go to storage. */
export function createSelectionStore(storage: () => KeyValueStorage | null) {
  const memory: WorkspaceSelection = { transcriptId: null, tab: 'transcript' };
  const read = (): WorkspaceSelection => {
    const s = storage();
    return s ? readSelection(s) : { ...memory };
  };
  const store = createStore(read);
  const getSnapshot = store.getSnapshot;
  const set = (next: WorkspaceSelection) => {
    const current = getSnapshot();
    if (current.transcriptId === next.transcriptId && current.tab === next.tab) return;
    const s = storage();
    if (s) writeSelection(s, next);
    else Object.assign(memory, next);
    store.setState(next);
  };

  return {
    getSnapshot,
    subscribe: store.subscribe,
    selectTranscript(id: number | null) {
      set({ ...getSnapshot(), transcriptId: id });
    },
    setTab(tab: WorkspaceTab) {
      set({ ...getSnapshot(), tab });
    },
    /**
     * Idempotent, so it may run during render: the first render for a new user already reads the
     * reset selection (and never fetches the previous user's transcript). Listeners are told later.
     */
    forUser(userId: number) {
      const s = storage();
      if (!s || !reconcileUser(s, userId)) return;
      store.replace(read());
      queueMicrotask(store.notify);
    },
  };
}
export type SelectionStore = ReturnType<typeof createSelectionStore>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const selectionStore = createSelectionStore(browserStorage);
