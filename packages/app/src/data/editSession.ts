// The working copy of one transcript while the user edits it, and its autosave: every change applies
// at once, is kept on this device, and is sent (debounced, one save in flight, later changes coalesced)
// as a new revision (PATCH /api/transcripts/{id} with baseRevision). Framework-free, so it is unit-tested
// with fake timers; useTranscriptEditing.ts binds it to React and SWR.
import { ApiError, retryDelay, type Segment, type Transcript, type UpdateTranscriptRequest } from '@scribe/api-client';
import { sameContent, sameSegments, type PendingEdit, type PendingEdits } from './pendingEdits.ts';

/**
 * idle: nothing to say yet; saving: a save is due or in flight; saved: the server has every change;
 * offline: the server cannot be reached, the changes are kept here and sent again; conflict: the
 * transcript changed elsewhere while this copy has changes (Reload or Keep my text); error: the server
 * refused the change (the reason in `error`).
 */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'conflict' | 'error';

export interface ServerCopy {
  title: string;
  segments: Segment[];
  revision: number;
}

export interface EditSnapshot {
  title: string;
  segments: Segment[];
  /** The server's revision this copy is based on (sent back as baseRevision). */
  revision: number;
  status: SaveStatus;
  /** Changes the server has not confirmed yet. */
  dirty: boolean;
  /** The server's newer revision, in the conflict state. */
  conflictRevision: number | null;
  /** Why the server refused the last save (status 'error'): translate it by its code. */
  error: ApiError | null;
}

export interface EditSessionOptions {
  initial: ServerCopy;
  send: (body: UpdateTranscriptRequest) => Promise<{ revision: number }>;
  pending: PendingEdits;
  /** The key of this user's and transcript's pending copy (pendingEditKey). */
  pendingKey: string;
  /** The server confirmed a revision: what it now holds (for the data cache). */
  onSaved?: (saved: ServerCopy & { titleChanged: boolean }) => void;
  debounceMs?: number;
  now?: () => number;
}

export const AUTOSAVE_DEBOUNCE_MS = 800;

/** The editable part of a transcript as the server sent it. */
export const serverCopyOf = (transcript: Transcript): ServerCopy => ({
  title: transcript.title,
  segments: transcript.metadata.timestamps,
  revision: transcript.revision,
});

/**
 * The cached transcript after a save, as the server now holds it (its `content` is the segments' text
 * joined the way the server joins it), so the view needs no refetch and shows no flash.
 */
export function withServerCopy(transcript: Transcript, copy: ServerCopy): Transcript {
  return {
    ...transcript,
    title: copy.title,
    revision: copy.revision,
    content: copy.segments
      .map((s) => s.text.trim())
      .filter(Boolean)
      .join(' '),
    metadata: { ...transcript.metadata, timestamps: copy.segments },
  };
}

