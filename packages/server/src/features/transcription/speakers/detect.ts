import type { SegmentWord, TranscriptSegment } from '../engines/types.ts';
import {
  addStats,
  clusterByBic,
  frameStats,
  gaussianOf,
  logLikelihood,
  mergeCost,
  type BicCost,
  type FrameStats,
} from './bic-clustering.ts';
import { wordsOutsideTags } from '../speech.ts';
import { CEPSTRA, FRAMES_PER_SECOND, readCepstra, type Cepstra, type SampleSource } from './cepstra.ts';

/**
 * Speaker detection on a finished transcript: who said which word, from the audio alone (no speaker
 * model can be downloaded here; the engine README says more). Three passes over the words' cepstra:
 * 1. pieces of about 1.5 s of speech, never across a segment boundary or a pause (where turns change);
 *    neighbouring pieces that one Gaussian explains as well as two join into runs (change detection);
 * 2. the runs clustered by BIC (bic-clustering.ts): the number of speakers, unless the user gave it;
 * 3. word by word, the likeliest speaker under each speaker's Gaussian, a change costing SWITCH_COST
 *    (Viterbi), so a change inside a piece lands on the word where it happens.
 * A segment whose words fall to two speakers is split between them. Speakers are named 'Speaker 1',
 * 'Speaker 2', … in order of first appearance.
 *
 * What it does not do: overlapping speech goes to one of the voices; very similar voices (two synthetic
 * voices of one engine, one reader's recording made to sound a little higher) may be taken for one,
 * most often when four or more speak; without word times (an engine that does not time words) a
 * segment is one piece and is never split.
 */

/**
 * Clustering's cost (bic-clustering.ts). The floor sits between what one voice and two voices gain per
 * frame from a Gaussian each: on the three-voice fixture, 0.17-0.29 nats between halves of one voice's
 * turns (other words, same voice) and 1.95-2.08 between two voices. A lower floor split one voice once
 * there were minutes of it (an hour of the fixture gave 12 speakers at 0.2); penalty and floor were then
 * chosen on the conversations of `pnpm bench speakers`.
 */
const SPEAKER_COST: BicCost = { penalty: 2, floor: 0.5 };
/** Neighbouring pieces are one voice by plain BIC with a lighter penalty: a missed change costs more. */
const CHANGE_COST: BicCost = { penalty: 2, floor: 0 };
/** Speech per piece, in frames (1.5 s). */
const PIECE_FRAMES = 150;
/** A piece with less speech than this (0.5 s) joins its neighbour before clustering. */
const MIN_PIECE_FRAMES = 50;
/** A joined run of one speaker stops growing at this much speech (8 s), so a missed change costs little. */
const MAX_RUN_FRAMES = 800;
/** The most runs clustered (the longest); see speakerOfUnits. */
const MAX_CLUSTERED_RUNS = 1500;
/** A pause this long (s) between words ends a piece: turns change in pauses. */
const PIECE_PAUSE = 0.6;
/** What a change of speaker between two words costs in the word-by-word pass (nats of likelihood). */
const SWITCH_COST = 15;
/** A speaker with less speech than this (3 s) in an automatic count is folded into the nearest one. */
const MIN_SPEAKER_FRAMES = 300;

export interface SpeakerDetectionOptions {
  /** The number of speakers when the user knows it; unset: estimated. */
  count?: number;
}

export interface SpeakerDetection {
  segments: TranscriptSegment[];
  /** How many speakers the transcript has now. */
  speakers: number;
}

/** `Speaker ${n}`: the stored name of the n-th speaker to appear; the app shows it translated. */
export function speakerName(n: number): string {
  return `Speaker ${n}`;
}

/** A word of the transcript, where it is: segment, index in the segment (-1: a segment without words). */
interface Unit {
  segment: number;
  word: number;
  start: number;
  end: number;
}

/**
 * Whether a segment is someone speaking: not a tag the engine writes for what is no speech ('(upbeat
 * music)', '[BLANK_AUDIO]', '♪'), nor text where the voice-activity detector heard no speech (the review
 * flag 'silence': the engine's guess over a pause). Such a segment is no evidence of a voice: clustered,
 * music and room noise came out as speakers of their own. It takes the speaker before it.
 */
function isSpeech(segment: TranscriptSegment): boolean {
  return wordsOutsideTags(segment.text).length > 0 && !segment.flags?.includes('silence');
}

function unitsOf(segments: readonly TranscriptSegment[]): Unit[] {
  const units: Unit[] = [];
  segments.forEach((s, segment) => {
    if (!isSpeech(s)) return;
    if (s.words?.length) s.words.forEach((w, word) => units.push({ segment, word, start: w.start, end: w.end }));
    else if (s.text.trim()) units.push({ segment, word: -1, start: s.start, end: s.end });
  });
  return units;
}

