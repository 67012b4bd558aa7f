/**
 * Pure window and timestamp logic for long audio.
 *
 * Whisper sees 30 s at a time. With the timestamp logits processor it writes
 * `<|t0|> text <|t1|><|t1|> text <|t2|>`: a timestamp pair closes one segment and opens the next.
 * A window's output either ends with one closing timestamp (everything heard is transcribed: move on by
 * the whole window) or stops inside a segment (cut off at the window's end, or the token limit): that
 * unfinished segment is dropped and the next window starts at the last complete timestamp, so words cut
 * by the 30 s boundary are heard again in full.
 */

export const WINDOW_SECONDS = 30;

export interface TokenKinds {
  isTimestamp(id: number): boolean;
  timestampSeconds(id: number): number;
  isText(id: number): boolean;
}

export interface WindowSegment {
  /** Seconds relative to the window start. */
  start: number;
  end: number;
  /** Text token ids of the segment. */
  tokens: number[];
}

export interface ParsedWindow {
  segments: WindowSegment[];
  /** Seconds of the window consumed; the next window starts this far after this one's start (> 0). */
  advance: number;
}

/**
 * Splits one window's generated tokens (prompt and end-of-text already removed or not: only text and
 * timestamp tokens matter) into segments, and decides how far to advance.
 * `windowSeconds` is the length of audio actually in the window (shorter for the last window).
 */
export function parseWindowTokens(tokens: readonly number[], windowSeconds: number, kinds: TokenKinds): ParsedWindow {
  const segments: WindowSegment[] = [];
  let openStart: number | null = null; // start of the segment being read
  let openTokens: number[] = [];
  let lastClosedEnd: number | null = null;
  let sawTimestamp = false;

  for (const id of tokens) {
    if (kinds.isTimestamp(id)) {
      sawTimestamp = true;
      const t = Math.min(kinds.timestampSeconds(id), windowSeconds);
      if (openStart !== null && openTokens.length > 0) {
        // A timestamp after text closes the segment.
        const end = Math.max(t, openStart);
        segments.push({ start: openStart, end, tokens: openTokens });
        lastClosedEnd = end;
        openStart = null;
        openTokens = [];
      } else {
        // First timestamp, the opening half of a pair, or a repeated timestamp: (re)open a segment here.
        openStart = t;
      }
    } else if (kinds.isText(id)) {
      if (openStart === null) openStart = lastClosedEnd ?? 0; // text without an opening timestamp
      openTokens.push(id);
    }
  }

  if (openTokens.length === 0) {
    // The output ended on a closing timestamp (everything heard is transcribed) or said nothing: take
    // the whole window. Exception: it ended by opening a new segment after a closed one (a pair, then
    // end of text): Whisper's reference decoder resumes at that timestamp, so do the same.
    const resumeAt = openStart !== null && lastClosedEnd !== null ? openStart : null;
    if (resumeAt !== null && resumeAt > 0 && resumeAt < windowSeconds) return { segments, advance: resumeAt };
    return { segments, advance: windowSeconds };
  }
  if (lastClosedEnd !== null && lastClosedEnd > 0) {
    // Unfinished last segment: drop it and hear it again from the last complete timestamp.
    return { segments, advance: lastClosedEnd };
  }
  // Text but no complete segment at all (no timestamps, or one long cut-off segment): keep it as one
  // segment up to the window end rather than looping on the same audio.
  const start = openStart ?? 0;
  segments.push({ start, end: sawTimestamp ? Math.max(windowSeconds, start) : windowSeconds, tokens: openTokens });
  return { segments, advance: windowSeconds };
}

/** A span of speech in samples, [start, end). */
export interface SpeechRegion {
  start: number;
  end: number;
}

/**
 * Where the next window should start: `position` itself when speech is near, otherwise the start of the
 * next speech region minus `padSamples` (or `total` when only silence remains). Silences shorter than
 * `minSkipSamples` are not skipped: a new window costs a full encoder pass.
 */
