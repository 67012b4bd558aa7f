// The editor's words that need no React: what an undo takes back.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SegmentChange } from '../transcript/editing.ts';

/** What an undo or redo takes back or does again, in the announcement 'Undone: …'. */
export const CHANGE_WORDS: Record<SegmentChange, MessageDescriptor> = {
  text: msg`text edit`,
  split: msg`split`,
  merge: msg`merge`,
  timing: msg`time change`,
  speakers: msg`speaker change`,
  review: msg`review mark`,
};