/** The frames of [start, end) loud enough to be speech rather than the pause between words. */
function speechFrames(features: Cepstra, threshold: number, start: number, end: number): number[] {
  const frames: number[] = [];
  const last = Math.min(features.count, Math.ceil(end * FRAMES_PER_SECOND));
  for (let f = Math.max(0, Math.floor(start * FRAMES_PER_SECOND)); f < last; f++) if (features.energy[f]! > threshold) frames.push(f);
  return frames;
}

/** Between the quietest and loudest frames: below it, a pause or breath. */
function speechThreshold(energy: Float32Array): number {
  const sorted = Float32Array.from(energy).sort();
  const quiet = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
  const loud = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  return quiet + 0.45 * (loud - quiet);
}

interface Piece {
  units: Unit[];
  frames: number[];
}

/** Consecutive words into pieces of about PIECE_FRAMES of speech, cut at pauses; small ones joined. */
function piecesOf(units: readonly Unit[], framesOf: readonly number[][]): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  for (const [u, unit] of units.entries()) {
    const frames = framesOf[u]!;
    const previous = current?.units.at(-1);
    if (
      !current ||
      current.frames.length >= PIECE_FRAMES ||
      (previous && (unit.segment !== previous.segment || unit.start - previous.end > PIECE_PAUSE))
    ) {
      current = { units: [], frames: [] };
      pieces.push(current);
    }
    current.units.push(unit);
    current.frames.push(...frames);
  }
  const joined: Piece[] = [];
  for (const piece of pieces) {
    const last = joined.at(-1);
    if (last && (piece.frames.length < MIN_PIECE_FRAMES || last.frames.length < MIN_PIECE_FRAMES)) {
      last.units.push(...piece.units);
      last.frames.push(...piece.frames);
    } else joined.push(piece);
  }
  return joined;
}

function statsOf(features: Cepstra, frames: readonly number[]): FrameStats {
  return frameStats(
    CEPSTRA,
    frames.map((f) => features.values.subarray(f * CEPSTRA, (f + 1) * CEPSTRA)),
  );
}

/** Each word's speaker number (0-based, first appearance first), by unit. */
async function speakerOfUnits(units: readonly Unit[], audio: SampleSource, options: SpeakerDetectionOptions): Promise<number[]> {
  if (units.length === 0) return [];
  if (options.count === 1) return units.map(() => 0);
  const features = await readCepstra(audio);
  const threshold = speechThreshold(features.energy);
  // Each word's speech frames, found once for both the pieces and the word-by-word pass.
  const framesOf = units.map((unit) => speechFrames(features, threshold, unit.start, unit.end));
  const pieces = piecesOf(units, framesOf);
  // Neighbouring pieces of one voice into runs (change detection), which also keeps the clustering's
  // pair table small: its size is the square of the runs, not of the pieces.
  const runs: { pieces: Piece[]; stats: FrameStats }[] = [];
  for (const piece of pieces) {
    const stats = statsOf(features, piece.frames);
    const run = runs.at(-1);
    if (run && run.stats.n + stats.n <= MAX_RUN_FRAMES && stats.n > 0 && mergeCost(run.stats, stats, CHANGE_COST) < 0) {
      run.pieces.push(piece);
      run.stats = addStats(run.stats, stats);
    } else runs.push({ pieces: [piece], stats });
  }
  // The speakers are found on the runs with enough speech to fit a Gaussian, at most MAX_CLUSTERED_RUNS
  // of them (the longest): the pair table grows with their square (8 bytes each: 1,500 runs, 18 MB),
  // and the word-by-word pass below gives every word a speaker whether its run was clustered or not.
  const clustered = runs
    .filter((r) => r.stats.n >= MIN_PIECE_FRAMES)
    .sort((a, b) => b.stats.n - a.stats.n)
    .slice(0, MAX_CLUSTERED_RUNS);
  if (clustered.length === 0) return units.map(() => 0);
  const clusters = clusterByBic(
    clustered.map((r) => r.stats),
    { ...SPEAKER_COST, count: options.count, minFrames: options.count === undefined ? MIN_SPEAKER_FRAMES : 0 },
  );
  // Each speaker's Gaussian from its runs, then word by word the likeliest speaker sequence (Viterbi,
  // a change of speaker costing SWITCH_COST): a change inside a piece moves to the word where it happens.
  const speakerStats: FrameStats[] = [];
  clustered.forEach((run, r) => {
    const c = clusters[r]!;
    speakerStats[c] = speakerStats[c] ? addStats(speakerStats[c], run.stats) : run.stats;
  });
  const models = speakerStats.map(gaussianOf);
  // Words with no speech frames (a pause the aligner gave to a word) have no evidence: they go with the
  // word before them (the first ones with the word after).
  const voiced: number[] = [];
  const scores: number[][] = [];
  framesOf.forEach((frames, u) => {
    if (frames.length === 0) return;
    voiced.push(u);
    scores.push(
      models.map((g) => frames.reduce((sum, f) => sum + logLikelihood(g, features.values.subarray(f * CEPSTRA, (f + 1) * CEPSTRA)), 0)),
    );
  });
  const path = viterbi(scores, SWITCH_COST);
  const labels = new Array<number>(units.length);
  let next = 0;
  for (let u = 0; u < units.length; u++) {
    while (next < voiced.length && voiced[next]! <= u) next++;
    // voiced[next - 1] is the last voiced unit at or before u.
    labels[u] = next > 0 ? path[next - 1]! : (path[0] ?? 0);
  }
  return inOrderOfAppearance(labels);
}

