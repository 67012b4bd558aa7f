// Choosing a search hit opens its transcript and plays from the hit's time (docs/product-spec.md §2: views
// seek the one player). The transcript and its audio load after the choice, so the jump waits here until
// the player area shows that transcript's audio, then seeks once.
import type { TranscriptSegment } from '@scribe/transcript-kit';
import { segmentAt } from '@scribe/transcript-kit/utils';
import { createStore, useStore } from '@scribe/ui/store';

export interface PendingJump {
  transcriptId: number;
  seconds: number;
  /** The words the search matched there (a hit's marked words): the jump lands on the first of them. */
  words: string[];
}

type TimedSegment = Pick<TranscriptSegment, 'start' | 'end' | 'text' | 'words'>;

/** A word without case or punctuation, as a search matched it. */
const wordKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Where a jump to `seconds` lands: the start of the first of `words` in the segment there, when that
 * segment's words are timed; a matched word may be a form of the word searched (the search stems), so
 * a word counts when one begins with the other's first five letters. Otherwise `seconds` itself.
 */
export function landOnWord(segments: readonly TimedSegment[], seconds: number, words: readonly string[]): number {
  const segment = segments[segmentAt(segments, seconds)];
  const wanted = words.map(wordKey).filter(Boolean);
  if (!segment?.words || wanted.length === 0) return seconds;
  const stem = (key: string) => key.slice(0, 5);
  const matches = (key: string) => wanted.some((w) => key === w || (key.length >= 5 && w.length >= 5 && stem(key) === stem(w)));
  const word = segment.words.find((w) => matches(wordKey(w.text)));
  return word ? word.start : seconds;
}

export function createJumpStore() {
  const store = createStore<PendingJump | null>(null);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    /**
     * Play `transcriptId` from `seconds` once its audio is in the player (replaces an earlier request),
     * from the first of `words` there when the transcript's words are timed.
     */
    request(transcriptId: number, seconds: number, words: string[] = []) {
      store.setState({ transcriptId, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 0, words });
    },
    /**
     * The seconds to jump to when `transcriptId` is the one shown, taken once (on the matched word when
     * `segments` time their words); otherwise null.
     */
    take(transcriptId: number, segments: readonly TimedSegment[] = []): number | null {
      const pending = store.getSnapshot();
      if (!pending || pending.transcriptId !== transcriptId) return null;
      store.setState(null);
      return landOnWord(segments, pending.seconds, pending.words);
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
