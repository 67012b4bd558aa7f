import type { ReactNode } from 'react';
import type { SegmentChange } from '../transcript/editing.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { TranscriptView } from '../segmentList/segmentLayout.ts';

/**
 * Where the app's saving stands, shown in the editor's status line and announced politely:
 * 'idle' (nothing to say), 'saving' ('Saving…'), 'saved' ('All changes saved'), 'offline' ('Offline:
 * changes are kept on this device'), 'conflict' (someone else saved first: 'Reload' / 'Keep my text'),
 * 'error' (`saveError` says why).
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'conflict' | 'error';

export interface TranscriptEditorProps {
  /** Names the editor's region; shown as its heading unless `titleSlot` replaces the heading. */
  title?: string;
  /** In place of the heading, e.g. an `EditableTitle` the app wires to its rename. */
  titleSlot?: ReactNode;
  /** The current segments (sorted by start). The editor keeps none of its own: edits come back through onChange. */
  segments: readonly TranscriptSegment[];
  /**
   * Every edit: the whole next segments array (unchanged segments keep their identity) and what kind of
   * change it was. The app stores it, autosaves and passes the new segments back in.
   */
  onChange: (next: TranscriptSegment[], change: SegmentChange) => void;
  /** The player's position (seconds): the segment there is marked, as in the viewer. */
  currentTime?: number;
  isPlaying?: boolean;
  /** Seek the player (the segment's time button; shortcuts). The audio keeps playing or paused as it was. */
  onSeek?: (seconds: number) => void;
  /**
   * Seek and play ('Next to review', r: replay the segment). Without it, `onSeek` is called and the app
   * decides whether to play.
   */
  onPlayFrom?: (seconds: number) => void;
  /** k / Space: play or pause. */
  onTogglePlay?: () => void;
  /** j / l: skip by -5 / +5 seconds. */
  onSkip?: (seconds: number) => void;
  view?: TranscriptView;
  defaultView?: TranscriptView;
  onViewChange?: (view: TranscriptView) => void;
  /** The save status line; 'idle' (default) shows nothing. */
  saveState?: SaveState;
  /** With saveState 'error': what went wrong (already translated, e.g. the app's translateError). */
  saveError?: string;
  /** Conflict: 'Reload' (take the server's revision, dropping the local edits). */
  onReload?: () => void;
  /** Conflict: 'Keep my text' (save the local edits over the newer revision). */
  onKeepMine?: () => void;
  /** Slot next to the view switch, e.g. the app's export menu. */
  exportMenu?: ReactNode;
  /** Nothing can be changed (e.g. while a restore runs); reading, playing and the shortcuts still work. */
  isReadOnly?: boolean;
}