/** The same grouping, numbered 0, 1, … by first appearance. */
function inOrderOfAppearance(labels: readonly number[]): number[] {
  const numberOf = new Map<number, number>();
  return labels.map((l) => {
    if (!numberOf.has(l)) numberOf.set(l, numberOf.size);
    return numberOf.get(l)!;
  });
}

/** The best path through per-step scores (higher is better), each change of state costing `switchCost`. */
export function viterbi(scores: readonly (readonly number[])[], switchCost: number): number[] {
  if (scores.length === 0) return [];
  const states = scores[0]!.length;
  const back: Int32Array[] = [];
  let total = [...scores[0]!];
  for (let t = 1; t < scores.length; t++) {
    const from = new Int32Array(states);
    let bestPrevious = 0;
    for (let s = 1; s < states; s++) if (total[s]! > total[bestPrevious]!) bestPrevious = s;
    total = total.map((stay, s) => {
      const change = total[bestPrevious]! - switchCost;
      from[s] = bestPrevious !== s && change > stay ? bestPrevious : s;
      return Math.max(stay, bestPrevious !== s ? change : stay) + scores[t]![s]!;
    });
    back.push(from);
  }
  const path = new Array<number>(scores.length);
  let state = 0;
  for (let s = 1; s < states; s++) if (total[s]! > total[state]!) state = s;
  for (let t = scores.length - 1; t >= 0; t--) {
    path[t] = state;
    if (t > 0) state = back[t - 1]![state]!;
  }
  return path;
}

function textOf(words: readonly SegmentWord[]): string {
  return words
    .map((w) => w.text)
    .join('')
    .trim();
}

/**
 * The transcript with a speaker on every segment, segments split where the speaker changes between two
 * of their words. `audio`: the recording at 16 kHz mono, as the engine decoded it.
 */
export async function detectSpeakers(
  audio: SampleSource,
  segments: readonly TranscriptSegment[],
  options: SpeakerDetectionOptions = {},
): Promise<SpeakerDetection> {
  const units = unitsOf(segments);
  const speakers = await speakerOfUnits(units, audio, options);
  const bySegment = new Map<number, number[]>();
  units.forEach((u, i) => {
    const labels = bySegment.get(u.segment) ?? [];
    labels.push(speakers[i]!);
    bySegment.set(u.segment, labels);
  });
  const out: TranscriptSegment[] = [];
  let lastSpeaker = 0;
  segments.forEach((segment, s) => {
    const labels = bySegment.get(s);
    if (!labels) {
      out.push({ ...segment, speaker: speakerName(lastSpeaker + 1) });
      return;
    }
    const words = segment.words;
    if (!words?.length || labels.every((l) => l === labels[0])) {
      lastSpeaker = labels[0]!;
      out.push({ ...segment, speaker: speakerName(lastSpeaker + 1) });
      return;
    }
    // Split between the words where the speaker changes; the first part keeps the segment's start and
    // the last its end, the others begin and end with their words.
    let from = 0;
    for (let i = 1; i <= words.length; i++) {
      if (i < words.length && labels[i] === labels[from]) continue;
      const part = words.slice(from, i).map((w, k) => (k === 0 ? { ...w, text: w.text.trimStart() } : w));
      out.push({
        ...segment,
        start: from === 0 ? segment.start : part[0]!.start,
        end: i === words.length ? segment.end : part.at(-1)!.end,
        text: textOf(part),
        words: part,
        speaker: speakerName(labels[from]! + 1),
      });
      lastSpeaker = labels[from]!;
      from = i;
    }
  });
  return { segments: out, speakers: new Set(speakers).size || (segments.length ? 1 : 0) };
}