/** Worth sending again later: no answer at all (offline), or the server is briefly unable to answer. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'REVISION_CONFLICT';
}

export function createEditSession(options: EditSessionOptions) {
  const { send, pending, pendingKey, onSaved, debounceMs = AUTOSAVE_DEBOUNCE_MS, now = Date.now } = options;

  // What the server holds (as far as this copy knows) and the working copy; an edit makes a new array,
  // so "unsaved" is a reference comparison.
  let saved: ServerCopy = { ...options.initial };
  let title = saved.title;
  let segments = saved.segments;
  let status: SaveStatus = 'idle';
  let conflictRevision: number | null = null;
  let error: ApiError | null = null;
  let inFlight = false;
  // After Keep my text, the whole copy goes (title and text), so the other revision is replaced knowingly.
  let sendAll = false;
  // A newer server copy seen while a save was in flight: judged once the save has answered.
  let laterServer: ServerCopy | null = null;
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let disposed = false;
  // Bumped by reset: the answer to a save sent before it no longer concerns this copy.
  let generation = 0;

  const listeners = new Set<() => void>();
  const isDirty = () => title !== saved.title || segments !== saved.segments;
  const build = (): EditSnapshot => ({ title, segments, revision: saved.revision, status, dirty: isDirty(), conflictRevision, error });
  let snapshot = build();
  const changed = () => {
    snapshot = build();
    listeners.forEach((listener) => listener());
  };

  /** Keeps every unconfirmed change on this device, or forgets the copy once the server has it all. */
  const persist = () => {
    if (!isDirty()) {
      pending.clear(pendingKey);
      return;
    }
    const edit: PendingEdit = { baseRevision: saved.revision, updatedAt: now() };
    if (segments !== saved.segments) edit.segments = segments;
    if (title !== saved.title) edit.title = title;
    pending.write(pendingKey, edit);
  };

  const clearTimers = () => {
    if (debounceTimer) clearTimeout(debounceTimer);
    if (retryTimer) clearTimeout(retryTimer);
    debounceTimer = retryTimer = null;
  };

  const schedule = (delay: number) => {
    if (debounceTimer) clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      debounceTimer = null;
      void save();
    }, delay);
  };

  /** A newer revision on the server: taken over quietly when this copy is clean, else a conflict. */
  const judge = (server: ServerCopy): 'unchanged' | 'reloaded' | 'conflict' => {
    if (server.revision <= saved.revision) return 'unchanged';
    if (!isDirty()) {
      saved = { ...server };
      title = server.title;
      segments = server.segments;
      pending.clear(pendingKey);
      changed();
      return 'reloaded';
    }
    // Both sides changed: a conflict only where they changed the same thing (e.g. the tree renamed the
    // transcript while the text was being edited here: the title is taken, the text still goes).
    const theirSegments = !sameSegments(server.segments, saved.segments);
    const theirTitle = server.title !== saved.title;
    const mySegments = segments !== saved.segments;
    const myTitle = title !== saved.title;
    if (!(theirSegments && mySegments) && !(theirTitle && myTitle)) {
      saved = { ...server };
      if (!mySegments) segments = server.segments;
      if (!myTitle) title = server.title;
      persist();
      changed();
      return 'reloaded';
    }
    clearTimers();
    status = 'conflict';
    conflictRevision = server.revision;
    changed();
    return 'conflict';
  };

  async function save(): Promise<void> {
    if (disposed || inFlight || status === 'conflict') return;
    if (debounceTimer) clearTimeout(debounceTimer);
    debounceTimer = null;
    if (!isDirty()) {
      if (status === 'saving') status = 'saved';
      changed();
      return;
    }
    const body: UpdateTranscriptRequest = { baseRevision: saved.revision };
    const sentSegments = segments;
    const sentTitle = title;
    const withSegments = sendAll || segments !== saved.segments;
    const withTitle = sendAll || title !== saved.title;
    if (withSegments) body.segments = sentSegments;
    if (withTitle) body.title = sentTitle;
    inFlight = true;
    status = 'saving';
    error = null;
    changed();
    const sentIn = generation;
    try {
      const answer = await send(body);
      if (disposed) return;
      inFlight = false;
      if (sentIn !== generation) return;
      attempts = 0;
      sendAll = false;
      saved = {
        revision: answer.revision,
        title: withTitle ? sentTitle : saved.title,
        segments: withSegments ? sentSegments : saved.segments,
      };
      onSaved?.({ ...saved, titleChanged: withTitle });
      persist();
      const later = laterServer;
      laterServer = null;
      if (later && judge(later) === 'conflict') return;
      // Changes made meanwhile go in the next save (they have their own debounce running, or go now).
      if (isDirty()) {
        if (!debounceTimer) void save();
        return;
      }
      status = 'saved';
      changed();
    } catch (failure) {
      if (disposed) return;
      inFlight = false;
      if (sentIn !== generation) return;
      if (isConflict(failure)) {
        const current = Number(failure.params?.current);
        status = 'conflict';
        conflictRevision = Number.isFinite(current) && current > saved.revision ? current : saved.revision + 1;
        laterServer = null;
      } else if (isRetryable(failure)) {
        status = 'offline';
        attempts += 1;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(
          () => {
            retryTimer = null;
            void save();
          },
          retryDelay(attempts, 1000, 30_000),
        );
      } else {
        status = 'error';
        error = failure instanceof ApiError ? failure : null;
      }
      changed();
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Takes over a copy kept on this device by an earlier visit: sent at once when made on the server's
     * current revision, a conflict when the server moved on meanwhile, dropped when the server has it.
     */
    resume(edit: PendingEdit | null) {
      if (!edit) return;
      if (sameContent(edit, saved)) {
        pending.clear(pendingKey);
        return;
      }
      if (edit.segments) segments = edit.segments;
      if (edit.title !== undefined) title = edit.title;
      if (edit.baseRevision === saved.revision) {
        status = 'saving';
        changed();
        void save();
      } else {
        status = 'conflict';
        conflictRevision = saved.revision;
        changed();
      }
    },

    /** A change from the editor: applied at once, kept on this device, saved after a pause. */
    edit(change: { segments?: Segment[]; title?: string }) {
      if (disposed) return;
      if (change.segments) segments = change.segments;
      if (change.title !== undefined) title = change.title;
      persist();
      if (status !== 'conflict') {
        // An offline copy keeps waiting for its retry; otherwise the pause starts again.
        if (status !== 'offline') {
          status = 'saving';
          schedule(debounceMs);
        }
      }
      changed();
    },

    /** Saves now (the debounce skipped). */
    flush: () => save(),

    /** The connection is back: send the waiting copy without waiting for the backoff. */
    retryNow() {
      if (status !== 'offline') return;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      void save();
    },

    /** The server's copy as last fetched (SWR, live channel): a newer revision is judged (see judge). */
    serverChanged(server: ServerCopy) {
      if (inFlight) {
        if (server.revision > (laterServer?.revision ?? saved.revision)) laterServer = { ...server };
        return;
      }
      judge(server);
    },

    /** Keep my text: the local copy replaces the newer revision (which stays in the history). */
    keepMine() {
      if (status !== 'conflict' || conflictRevision === null) return;
      saved = { ...saved, revision: conflictRevision };
      conflictRevision = null;
      sendAll = true;
      status = 'saving';
      persist();
      changed();
      void save();
    },

    /** Reload: the local changes go; the copy becomes the server's current one. */
    reset(server: ServerCopy) {
      clearTimers();
      generation += 1;
      inFlight = false;
      saved = { ...server };
      title = server.title;
      segments = server.segments;
      status = 'idle';
      conflictRevision = null;
      error = null;
      sendAll = false;
      laterServer = null;
      attempts = 0;
      pending.clear(pendingKey);
      changed();
    },

    /** Mounted (again, under StrictMode's second run): answers and timers count once more. */
    activate() {
      disposed = false;
    },

    /** Unmounted: no more saves from timers; the copy stays on the device for the next visit. */
    dispose() {
      disposed = true;
      clearTimers();
    },
  };
}
export type EditSession = ReturnType<typeof createEditSession>;
