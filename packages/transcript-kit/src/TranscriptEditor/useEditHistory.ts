// The editor's undo state: the steps, the segments the editor last produced and whether Undo and Redo
// can act. A hook of its own, apart from the edits that record into it (the editor's behaviour).
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { SegmentChange } from '../transcript/editing.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import { canRedo, canUndo, emptyHistory, sameItems, type UndoHistory } from '../transcript/undoStack.ts';

export type EditHistory = UndoHistory<readonly TranscriptSegment[], SegmentChange>;

export function useEditHistory(segments: readonly TranscriptSegment[]) {
  // Undo and redo: the steps, and the segments the editor last produced (its host passes them back).
  const history = useRef<{ steps: EditHistory; present: readonly TranscriptSegment[] | null }>({ steps: emptyHistory(), present: null });
  const [undoable, setUndoable] = useState({ undo: false, redo: false });
  const setHistory = useCallback((steps: EditHistory, present: readonly TranscriptSegment[] | null) => {
    history.current = { steps, present };
    setUndoable((was) => {
      const next = { undo: canUndo(steps), redo: canRedo(steps) };
      return was.undo === next.undo && was.redo === next.redo ? was : next;
    });
  }, []);
  // Segments that came from elsewhere (a reload, another tab's revision, a restore) end the history:
  // an undo must never take back what someone else did.
  useLayoutEffect(() => {
    const { present } = history.current;
    if (present && !sameItems(segments, present)) setHistory(emptyHistory(), null);
  }, [segments, setHistory]);
  return { history, undoable, setHistory };
}
