/**
 * The transcript as timed lines ('[mm:ss] Speaker: text', so a model can cite times) and their split into
 * chunks that fit a token budget, for map-reduce over transcripts longer than the model's context.
 */
import { UNKNOWN_SPEAKER } from '@scribe/api-client';
import { countTokens } from './tokens.ts';
import { formatTimestamp, type AiTranscript } from './types.ts';

export interface TimedLine {
  /** Seconds; null for transcripts without segments (text only). */
  start: number | null;
  /** The line as the model sees it, time and speaker included. */
  line: string;
  /** The spoken words only (for matching answers to passages). */
  text: string;
}

export function timedLines(t: AiTranscript): TimedLine[] {
  if (t.segments.length > 0) {
    return t.segments
      .filter((s) => s.text.trim())
      .map((s) => {
        const who = s.speaker && s.speaker !== UNKNOWN_SPEAKER ? `${s.speaker}: ` : '';
        const text = s.text.trim();
        return { start: s.start, line: `[${formatTimestamp(s.start)}] ${who}${text}`, text };
      });
  }
  // Text only: one line per sentence, so chunks can still break between sentences.
  const sentences = t.content.match(/[^.!?…\n]+(?:[.!?…]+|$)/gu) ?? [];
  return sentences
    .map((s) => s.trim())
    .filter(Boolean)
    .map((text) => ({ start: null, line: text, text }));
}

/** The time and speaker prefix a piece of an over-long line repeats. */
const PREFIX_RE = /^(\[\d{1,2}:\d{2}(?::\d{2})?\] (?:[^:\n]{1,60}: )?)/;

/** A line longer than the whole budget is cut between words; every piece keeps the line's time and speaker. */
function splitLongLine(line: string, budget: number, count: (s: string) => number): string[] {
  const prefix = PREFIX_RE.exec(line)?.[1] ?? '';
  const words = line.slice(prefix.length).split(/\s+/).filter(Boolean);
  const pieces: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    const next = `${prefix}${[...current, word].join(' ')}`;
    if (current.length > 0 && count(next) > budget) {
      pieces.push(`${prefix}${current.join(' ')}`);
      current = [word];
    } else current.push(word);
  }
  if (current.length > 0) pieces.push(`${prefix}${current.join(' ')}`);
  return pieces;
}

/**
 * Consecutive lines grouped so that each chunk (lines joined by newlines) stays within `budget` tokens.
 * Lines are never split, except one that alone exceeds the budget.
 */
export function chunkLines(lines: readonly string[], budget: number, count: (s: string) => number = countTokens): string[][] {
  if (budget < 1) throw new RangeError('The token budget must be positive');
  const chunks: string[][] = [];
  let current: string[] = [];
  let used = 0;
  const push = (line: string, tokens: number) => {
    // +1: the newline joining it to the previous line.
    if (current.length > 0 && used + tokens + 1 > budget) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(line);
    used += tokens + (current.length > 1 ? 1 : 0);
  };
  for (const line of lines) {
    const tokens = count(line);
    if (tokens <= budget) push(line, tokens);
    else for (const piece of splitLongLine(line, budget, count)) push(piece, count(piece));
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
