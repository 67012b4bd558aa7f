/**
 * Which part of a growing recording's text is final. Pure logic, fed with one pass at a time: a pass is
 * the engine's transcription of the unfinished tail, from the last final point to the end of the audio
 * received so far. Text becomes final, and is never transcribed again, when the tail is confirmed:
 * - two passes in a row agree on a segment (same words, about the same end) that is not the last one
 *   of the pass (the last one may be cut by the end of the audio);
 * - or a pause follows it: the voice-activity detector heard no speech for PAUSE_SECONDS after it, so
 *   the engine had heard the whole phrase;
 * - or the tail grows past `maxTailSeconds` (15 s: speech without pauses or agreement): everything but the
 *   last segment is taken as it is, which bounds both the window and the memory kept per recording.
 * The next pass starts at the new final point, so each pass costs one window of at most ~30 s.
 */

/** A segment as a draft event carries it; times in seconds from the recording's start. */
export interface DraftSegment {
  start: number;
  end: number;
  text: string;
  final: boolean;
}

/** What one pass heard, in seconds from the recording's start. */
export interface PassSegment {
  start: number;
  end: number;
  text: string;
}

export interface PassContext {
  /** Seconds of audio the pass covered (its end). */
  audioEnd: number;
  /** Start of the silence the audio ends with, when it has lasted at least PAUSE_SECONDS; else null. */
  pauseFrom: number | null;
}

export const PAUSE_SECONDS = 0.5;
/** A tail longer than one engine window costs a second window per pass: never let it get there. */
const MAX_WINDOW_SECONDS = 28;
/** Two passes agree on a segment's end within this (Whisper's timestamps are 0.02 s steps and wobble). */
const END_TOLERANCE_SECONDS = 0.6;

/** Words only: passes that differ in case or punctuation agree. */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export class DraftText {
  /** Final segments in order; never changed once here. */
  readonly final: DraftSegment[] = [];
  /** Where the unfinished tail starts (seconds): the next pass transcribes from here. */
  finalPoint = 0;
  private provisional: PassSegment[] = [];
  /** The previous pass's segments after the final point (to compare the next pass with). */
  private previous: PassSegment[] = [];

  constructor(private readonly maxTailSeconds = 15) {}

  /**
   * Takes a pass over [finalPoint, context.audioEnd] and moves the final point; returns true when the
   * draft (final or provisional text) changed.
   */
  applyPass(segments: readonly PassSegment[], context: PassContext): boolean {
    const before = this.signature();
    const heard = segments.filter((s) => normalizeWords(s.text) !== '' && s.end > this.finalPoint);
    let commit = 0;
    // Agreement with the previous pass, segment by segment from the start, never the last one.
    while (commit < heard.length - 1 && this.agrees(heard[commit], this.previous[commit])) commit++;
    // A pause after the speech: what ends before it is final.
    if (context.pauseFrom !== null) {
      const limit = context.pauseFrom + 0.3;
      while (commit < heard.length && heard[commit].end <= limit) commit++;
    }
    // A long tail without either: keep it bounded.
    const tail = context.audioEnd - this.finalPoint;
    if (commit === 0 && tail > this.maxTailSeconds)
      commit = heard.length > 1 ? heard.length - 1 : tail > MAX_WINDOW_SECONDS ? heard.length : 0;

    for (const segment of heard.slice(0, commit)) {
      const start = Math.max(segment.start, this.final.at(-1)?.end ?? 0);
      this.final.push({ start: round2(start), end: round2(Math.max(start, segment.end)), text: segment.text.trim(), final: true });
    }
    const rest = heard.slice(commit);
    if (commit > 0) this.finalPoint = Math.max(this.finalPoint, heard[commit - 1].end);
    if (rest.length === 0 && context.pauseFrom !== null) {
      // Everything heard is final and silence follows: the next pass starts where the speech ended.
      this.finalPoint = Math.max(this.finalPoint, Math.min(context.pauseFrom, context.audioEnd));
    } else if (heard.length === 0 && context.audioEnd - this.finalPoint > this.maxTailSeconds) {
      // Nothing said in a long tail (noise, music): do not hear it again.
      this.finalPoint = context.audioEnd - 1;
    }
    this.provisional = rest;
    this.previous = rest;
    return this.signature() !== before;
  }

  /** The tail held only silence: nothing provisional remains, the final point moves to `to`. */
  skipSilence(to: number): boolean {
    const changed = this.provisional.length > 0;
    this.finalPoint = Math.max(this.finalPoint, to);
    this.provisional = [];
    this.previous = [];
    return changed;
  }

  /**
   * Final segments first, then the provisional ones; covers the recording from its start, or, with
   * `recentFinal`, only the newest that many final segments (a draft event stays small for a long
   * recording: PostgreSQL's NOTIFY carries under 8 KB, and the client merges finals by their start).
   */
  segments(recentFinal = Infinity): DraftSegment[] {
    return [
      ...(recentFinal >= this.final.length ? this.final : this.final.slice(this.final.length - recentFinal)),
      ...this.provisional.map((s) => ({
        start: round2(s.start),
        end: round2(Math.max(s.start, s.end)),
        text: s.text.trim(),
        final: false,
      })),
    ];
  }

  private agrees(a: PassSegment, b: PassSegment | undefined): boolean {
    return b !== undefined && normalizeWords(a.text) === normalizeWords(b.text) && Math.abs(a.end - b.end) <= END_TOLERANCE_SECONDS;
  }

  private signature(): string {
    return JSON.stringify([this.final.length, this.provisional.map((s) => [s.text, round2(s.start), round2(s.end)])]);
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
