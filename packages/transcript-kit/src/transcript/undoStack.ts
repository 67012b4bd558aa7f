/*
 * The transcript editor's undo and redo, as pure data: each step keeps the states before and after it
 * (whole values, never diffs: the segment operations share unchanged items, so a step costs one array),
 * and what kind of change it was, to say what is undone. Every function returns a new history; the input
 * is never changed.
 */

export interface UndoStep<T, Kind extends string = string> {
  before: T;
  after: T;
  kind: Kind;
}

export interface UndoHistory<T, Kind extends string = string> {
  /** Steps that can be undone, oldest first. */
  readonly past: readonly UndoStep<T, Kind>[];
  /** Steps that were undone and can be redone, the next one to redo last. */
  readonly future: readonly UndoStep<T, Kind>[];
}

/** How many steps are kept; older ones are dropped first. */
export const UNDO_LIMIT = 100;

export function emptyHistory<T, Kind extends string = string>(): UndoHistory<T, Kind> {
  return { past: [], future: [] };
}

/**
 * A new step done by the user: it can be undone, and the steps undone before it can no longer be redone.
 * A step that changes nothing (`before === after`) is not recorded.
 */
export function record<T, Kind extends string>(
  history: UndoHistory<T, Kind>,
  step: UndoStep<T, Kind>,
  limit: number = UNDO_LIMIT,
): UndoHistory<T, Kind> {
  if (step.before === step.after) return history;
  const past = [...history.past, step];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

export function canUndo(history: UndoHistory<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: UndoHistory<unknown>): boolean {
  return history.future.length > 0;
}

/** The last step taken back: apply `step.before`. null when there is nothing to undo. */
export function undo<T, Kind extends string>(
  history: UndoHistory<T, Kind>,
): { history: UndoHistory<T, Kind>; step: UndoStep<T, Kind> } | null {
  const step = history.past.at(-1);
  if (!step) return null;
  return { history: { past: history.past.slice(0, -1), future: [...history.future, step] }, step };
}

/** The last undone step done again: apply `step.after`. null when there is nothing to redo. */
export function redo<T, Kind extends string>(
  history: UndoHistory<T, Kind>,
): { history: UndoHistory<T, Kind>; step: UndoStep<T, Kind> } | null {
  const step = history.future.at(-1);
  if (!step) return null;
  return { history: { past: [...history.past, step], future: history.future.slice(0, -1) }, step };
}

/**
 * Whether two arrays hold the same items in the same order (by identity). The editor's host may pass
 * its segments back as a new array of the same items: that is still the state the editor left, while
 * anything else (a reload, another tab's revision, a restore) came from elsewhere and ends the history.
 */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
