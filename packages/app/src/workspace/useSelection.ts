import { ApiError } from '@scribe/api-client';
import { useEffect } from 'react';
import { useTranscript } from '../data/library.ts';
import { useStore } from '@scribe/ui/store';
import { useSession } from '../session/SessionProvider.tsx';
import { selectionStore, type WorkspaceSelection, type WorkspaceTab } from './selection.ts';

/** The persisted workspace selection of the signed-in user (reset when another user signs in). */
export function useSelection(): WorkspaceSelection & {
  selectTranscript: (id: number | null) => void;
  setTab: (tab: WorkspaceTab) => void;
} {
  const { user } = useSession();
  if (user) selectionStore.forUser(user.id);
  const selection = useStore(selectionStore);
  return { ...selection, selectTranscript: selectionStore.selectTranscript, setTab: selectionStore.setTab };
}

/** The selected transcript (GET /api/transcripts/{id}); a 404 clears the selection. */
export function useSelectedTranscript() {
  const { transcriptId } = useSelection();
  const result = useTranscript(transcriptId);
  const notFound = result.error instanceof ApiError && result.error.status === 404;
  useEffect(() => {
    // Only if it is still the selection: the user may have moved on meanwhile.
    if (notFound && selectionStore.getSnapshot().transcriptId === transcriptId) selectionStore.selectTranscript(null);
  }, [notFound, transcriptId]);
  return { transcriptId, ...result };
}
