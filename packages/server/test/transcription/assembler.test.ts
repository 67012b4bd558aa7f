import { describe, expect, it } from 'vitest';
import { TranscriptAssembler } from '../../src/features/transcription/engines/assembler.ts';
import { flagSegments, reviewFlagsFor } from '../../src/features/transcription/engines/review.ts';
import { mergeIntoSentences } from '../../src/features/transcription/engines/sentences.ts';
import type { TranscriptSegment } from '../../src/features/transcription/engines/types.ts';

/** A deterministic mix of sentence ends, cut sentences, repeats, pauses, overlaps and low confidence. */
function pieces(count: number, seed: number): TranscriptSegment[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = ['the', 'plan', 'is', 'ready', 'thank you', 'and', 'then', 'we', 'go', 'home'];
  const out: TranscriptSegment[] = [];
  let t = 0;
  for (let i = 0; i < count; i++) {
    const start = t + (next() < 0.2 ? -0.3 : next() * 1.5); // sometimes overlapping the one before
    const end = start + 0.5 + next() * 6;
    const n = 1 + Math.floor(next() * 8);
    let text = Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(' ');
    if (next() < 0.15) text = `${text} ${text} ${text}`;
    if (next() < 0.4) text += '.';
    out.push({ start, end, text, speaker: 'Unknown Speaker', confidence: 0.3 + next() * 0.7 });
    t = end;
  }
  return out;
}

/** The whole pass at the end, as the engine did it before it reported text on the way. */
function onePass(input: TranscriptSegment[], fraction: (start: number, end: number) => number): TranscriptSegment[] {
  const kept: TranscriptSegment[] = [];
  for (const s of input) {
    const previousEnd = kept.at(-1)?.end ?? 0;
    const segment = { ...s, start: Math.max(previousEnd, s.start), end: Math.max(previousEnd, s.end) };
    const flags = reviewFlagsFor(segment, { previous: kept.at(-1), speechFraction: fraction(segment.start, segment.end) });
    if (flags.length) segment.flags = flags;
    kept.push(segment);
  }
  return flagSegments(mergeIntoSentences(kept));
}

describe('TranscriptAssembler', () => {
  const fraction = (start: number, end: number) => ((start * 7 + end) % 1 < 0.1 ? 0.1 : 0.9);

  it('settles an in-order beginning that only grows and that the finished transcript starts with', () => {
    for (const seed of [1, 2, 3, 42, 1234]) {
      const input = pieces(300, seed);
      const assembler = new TranscriptAssembler(fraction);
      const seen: TranscriptSegment[][] = [];
      // Pieces arrive a window at a time (a few per window), as the engine hands them over.
      for (let i = 0; i < input.length; i += 3) {
        for (const piece of input.slice(i, i + 3)) assembler.push(piece);
        if (assembler.settle() > 0) seen.push(structuredClone(assembler.settled));
      }
      expect(seen.length).toBeGreaterThan(10);
      const final = assembler.finish();
      for (let i = 1; i < seen.length; i++) expect(seen[i].slice(0, seen[i - 1].length)).toEqual(seen[i - 1]);
      for (const prefix of seen) expect(final.slice(0, prefix.length)).toEqual(prefix);
      for (let i = 1; i < final.length; i++) expect(final[i].start).toBeGreaterThanOrEqual(final[i - 1].end);
      expect(final).toEqual(onePass(input, fraction));
    }
  });

  it('holds back the last sentence, which the next piece may still join', () => {
    const assembler = new TranscriptAssembler();
    assembler.push({ start: 0, end: 2, text: 'We need a plan, and Sarah prepares the', speaker: 'A' });
    expect(assembler.settle()).toBe(0);
    assembler.push({ start: 2, end: 3, text: 'launch plan.', speaker: 'A' });
    expect(assembler.settle()).toBe(0);
    assembler.push({ start: 3.2, end: 4, text: 'Next.', speaker: 'A' });
    expect(assembler.settle()).toBe(1);
    expect(assembler.settled.map((s) => s.text)).toEqual(['We need a plan, and Sarah prepares the launch plan.']);
    expect(assembler.finish().map((s) => s.text)).toEqual(['We need a plan, and Sarah prepares the launch plan.', 'Next.']);
  });
});
