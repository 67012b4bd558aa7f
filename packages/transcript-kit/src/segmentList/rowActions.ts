// What the editor's rows and their edit field call: its own module, so the rows (rows.tsx) and the
// editor's edit field both depend on it rather than on each other.
import type { ComponentType } from 'react';
import type { TranscriptSegment } from '../transcript/segments.ts';

/** What rows call; one object for the editor's lifetime, so a commit re-renders only the rows that changed. */
export interface RowActions {
  startEdit(index: number): void;
  finishEdit(index: number, draft: string, how: 'save' | 'blur'): string | null;
  cancelEdit(index: number): void;
  /** Whether the segment was split (false: no word boundary there, editing goes on). */
  splitEdit(index: number, draft: string, caret: number): boolean;
  mergeEdit(index: number, draft: string): void;
  seek(index: number): void;
  /** Plays from the segment's start, or from `seconds` in it (the word clicked). */
  playFrom(index: number, seconds?: number): void;
  confirm(index: number): void;
  openSpeaker(index: number, anchor: HTMLElement): void;
  focusRow(index: number): void;
}

/** The field that edits a row's text in place (the editor's EditField). */
export type RowEditField = ComponentType<{ index: number; segment: TranscriptSegment; actions: RowActions }>;

/**
 * What the editor adds to the rows. The viewer gives none: its rows read, and nothing of the editing
 * (the edit field, its keys) is in its module graph.
 */
export interface RowEditing {
  actions: RowActions;
  /** The editor's id prefix: the rows' hint and review descriptions. */
  ids: string;
  /** Shown as the editor, but nothing can be changed (speakers, review, text). */
  isReadOnly: boolean;
  Field: RowEditField;
}
