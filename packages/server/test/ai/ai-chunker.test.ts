// The transcript as timed lines and its parts for map-reduce: each part within its token budget, lines
// whole and in order, each with its time.
import { countTokens as rawTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { chunkLines, timedLines } from '../../src/features/ai/engines/chunker.ts';
import { countTokens } from '../../src/features/ai/engines/tokens.ts';
import type { AiTranscript } from '../../src/features/ai/engines/types.ts';

const words = 'budget launch revenue customers migration invoice review plan team quarter deadline schedule'.split(' ');
function transcript(count: number): AiTranscript {
  const segments = Array.from({ length: count }, (_, i) => ({
    start: i * 4.3,
    end: i * 4.3 + 4,
    speaker: i % 2 ? 'Bob' : 'Alice',
    text: `Point ${i}: the ${words[i % words.length]} and the ${words[(i * 7) % words.length]} need ${i % 5} more days.`,
  }));
  return { title: 't', language: 'en', content: '', segments, durationSeconds: count * 4.3 };
}

describe('timedLines', () => {
  it('writes [mm:ss] under an hour and [h:mm:ss] after, with the speaker', () => {
    const lines = timedLines(transcript(1000)).map((l) => l.line);
    expect(lines[0]).toBe('[00:00] Alice: Point 0: the budget and the budget need 0 more days.');
    expect(lines[900]).toMatch(/^\[1:04:30\] Alice: Point 900: /);
  });

  it('cuts a transcript without segments into sentences', () => {
    const lines = timedLines({ title: 't', language: 'en', content: 'One thing. Another one? Yes!', segments: [], durationSeconds: null });
    expect(lines.map((l) => l.line)).toEqual(['One thing.', 'Another one?', 'Yes!']);
  });
});

describe('chunkLines', () => {
  const lines = timedLines(transcript(2500)).map((l) => l.line);

  it('keeps every part within the budget, measured on the joined text', () => {
    for (const budget of [200, 700, 1500]) {
      const chunks = chunkLines(lines, budget);
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        expect(rawTokens(chunk.join('\n'))).toBeLessThanOrEqual(budget);
        expect(countTokens(chunk.join('\n'))).toBeLessThanOrEqual(budget + 1);
      }
    }
  });

  it('never splits a line: the parts joined give the lines back in order, each with its time', () => {
    const chunks = chunkLines(lines, 500);
    expect(chunks.flat()).toEqual(lines);
    for (const chunk of chunks) for (const line of chunk) expect(line).toMatch(/^\[(?:\d:)?\d{2}:\d{2}\] /);
  });

  it('fills parts: a part and the next line together would exceed the budget', () => {
    const chunks = chunkLines(lines, 500);
    for (let i = 0; i + 1 < chunks.length; i += 1) {
      const tokens = chunks[i].reduce((sum, l) => sum + countTokens(l) + 1, 0) + countTokens(chunks[i + 1][0]);
      expect(tokens).toBeGreaterThan(500);
    }
  });

  it('cuts only a line longer than the whole budget, between words, repeating its time and speaker', () => {
    const long = `[12:34] Alice: ${Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ')}`;
    const chunks = chunkLines(['[12:30] Bob: Short line.', long, '[12:40] Bob: After.'], 120);
    const pieces = chunks.flat();
    expect(pieces[0]).toBe('[12:30] Bob: Short line.');
    expect(pieces.at(-1)).toBe('[12:40] Bob: After.');
    const middle = pieces.slice(1, -1);
    expect(middle.length).toBeGreaterThan(1);
    for (const piece of middle) {
      expect(piece).toMatch(/^\[12:34\] Alice: word\d+/);
      expect(countTokens(piece)).toBeLessThanOrEqual(120);
    }
    expect(middle.map((p) => p.replace('[12:34] Alice: ', '')).join(' ')).toBe(long.replace('[12:34] Alice: ', ''));
  });
});
