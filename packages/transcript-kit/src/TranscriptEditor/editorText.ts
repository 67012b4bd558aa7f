// The editor's words and times that need no React: the precise time format, the words for review
// reasons and for what an undo takes back. Pure, so the editor, its rows and the package's exports share them.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { formatTime } from '../media/time.ts';
import type { SegmentChange } from '../transcript/editing.ts';
import type { ReviewFlag } from '../transcript/segments.ts';

/** Times in the editor show tenths: a 0.1 s nudge must be visible. */
export function formatPreciseTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10) % 10;
  return `${formatTime(Math.floor(Math.round(safe * 10) / 10))}.${tenths}`;
}

const REASONS: Record<ReviewFlag, MessageDescriptor> = {
  low_confidence: msg`Low confidence`,
  repetition: msg`Repeated words`,
  silence: msg`Text over silence`,
  speech_rate: msg`Unusual speech rate`,
};

/** What an undo or redo takes back or does again, in the announcement 'Undone: …'. */
export const CHANGE_WORDS: Record<SegmentChange, MessageDescriptor> = {
  text: msg`text edit`,
  split: msg`split`,
  merge: msg`merge`,
  timing: msg`time change`,
  speakers: msg`speaker change`,
  review: msg`review mark`,
};

/** The words for a review reason (shown next to the mark's icon and read as the segment's description). */
export function reviewReasonText(i18n: I18n, flag: ReviewFlag): string {
  return i18n._(REASONS[flag]);
}
