// The app's streamed recording: the outbox of this browser, the unfinished recordings offered for
// recovery, and a session store the Record dialog reads.
import { ApiError, recordingPaths } from '@scribe/api-client';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api } from '../api.ts';
import { createStore, useStore } from '@scribe/ui/store';
import { openOutbox, type Outbox } from './outbox.ts';
import { createRecordingSession, findUnfinished, type RecordingSession, type SessionState, type UnfinishedRecording } from './session.ts';

let outboxPromise: Promise<Outbox> | null = null;
/** The one outbox connection of the page (opened on first use). */
export function getOutbox(): Promise<Outbox> {
  outboxPromise ??= openOutbox().catch((error: unknown) => {
    outboxPromise = null;
    throw error;
  });
  return outboxPromise;
}

export interface RecordingSupport {
  /** Streaming works here: the server has the recording routes and the browser has IndexedDB and MediaRecorder. */
  supported: boolean;
  /** Unfinished recordings to offer, newest first. */
  unfinished: UnfinishedRecording[];
}

/** SWR key of the recovery offer (revalidated after finish and discard). */
export const unfinishedRecordingsKey = (userId: number) => [recordingPaths.recordings, userId] as const;

async function loadSupport(userId: number): Promise<RecordingSupport> {
  if (typeof indexedDB === 'undefined' || typeof MediaRecorder === 'undefined') return { supported: false, unfinished: [] };
  let supported = true;
  let outbox: Outbox;
  try {
    outbox = await getOutbox();
  } catch {
    return { supported: false, unfinished: [] };
  }
  const list = async () => {
    try {
      return await api.recordings.list();
    } catch (error) {
      // A server without the recording routes: the whole-file upload is the way.
      if (error instanceof ApiError && error.status === 404) supported = false;
      throw error;
    }
  };
  const unfinished = await findUnfinished({ api: { list }, outbox, userId });
  return { supported, unfinished: supported ? unfinished : [] };
}

/** Whether streaming works and what to offer for recovery (null while unknown or signed out). */
export function useRecordingSupport(userId: number | null) {
  return useSWR(userId === null ? null : unfinishedRecordingsKey(userId), ([, id]) => loadSupport(id), {
    revalidateOnFocus: false,
  });
}

/** A session for as long as `active` holds (the dialog is open); disposed after (its pieces stay in the outbox). */
export function useRecordingSession(active: boolean, userId: number | null, language: string): RecordingSession | null {
  const [session, setSession] = useState<RecordingSession | null>(null);
  useEffect(() => {
    if (!active || userId === null) return;
    const created = createRecordingSession({ api: api.recordings, outbox: getOutbox, userId, language });
    setSession(created);
    return () => {
      created.dispose();
      setSession(null);
    };
    // The language is read when recording starts; a change later goes with Finish.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, userId]);
  return session;
}

const idle: SessionState = { phase: 'idle', recordingId: null, elapsedMs: 0, level: 0, pendingPieces: 0, live: null, retrying: false };
const noSession = createStore(idle);

export function useSessionState(session: RecordingSession | null): SessionState {
  return useStore(session ?? noSession);
}

/** Throws away an unfinished recording from the recovery offer: on the server and in this browser. */
export async function discardUnfinished(id: string): Promise<void> {
  try {
    await api.recordings.discard(id);
  } catch (error) {
    // Already gone on the server is what we wanted.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await (await getOutbox()).removeRecording(id);
}
