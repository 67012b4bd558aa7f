import { describe, expect, it } from 'vitest';
import {
  assignSpeaker,
  cleanSegmentText,
  editText,
  markReviewed,
  mergeWithNext,
  needsReview,
  nextToReview,
  nudgeSplit,
  nudgeTime,
  renameSpeaker,
  reviewCount,
  reviewReasons,
  segmentChanges,
  speakerNames,
  splitAt,
  splitPoint,
  touchesNext,
  validateSegmentText,
  validateSpeakerName,
  validateTitle,
  wordBoundary,
} from './editing.ts';
import type { TranscriptSegment } from './segments.ts';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Good morning everyone' },
  { start: 4, end: 8, speaker: 'Marco', text: 'The upload fix is live', confidence: 0.3 },
  { start: 9, end: 12, speaker: 'Anna', text: 'Any blockers', flags: ['repetition'] },
  { start: 12, end: 14, text: 'Sorry I am late' },
];

describe('editText', () => {
  it('replaces the text, marks the segment reviewed and keeps the others as they were', () => {
    const next = editText(segments, 1, 'The upload fix is live now');
    expect(next[1]).toEqual({ ...segments[1], text: 'The upload fix is live now', reviewed: true });
    expect(next[0]).toBe(segments[0]);
    expect(next[2]).toBe(segments[2]);
    expect(segments[1].text).toBe('The upload fix is live');
  });

  it('changes nothing for the same text or an index out of range', () => {
    expect(editText(segments, 0, '  Good morning everyone ')).toBe(segments);
    expect(editText(segments, 9, 'x')).toBe(segments);
  });

  it('turns line breaks and control characters into single spaces', () => {
    expect(cleanSegmentText('a\nb\t\tc\u0007d  ')).toBe('a b c d');
    expect(editText(segments, 0, 'Good\r\nmorning')[0].text).toBe('Good morning');
  });
});

describe('validation', () => {
  it('limits segment text to 2,000 characters, allows empty text', () => {
    expect(validateSegmentText('x'.repeat(2000))).toBeNull();
    expect(validateSegmentText('x'.repeat(2001))).toBe('too_long');
    expect(validateSegmentText('')).toBeNull();
  });

  it('requires a speaker name of at most 100 characters and a title of at most 200', () => {
    expect(validateSpeakerName('  ')).toBe('required');
    expect(validateSpeakerName('x'.repeat(101))).toBe('too_long');
    expect(validateSpeakerName(' Anna ')).toBeNull();
    expect(validateTitle('')).toBe('required');
    expect(validateTitle('x'.repeat(200))).toBeNull();
    expect(validateTitle('x'.repeat(201))).toBe('too_long');
  });
});

describe('splitAt', () => {
  it('snaps the caret to the nearest word boundary', () => {
    // 'Good morning everyone': boundaries at 4/5 and 12/13.
    expect(wordBoundary('Good morning everyone', 6)).toBe(5);
    expect(wordBoundary('Good morning everyone', 11)).toBe(12);
    expect(wordBoundary('Good morning everyone', 0)).toBe(4);
    expect(wordBoundary('Goodmorning', 4)).toBeNull();
  });

  it('estimates the time from the share of characters before the split', () => {
    // 'The upload fix' (14 chars) | 'is live' (7 chars): 4 + 4 * 14/21 = 6.67 s.
    const point = splitPoint(segments[1], 15);
    expect(point).toEqual({ offset: 15, time: 6.67 });
    const next = splitAt(segments, 1, 15);
    expect(next).toHaveLength(5);
    expect(next[1]).toEqual({ ...segments[1], end: 6.67, text: 'The upload fix', reviewed: true });
    expect(next[2]).toEqual({ ...segments[1], start: 6.67, text: 'is live', reviewed: true });
    expect(next[3]).toBe(segments[2]);
  });

  it('does not split a single word, at the very ends, or a segment too short for two', () => {
    expect(splitAt([{ start: 0, end: 2, text: 'Hello' }], 0, 2)).toHaveLength(1);
    expect(splitAt([{ start: 0, end: 0.15, text: 'a b' }], 0, 1)).toHaveLength(1);
    expect(splitPoint({ start: 0, end: 2, text: 'a b' }, 0)).toEqual({ offset: 1, time: 1 });
  });

  it('keeps each half at least 0.1 s long', () => {
    const point = splitPoint({ start: 0, end: 1, text: 'a ' + 'b'.repeat(200) }, 1);
    expect(point?.time).toBe(0.1);
  });
});

describe('mergeWithNext', () => {
  it('joins text and time, keeps the first speaker, the lower confidence and both flags', () => {
    const next = mergeWithNext(segments, 1);
    expect(next).toHaveLength(3);
    expect(next[1]).toEqual({
      start: 4,
      end: 12,
      speaker: 'Marco',
      text: 'The upload fix is live Any blockers',
      confidence: 0.3,
      flags: ['repetition'],
      reviewed: true,
    });
  });

  it('changes nothing on the last segment', () => {
    expect(mergeWithNext(segments, 3)).toBe(segments);
  });
});

