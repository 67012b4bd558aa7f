// What the editor's rows and their edit field call: its own module, so the rows and the edit field both
// depend on it rather than on each other.
/** What rows call; one object for the editor's lifetime, so a commit re-renders only the rows that changed. */
export interface RowActions {
  startEdit(index: number): void;
  finishEdit(index: number, draft: string, how: 'save' | 'blur'): string | null;
  cancelEdit(index: number): void;
  /** Whether the segment was split (false: no word boundary there, editing goes on). */
  splitEdit(index: number, draft: string, caret: number): boolean;
  mergeEdit(index: number, draft: string): void;
  seek(index: number): void;
  /** Seek the player to the segment and play from there (a click or tap on its text). */
  /** Plays from the segment's start, or from `seconds` in it (the word clicked). */
  playFrom(index: number, seconds?: number): void;
  confirm(index: number): void;
  openSpeaker(index: number, anchor: HTMLElement): void;
  focusRow(index: number): void;
}
