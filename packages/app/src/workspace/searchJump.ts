// Choosing a search hit opens its transcript and plays from the hit's time (docs/product-spec.md §2: views
// seek the one player). The transcript and its audio load after the choice, so the jump waits here until
// the player area shows that transcript's audio, then seeks once.
import { createStore, useStore } from '@scribe/ui/store';

export interface PendingJump {
  transcriptId: number;
  seconds: number;
}

export function createJumpStore() {
  const store = createStore<PendingJump | null>(null);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    /** Play `transcriptId` from `seconds` once its audio is in the player (replaces an earlier request). */
    request(transcriptId: number, seconds: number) {
      store.setState({ transcriptId, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 0 });
    },
    /** The seconds to jump to when `transcriptId` is the one shown, taken once; otherwise null. */
    take(transcriptId: number): number | null {
      const pending = store.getSnapshot();
      if (!pending || pending.transcriptId !== transcriptId) return null;
      store.setState(null);
      return pending.seconds;
    },
    clear() {
      store.setState(null);
    },
  };
}

export const jumpStore = createJumpStore();

export function usePendingJump(): PendingJump | null {
  return useStore(jumpStore);
}

/** The AI output a search hit was found in, to open and show in the AI output tab (the newest is not always it). */
export interface SearchedOutput {
  transcriptId: number;
  outputId: number;
}

export const outputJumpStore = createStore<SearchedOutput | null>(null);

export function useSearchedOutput(): SearchedOutput | null {
  return useStore(outputJumpStore);
}
