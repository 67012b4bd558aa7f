// The transcript as plain text, the way a copy puts it on the clipboard. Pure, so it lives apart from
// the component: the viewer's copy button uses it and the package exports it (transcriptText).
import { formatTime } from '../media/time.ts';
import { paragraphRanges, speakerOf, speakerRuns } from '../transcript/paragraphs.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { TranscriptView } from './ViewToggle.tsx';

const joinText = (segments: readonly TranscriptSegment[]) => segments.map((s) => s.text.trim()).join(' ');

/** The text a copy puts on the clipboard: what the current view shows, in its paragraphs or speaker turns. */
export function transcriptText(
  segments: readonly TranscriptSegment[],
  content: string | undefined,
  view: TranscriptView,
  /**
   * How speakers are named: the name for an unknown speaker in the reader's language, or a function
   * naming any speaker ('' for an unknown one; the viewer's: 'Speaker 2' translated too).
   */
  speakerLabel: string | ((name: string) => string) = 'Unknown Speaker',
): string {
  const label = typeof speakerLabel === 'function' ? speakerLabel : (name: string) => name || speakerLabel;
  if (segments.length === 0) return content ?? '';
  if (view === 'plain')
    return paragraphRanges(segments)
      .map((r) => joinText(segments.slice(r.start, r.end)))
      .join('\n\n');
  return speakerRuns(segments)
    .map((run) => {
      const first = segments[run.start];
      const lines = segments.slice(run.start, run.end).map((s) => `[${formatTime(s.start)} - ${formatTime(s.end)}] ${s.text.trim()}`);
      const speaker = speakerOf(first);
      return `${label(speaker)}:\n${lines.join('\n')}`;
    })
    .join('\n\n');
}