describe('nudgeTime and nudgeSplit', () => {
  it('moves a start or end by the step, rounded to the hundredth', () => {
    expect(nudgeTime(segments, 2, 'start', -0.1)[2].start).toBe(8.9);
    expect(nudgeTime(segments, 2, 'end', -0.5)[2].end).toBe(11.5);
    let moved: readonly TranscriptSegment[] = segments;
    for (let i = 0; i < 3; i++) moved = nudgeTime(moved, 2, 'start', -0.1);
    expect(moved[2].start).toBe(8.7);
  });

  it('never overlaps a neighbour, never goes below 0, never makes start >= end', () => {
    expect(nudgeTime(segments, 2, 'start', -5)[2].start).toBe(8);
    expect(nudgeTime(segments, 1, 'end', 5)[1].end).toBe(9);
    expect(nudgeTime(segments, 0, 'start', -0.1)).toBe(segments);
    expect(nudgeTime(segments, 3, 'start', 5)[3].start).toBe(13.9);
    expect(nudgeTime(segments, 3, 'end', -5)[3].end).toBe(12.1);
    // At a limit already: nothing changes (the same array: nothing to save).
    expect(nudgeTime(segments, 3, 'start', -0.1)).toBe(segments);
  });

  it('moves the boundary between touching segments together', () => {
    expect(touchesNext(segments, 0)).toBe(true);
    expect(touchesNext(segments, 1)).toBe(false);
    const next = nudgeSplit(segments, 0, 0.5);
    expect([next[0].end, next[1].start]).toEqual([4.5, 4.5]);
    expect(nudgeSplit(segments, 0, -10)[0].end).toBe(0.1);
    expect(nudgeSplit(segments, 0, 10)[1].start).toBe(7.9);
    expect(nudgeSplit(segments, 3, 0.1)).toBe(segments);
  });
});

describe('speakers', () => {
  it('renames every segment of a speaker in one step', () => {
    const next = renameSpeaker(segments, 'Anna', ' Anna Berg ');
    expect(next.map((s) => s.speaker)).toEqual(['Anna Berg', 'Marco', 'Anna Berg', undefined]);
    expect(next[1]).toBe(segments[1]);
  });

  it("names the unknown speaker's segments through '', and takes no marker for them", () => {
    expect(renameSpeaker(segments, '', 'Guest')[3].speaker).toBe('Guest');
    expect(renameSpeaker(segments, 'Unknown Speaker', 'Guest')).toBe(segments);
    expect(renameSpeaker(segments, 'Nobody', 'Guest')).toBe(segments);
    expect(renameSpeaker(segments, 'Anna', '  ')).toBe(segments);
  });

  it('assigns one segment to another or a new speaker', () => {
    expect(assignSpeaker(segments, 3, 'Marco')[3].speaker).toBe('Marco');
    expect(assignSpeaker(segments, 0, 'Guest')[0].speaker).toBe('Guest');
    expect(assignSpeaker(segments, 0, 'Anna')).toBe(segments);
    // '' gives the segment back to the unknown speaker: it has no speaker then.
    expect(assignSpeaker(segments, 0, '')[0]).not.toHaveProperty('speaker');
    expect(assignSpeaker(segments, 3, '')).toBe(segments);
  });

  it('lists the speakers in order of appearance', () => {
    expect(speakerNames(segments)).toEqual(['Anna', 'Marco', '']);
  });
});

describe('review queue', () => {
  it('counts flagged and low-confidence segments that are not reviewed', () => {
    expect(reviewReasons(segments[1])).toEqual(['low_confidence']);
    expect(reviewReasons({ ...segments[2], confidence: 0.1 })).toEqual(['low_confidence', 'repetition']);
    expect(reviewReasons(segments[0])).toEqual([]);
    expect(needsReview({ ...segments[2], reviewed: true })).toBe(false);
    expect(reviewCount(segments)).toBe(2);
  });

  it('finds the next one after an index, wrapping around, -1 when none is left', () => {
    expect(nextToReview(segments)).toBe(1);
    expect(nextToReview(segments, 1)).toBe(2);
    expect(nextToReview(segments, 2)).toBe(1);
    const done = markReviewed(markReviewed(segments, 1), 2);
    expect(reviewCount(done)).toBe(0);
    expect(nextToReview(done, 0)).toBe(-1);
    expect(nextToReview([], 0)).toBe(-1);
  });

  it('an edit takes a segment out of the queue too', () => {
    expect(reviewCount(editText(segments, 1, 'The upload fix is out'))).toBe(1);
    expect(markReviewed(markReviewed(segments, 1), 1)[1].reviewed).toBe(true);
  });
});

describe('segmentChanges', () => {
  it('names what changed', () => {
    expect(segmentChanges(segments, splitAt(segments, 1, 15))).toEqual(['split']);
    expect(segmentChanges(segments, mergeWithNext(segments, 0))).toEqual(['merge']);
    expect(segmentChanges(segments, editText(segments, 0, 'Hello'))).toEqual(['text']);
    expect(segmentChanges(segments, markReviewed(segments, 1))).toEqual(['review']);
    expect(segmentChanges(segments, renameSpeaker(nudgeTime(segments, 2, 'end', -0.1), 'Anna', 'A'))).toEqual(['speakers', 'timing']);
    expect(segmentChanges(segments, segments)).toEqual([]);
  });
});
