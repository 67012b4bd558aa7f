// Edits not yet confirmed by the server, kept on this device (localStorage) so that a reload, a crash
// or a lost connection loses nothing: they are sent again when the transcript opens next.
import { UNKNOWN_SPEAKER, type Segment } from '@scribe/api-client';

/** A working copy waiting to be saved: the revision it was made on, and what changed. */
export interface PendingEdit {
  baseRevision: number;
  /** The whole segment list, when the text changed. */
  segments?: Segment[];
  /** The new title, when it changed. */
  title?: string;
  /** When it was last written (ms since the epoch). */
  updatedAt: number;
}

/** The part of Storage used here (localStorage in the app, a Map-backed fake in tests). */
export type EditStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One key per user and transcript: a second account on the same browser never sees the first one's edits. */
export const pendingEditKey = (userId: number | string, transcriptId: number) => `scribe:pending-edit:${userId}:${transcriptId}`;

function isPendingEdit(value: unknown): value is PendingEdit {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.baseRevision === 'number' &&
    typeof v.updatedAt === 'number' &&
    (v.segments === undefined || Array.isArray(v.segments)) &&
    (v.title === undefined || typeof v.title === 'string') &&
    (v.segments !== undefined || v.title !== undefined)
  );
}

export function createPendingEdits(storage: EditStorage | null) {
  return {
    read(key: string): PendingEdit | null {
      try {
        const raw = storage?.getItem(key);
        if (!raw) return null;
        const parsed: unknown = JSON.parse(raw);
        return isPendingEdit(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    /** False when the device refused to keep it (storage full or blocked): the caller says so. */
    write(key: string, edit: PendingEdit): boolean {
      if (!storage) return false;
      try {
        storage.setItem(key, JSON.stringify(edit));
        return true;
      } catch {
        return false;
      }
    },
    clear(key: string) {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to do: a blocked storage holds nothing of ours either.
      }
    },
  };
}
export type PendingEdits = ReturnType<typeof createPendingEdits>;

/** The browser's localStorage, or null where it is blocked (private modes, sandboxed frames). */
export function browserEditStorage(): EditStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * Whether two segment lists say the same to a reader: the same times, text, speaker and review mark, in
 * order. The server's copy of what was sent is not the same bytes: its database keeps an object's keys
 * in its own order, and it times the words of an edited text again (a segment's words and confidence
 * are its own, never the user's), so comparing the JSON would see a change where there is none.
 */
export function sameSegments(a: readonly Segment[], b: readonly Segment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return (
      x.start === y.start &&
      x.end === y.end &&
      x.text === y.text &&
      (x.speaker ?? UNKNOWN_SPEAKER) === (y.speaker ?? UNKNOWN_SPEAKER) &&
      Boolean(x.reviewed) === Boolean(y.reviewed)
    );
  });
}

/** Whether a pending copy says nothing beyond what the server already has (then it can go). */
export function sameContent(
  edit: Pick<PendingEdit, 'segments' | 'title'>,
  server: { title: string; segments: readonly Segment[] },
): boolean {
  if (edit.title !== undefined && edit.title !== server.title) return false;
  if (edit.segments !== undefined && !sameSegments(edit.segments, server.segments)) return false;
  return true;
}
