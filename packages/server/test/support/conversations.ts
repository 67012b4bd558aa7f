// Conversations with the truth known, for speaker detection: who speaks when, as turns. The fixture's
// turns come from its JSON (fixtures README: how it was made); others are built by the tests and the
// bench from clips of one voice each. Words are not known for these clips, so each turn is given
// evenly spaced stand-in words: speaker detection reads their times only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TranscriptionEngine, TranscriptSegment } from '../../src/features/transcription/engines/types.ts';
import type { SampleSource } from '../../src/features/transcription/speakers/cepstra.ts';
import { measuredSeconds } from './audio.ts';

export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

export const THREE_VOICES = fileURLToPath(new URL('../fixtures/audio/speakers-three-voices.opus', import.meta.url));

export function threeVoicesTurns(): Turn[] {
  const path = fileURLToPath(new URL('../fixtures/audio/speakers-three-voices.json', import.meta.url));
  return (JSON.parse(readFileSync(path, 'utf8')) as { turns: Turn[] }).turns;
}

export function memorySource(samples: Float32Array): SampleSource {
  return { length: samples.length, read: async (start, end) => samples.slice(Math.max(0, start), Math.min(samples.length, end)) };
}

/** Clips one after another with `gapSeconds` of silence between them, and their turns. */
export function concatenate(
  clips: readonly { speaker: string; samples: Float32Array }[],
  gapSeconds: number,
): { samples: Float32Array; turns: Turn[] } {
  const gap = Math.round(gapSeconds * 16000);
  const samples = new Float32Array(clips.reduce((n, c) => n + c.samples.length + gap, 0));
  const turns: Turn[] = [];
  let at = 0;
  for (const clip of clips) {
    samples.set(clip.samples, at);
    turns.push({ speaker: clip.speaker, start: at / 16000, end: (at + clip.samples.length) / 16000 });
    at += clip.samples.length + gap;
  }
  return { samples, turns };
}

/** A segment per turn (or per `join` turns: a segment that spans a change of speaker), with 0.4 s words. */
export function segmentsOf(turns: readonly Turn[], join = 1): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < turns.length; i += join) {
    const group = turns.slice(i, i + join);
    const words = group.flatMap((turn) => {
      const out = [];
      for (let t = turn.start; t + 0.2 < turn.end; t += 0.4) out.push({ text: ' word', start: t, end: Math.min(turn.end, t + 0.4) });
      return out;
    });
    words[0] = { ...words[0]!, text: 'word' };
    segments.push({
      start: group[0]!.start,
      end: group.at(-1)!.end,
      text: words.map((w) => w.text).join(''),
      speaker: 'Unknown Speaker',
      words,
    });
  }
  return segments;
}

/**
 * Diarisation confusion: the share of speech (by word time) given to the wrong speaker, after pairing
 * each found speaker with the true one it shares most time with (one to one, greedily). Words within
 * `collar` seconds of a change of turn are not scored, as diarisation error rates are usually measured.
 */
export function confusion(found: readonly TranscriptSegment[], turns: readonly Turn[], collar = 0.25): number {
  const shared = new Map<string, number>();
  let total = 0;
  for (const segment of found)
    for (const word of segment.words ?? []) {
      const middle = (word.start + word.end) / 2;
      const turn = turns.find((t) => middle >= t.start - collar && middle <= t.end + collar);
      if (turn && (middle < turn.start + collar || middle > turn.end - collar)) continue;
      const truth = turn?.speaker ?? '';
      const key = `${segment.speaker}\u0000${truth}`;
      shared.set(key, (shared.get(key) ?? 0) + word.end - word.start);
      total += word.end - word.start;
    }
  const paired = new Set<string>();
  let right = 0;
  for (const [key, seconds] of [...shared].sort((a, b) => b[1] - a[1])) {
    const [speaker, truth] = key.split('\u0000') as [string, string];
    if (paired.has(`f${speaker}`) || paired.has(`t${truth}`)) continue;
    paired.add(`f${speaker}`).add(`t${truth}`);
    right += seconds;
  }
  return total ? (total - right) / total : 0;
}

/**
 * An engine that answers a conversation of these turns as an engine without speaker detection does:
 * 'Unknown Speaker', two turns to a segment (so each segment spans a change of speaker), the words timed.
 */
export function turnsEngine(turns: readonly Turn[]): TranscriptionEngine {
  return {
    name: 'turns-test-engine',
    languages: ['en'],
    async transcribe(input) {
      const seconds = await measuredSeconds(input);
      await input.onDuration?.(seconds);
      return { durationSeconds: seconds, language: 'en', segments: segmentsOf(turns, 2) };
    },
  };
}

/** turnsEngine for the fixture conversation. */
export function threeVoicesEngine(): TranscriptionEngine {
  return turnsEngine(threeVoicesTurns());
}
