// The editing of the selected transcript bound to React and the data cache: the working copy and save
// state of editSession.ts, kept per user and transcript on this device (pendingEdits.ts).
import { paths, type Transcript } from '@scribe/api-client';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { createEditSession, serverCopyOf, withServerCopy, type EditSession } from './editSession.ts';
import { browserEditStorage, createPendingEdits, pendingEditKey } from './pendingEdits.ts';

/**
 * Mount it once per transcript (key the component by the transcript's id). `transcript` is the cached
 * server copy: when it arrives with a newer revision (a refetch after the live channel's news, another
 * tab's save) a clean working copy follows it quietly and a changed one shows the conflict.
 */
export function useTranscriptEditing(transcript: Transcript) {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const id = transcript.id;
  const [{ session, key }] = useState(() => {
    const pending = createPendingEdits(browserEditStorage());
    const pendingKey = pendingEditKey(user?.id ?? 'signed-out', id);
    const created: EditSession = createEditSession({
      initial: serverCopyOf(transcript),
      send: (body) => api.transcripts.update(id, body),
      pending,
      pendingKey,
      onSaved: (saved) => {
        void mutate<Transcript | null>(paths.transcript(id), (current) => (current ? withServerCopy(current, saved) : current), {
          revalidate: false,
        });
        // The tree shows the title.
        if (saved.titleChanged) void mutate(paths.folderTree);
      },
    });
    return { session: created, key: pendingKey };
  });
  const resumed = useRef(false);

  useEffect(() => {
    session.activate();
    if (!resumed.current) {
      resumed.current = true;
      session.resume(createPendingEdits(browserEditStorage()).read(key));
    }
    const online = () => session.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      session.dispose();
    };
  }, [session, key]);

  useEffect(() => {
    session.serverChanged(serverCopyOf(transcript));
  }, [session, transcript]);

  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);

  /** Reload (conflict): drop the local changes and take the server's current copy. */
  const reload = useCallback(async () => {
    const fresh = await api.transcripts.get(id);
    if (!fresh) return;
    await mutate(paths.transcript(id), fresh, { revalidate: false });
    session.reset(serverCopyOf(fresh));
  }, [id, mutate, session]);

  return { ...snapshot, edit: session.edit, keepMine: session.keepMine, flush: session.flush, reload };
}
export type TranscriptEditing = ReturnType<typeof useTranscriptEditing>;