export function nextWindowStart(
  position: number,
  regions: readonly SpeechRegion[],
  total: number,
  padSamples: number,
  minSkipSamples: number,
): number {
  for (const region of regions) {
    if (region.end <= position) continue;
    const target = region.start - padSamples;
    if (target - position >= minSkipSamples) return target;
    return position;
  }
  // No speech after position.
  return total - position >= minSkipSamples ? total : position;
}

/**
 * The end of a window starting at `start`: at most `maxSamples` later, and cut short where a long
 * silence follows the last speech in the window, so Whisper is never asked to transcribe a silent tail
 * (where tiny models invent text).
 */
export function windowEnd(
  start: number,
  regions: readonly SpeechRegion[],
  total: number,
  maxSamples: number,
  padSamples: number,
  minSkipSamples: number,
): number {
  const limit = Math.min(total, start + maxSamples);
  let end = start;
  for (const region of regions) {
    if (region.end <= start) continue;
    if (region.start >= limit) break;
    if (end > start && region.start - end >= minSkipSamples) break; // long silence before this region
    end = Math.min(limit, region.end + padSamples);
  }
  if (end === start) return limit; // no regions known: the whole window
  // Keep the window whole if what follows the cut is short anyway.
  return limit - end < minSkipSamples ? limit : end;
}

/**
 * Joins VAD frame decisions into speech regions in samples: frames with probability >= threshold are
 * speech; gaps shorter than `minGapFrames` are bridged; regions shorter than `minSpeechFrames` dropped.
 */
export function speechRegionsFromProbabilities(
  probabilities: ArrayLike<number>,
  frameSamples: number,
  threshold: number,
  minGapFrames: number,
  minSpeechFrames: number,
): SpeechRegion[] {
  const frames: { start: number; end: number }[] = [];
  let open = -1;
  for (let i = 0; i <= probabilities.length; i++) {
    const speech = i < probabilities.length && probabilities[i] >= threshold;
    if (speech && open < 0) open = i;
    if (!speech && open >= 0) {
      frames.push({ start: open, end: i });
      open = -1;
    }
  }
  const merged: { start: number; end: number }[] = [];
  for (const f of frames) {
    const last = merged[merged.length - 1];
    if (last && f.start - last.end < minGapFrames) last.end = f.end;
    else merged.push({ ...f });
  }
  return merged
    .filter((r) => r.end - r.start >= minSpeechFrames)
    .map((r) => ({ start: r.start * frameSamples, end: r.end * frameSamples }));
}

/**
 * Where to cut one recording into at most `parts` contiguous parts that can be transcribed side by side:
 * in the middle of a pause between two speech regions (no word is cut, and each part starts on a
 * pause, as a recording does), chosen so the parts hold about the same amount of speech. Every part
 * holds at least `minPartSpeechSamples` of speech (a cut costs about one more window). Returns the part
 * boundaries in samples, from 0 to `total`.
 */
export function splitAtPauses(
  regions: readonly SpeechRegion[],
  total: number,
  parts: number,
  minPartSpeechSamples: number,
  /** The first cut is not made before this sample (the engine's head start keeps its windows in part 0). */
  minFirstCut = 0,
): number[] {
  const speech = regions.reduce((sum, r) => sum + (r.end - r.start), 0);
  const count = Math.min(parts, Math.floor(speech / Math.max(1, minPartSpeechSamples)));
  if (count <= 1 || regions.length < 2) return [0, total];
  // Speech before each pause (pause i lies between regions i and i + 1).
  const before: number[] = [];
  let sum = 0;
  for (let i = 0; i < regions.length - 1; i++) {
    sum += regions[i].end - regions[i].start;
    before.push(sum);
  }
  const bounds = [0];
  const cutAt = (i: number) => Math.round((regions[i].end + regions[i + 1].start) / 2);
  let from = 0; // first pause still free
  while (from < before.length && cutAt(from) < minFirstCut) from++;
  for (let k = 1; k < count && from < before.length; k++) {
    const target = (k * speech) / count;
    let best = from;
    for (let i = from; i < before.length; i++) if (Math.abs(before[i] - target) < Math.abs(before[best] - target)) best = i;
    const cut = cutAt(best);
    if (cut > bounds[bounds.length - 1] && cut < total) bounds.push(cut);
    from = best + 1;
  }
  bounds.push(total);
  return bounds;
}
