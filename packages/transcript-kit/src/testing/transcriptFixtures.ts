import type { TranscriptSegment } from '../transcript/segments.ts';

/** Stories only: a short meeting with two speakers, 30 s long, plus a generator for big transcripts. */
export const meetingSegments: TranscriptSegment[] = [
  { start: 0, end: 3.6, speaker: 'Anna Berg', text: 'Good morning, everyone, and thanks for joining the standup.' },
  { start: 3.6, end: 7.2, speaker: 'Anna Berg', text: 'Let us start with the release that went out yesterday.' },
  { start: 7.2, end: 11.5, speaker: 'Marco Rossi', text: 'The upload fix is live, and the error rate dropped to almost zero.' },
  { start: 11.5, end: 15.1, speaker: 'Marco Rossi', text: 'I am still watching the chunked uploads for large files.' },
  { start: 15.1, end: 19.4, speaker: 'Anna Berg', text: 'Great. Any blockers for the transcript viewer?' },
  { start: 19.4, end: 23.8, speaker: 'Marco Rossi', text: 'None so far. The highlight follows playback smoothly.' },
  { start: 23.8, end: 27.0, text: 'Sorry, I joined late. Did I miss the demo?' },
  { start: 27.0, end: 30.0, speaker: 'Anna Berg', text: 'No, the demo is next. Let us wrap up here.' },
];

export const meetingContent = meetingSegments.map((s) => s.text).join(' ');

/** The segments with their words timed as an engine would, each word's share of the segment by its length. */
export function withTimedWords(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments.map((segment) => {
    const parts = segment.text.trim().match(/\s*\S+/g) ?? [];
    const total = parts.reduce((n, p) => n + p.trim().length, 0);
    let at = segment.start;
    const words = parts.map((p, i) => {
      const length = ((segment.end - segment.start) * p.trim().length) / total;
      const word = { text: i === 0 ? p.trimStart() : p, start: Math.round(at * 100) / 100, end: Math.round((at + length) * 100) / 100 };
      at += length;
      return word;
    });
    return { ...segment, words };
  });
}

const words = [
  'the',
  'quarterly',
  'numbers',
  'look',
  'good',
  'and',
  'we',
  'should',
  'plan',
  'the',
  'next',
  'release',
  'carefully',
  'with',
  'the',
  'whole',
  'team',
  'before',
  'the',
  'deadline',
  'arrives',
  'next',
  'month',
];

/** `count` segments of 2 s each (1.5 s of speech, then a pause), three speakers taking turns. */
export function manySegments(count: number): TranscriptSegment[] {
  return Array.from({ length: count }, (_, i) => ({
    start: i * 2,
    end: i * 2 + 1.5,
    speaker: `Speaker ${(i % 3) + 1}`,
    text: `Segment ${i + 1}: ${words.slice(i % 7, (i % 7) + 8 + (i % 5)).join(' ')}.`,
  }));
}

/** Stories only: the meeting as an engine returns it, with confidences and review flags on some segments. */
export const reviewSegments: TranscriptSegment[] = meetingSegments.map((segment, i) =>
  i === 2
    ? { ...segment, confidence: 0.32, flags: ['low_confidence'] }
    : i === 5
      ? { ...segment, confidence: 0.71, flags: ['repetition'] }
      : i === 6
        ? { ...segment, confidence: 0.64, flags: ['silence', 'speech_rate'] }
        : { ...segment, confidence: 0.93 },
);
