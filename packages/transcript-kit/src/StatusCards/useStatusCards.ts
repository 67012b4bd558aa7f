import { useStore } from '@scribe/ui/store';
import { useCallback, useEffect, useState } from 'react';
import {
  createStatusCardsStore,
  type StatusCardEntry,
  type StatusCardsOptions,
  type TranscriptId,
  type TranscriptionStatusEvent,
} from './statusCardsStore.ts';

export interface UseStatusCardsResult {
  /** The cards to pass to <StatusCards items>. */
  items: readonly StatusCardEntry[];
  /** Feed every live `transcription_status` event here. */
  push: (event: TranscriptionStatusEvent) => void;
  /** Pass as <StatusCards onDismiss>. */
  dismiss: (transcriptId: TranscriptId) => void;
}

/**
 * The status cards' state for an app: feed it live events, render <StatusCards {...}>. Completed cards
 * are removed after 5 s and error cards after 10 s (docs/product-spec.md §4); timers stop on unmount.
 */
export function useStatusCards(options?: StatusCardsOptions): UseStatusCardsResult {
  const [store] = useState(() => createStatusCardsStore(options));
  useEffect(() => () => store.dispose(), [store]);
  const items = useStore(store);
  const push = useCallback((event: TranscriptionStatusEvent) => store.push(event), [store]);
  const dismiss = useCallback((id: TranscriptId) => store.dismiss(id), [store]);
  return { items, push, dismiss };
}
