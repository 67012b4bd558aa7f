// Spec §3/§4: a per-user tutorial-seen flag in the browser (tutorialSeen:<userId>), and whether the
// tutorial is shown now. Finishing or skipping marks it seen; Restart tutorial clears the mark and
// shows it again. A small store so the account menu and the layout share it without a provider.

import { createStore } from '@scribe/ui/store';

export const TUTORIAL_SEEN_PREFIX = 'tutorialSeen:';
/** Spec §9: the tutorial starts 1000 ms after sign-in. */
export const TUTORIAL_START_DELAY_MS = 1000;
/** Spec §9: after the sample transcript is created, wait up to 0.8 s for it to appear. */
export const TUTORIAL_SAMPLE_WAIT_MS = 800;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const tutorialSeenKey = (userId: number) => `${TUTORIAL_SEEN_PREFIX}${userId}`;

export function hasSeenTutorial(storage: KeyValueStorage | null, userId: number): boolean {
  try {
    return storage?.getItem(tutorialSeenKey(userId)) === 'true';
  } catch {
    return false;
  }
}

export function setTutorialSeen(storage: KeyValueStorage | null, userId: number, seen: boolean): void {
  try {
    if (seen) storage?.setItem(tutorialSeenKey(userId), 'true');
    else storage?.removeItem(tutorialSeenKey(userId));
  } catch {
    // storage blocked: the tutorial shows again on the next visit
  }
}

export interface TutorialVisibility {
  open: boolean;
  /** Changes on every show, so a restarted tutorial starts over at the first step. */
  run: number;
}

export function createTutorialVisibility() {
  const store = createStore<TutorialVisibility>({ open: false, run: 0 });
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    show() {
      store.setState((state) => ({ open: true, run: state.run + 1 }));
    },
    hide() {
      store.setState((state) => (state.open ? { ...state, open: false } : state));
    },
  };
}

export const tutorialVisibility = createTutorialVisibility();

export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Account menu: clear this user's mark and show the tutorial from the first step. */
export function restartTutorial(userId: number): void {
  setTutorialSeen(browserStorage(), userId, false);
  tutorialVisibility.show();
}

/** Resolves true once `check()` holds, polling every `everyMs`, or false after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (check()) return true;
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, end - Date.now()))));
  }
}
