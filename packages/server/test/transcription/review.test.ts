import { describe, expect, it } from 'vitest';
import {
  confidenceFromAvgLogprob,
  confidenceFromLogProbs,
  joinConfidence,
  stepLogProbs,
} from '../../src/features/transcription/engines/confidence.ts';
import {
  flagSegments,
  isImplausibleRate,
  isLowConfidence,
  isOverSilence,
  isRepetition,
  reviewFlagsFor,
  speechFraction,
  unionFlags,
} from '../../src/features/transcription/engines/review.ts';
import { mergeIntoSentences } from '../../src/features/transcription/engines/sentences.ts';
import type { TranscriptSegment } from '../../src/features/transcription/engines/types.ts';

const seg = (start: number, end: number, text: string, extra: Partial<TranscriptSegment> = {}): TranscriptSegment => ({
  start,
  end,
  text,
  speaker: 'Unknown Speaker',
  ...extra,
});

describe('confidence', () => {
  it('recovers each token’s log-probability from the running sums the decoder reports', () => {
    const logProbs = stepLogProbs(Float32Array.from([-0.5, -0.75, -2.75, -3, 99]), 4);
    expect(logProbs.map((x) => Math.round(x * 1000) / 1000)).toEqual([-0.5, -0.25, -2, -0.25]);
  });

  it('is the geometric mean probability of the tokens, clamped to 0..1', () => {
    expect(confidenceFromLogProbs([Math.log(0.9), Math.log(0.9)])).toBe(0.9);
    // One unsure token among sure ones lowers it, but does not decide it alone.
    expect(confidenceFromLogProbs([0, 0, 0, Math.log(0.01)])).toBeCloseTo(Math.pow(0.01, 1 / 4), 3);
    expect(confidenceFromLogProbs([0.0001])).toBe(1); // rounding noise above 0
    expect(confidenceFromLogProbs([-50])).toBe(0);
    expect(confidenceFromLogProbs([])).toBeUndefined();
  });

  it('reads a server’s avg_logprob, and nothing from a missing or broken one', () => {
    expect(confidenceFromAvgLogprob(-0.2)).toBeCloseTo(0.819, 3);
    expect(confidenceFromAvgLogprob(0)).toBe(1);
    expect(confidenceFromAvgLogprob(undefined)).toBeUndefined();
    expect(confidenceFromAvgLogprob('-0.2')).toBeUndefined();
    expect(confidenceFromAvgLogprob(Number.NaN)).toBeUndefined();
  });

  it('joins two segments as if all their tokens had been averaged at once (weighted by text length)', () => {
    const joined = joinConfidence({ confidence: 0.9, weight: 30 }, { confidence: 0.3, weight: 10 })!;
    expect(joined).toBeCloseTo(Math.exp((30 * Math.log(0.9) + 10 * Math.log(0.3)) / 40), 3);
    expect(joined).toBeLessThan(0.9);
    expect(joined).toBeGreaterThan(0.6); // the longer, surer half weighs more than a plain mean
    expect(joinConfidence({ weight: 5 }, { confidence: 0.4, weight: 5 })).toBe(0.4);
    expect(joinConfidence({ weight: 5 }, { weight: 5 })).toBeUndefined();
  });
});

describe("review flag: 'low_confidence'", () => {
  it('marks confidence below 0.5 and nothing without a confidence', () => {
    expect(isLowConfidence(0.49)).toBe(true);
    expect(isLowConfidence(0.5)).toBe(false);
    expect(isLowConfidence(0.95)).toBe(false);
    expect(isLowConfidence(undefined)).toBe(false);
    expect(reviewFlagsFor(seg(0, 3, 'A clear sentence here.', { confidence: 0.2 }))).toEqual(['low_confidence']);
  });
});

describe("review flag: 'repetition'", () => {
  it('marks a decoding loop: a phrase over and over', () => {
    expect(isRepetition('Thank you. Thank you. Thank you.')).toBe(true);
    expect(isRepetition('the the the the')).toBe(true);
    expect(isRepetition('Mr. John, Mr. John, Mr. John, Mr. John, Mr.')).toBe(true);
    expect(isRepetition('I went to the shop and I went to the shop and then I went to the shop again')).toBe(true);
  });

  it('leaves natural repeats alone', () => {
    expect(isRepetition('No, no, I did not say that.')).toBe(false);
    expect(isRepetition('Very, very good.')).toBe(false);
    expect(isRepetition('It is what it is, and it is fine.')).toBe(false);
    expect(
      isRepetition('And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'),
    ).toBe(false);
  });

  it('marks a segment that says the same as the one just before it (3 words or more)', () => {
    const flags = flagSegments([
      seg(0, 2, 'I will be right back.'),
      seg(2, 4, 'I will be right back.'),
      seg(4, 5, 'Yes.'),
      seg(5, 6, 'Yes.'),
    ]);
    expect(flags.map((s) => s.flags)).toEqual([undefined, ['repetition'], undefined, undefined]);
    // The same sentence said again after a long pause is a speaker repeating, not a loop.
    expect(flagSegments([seg(0, 2, 'I will be right back.'), seg(10, 12, 'I will be right back.')])[1].flags).toBeUndefined();
  });

  it('marks a segment that repeats eight words or more of the one just before it, with another ending', () => {
    // tiny.en over reversed speech: the second sentence loops the first and varies its end.
    const before = "It's some why I heard this in the Christmas year's yield, and I had that had no size in the whole food.";
    expect(isRepetition("It's some why I heard this in the Christmas year's yield, and I had no size in the Christmas year.", before)).toBe(
      true,
    );
    // Seven words of the sentence before, then something else: a speaker picking up a phrase.
    expect(isRepetition('I heard this in the Christmas year, but nobody else did.', before)).toBe(false);
    // Consecutive LibriVox sentences share no such run.
    expect(
      isRepetition(
        'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.',
        'Mr. John Dashwood had not the strong feelings of the rest of the family.',
      ),
    ).toBe(false);
  });

  it('does not count words in scripts without spaces', () => {
    expect(isRepetition('我们我们我们我们我们')).toBe(false);
  });
});

describe("review flag: 'silence'", () => {
  const frameSeconds = 0.032;
  // 0-2 s speech, 2-4 s silence, 4-6 s speech (probabilities per 32 ms frame).
  const frames = Float32Array.from({ length: Math.round(6 / frameSeconds) }, (_, i) =>
    i * frameSeconds >= 2 && i * frameSeconds < 4 ? 0.02 : 0.9,
  );

  it('measures how much of a span the VAD heard as speech', () => {
    expect(speechFraction(0, 2, frames, frameSeconds)).toBeGreaterThan(0.95);
    expect(speechFraction(2.1, 3.9, frames, frameSeconds)).toBe(0);
    expect(speechFraction(1, 3, frames, frameSeconds)).toBeCloseTo(0.5, 1);
  });

  it('widens a very short span so a word on a frame boundary still finds its speech', () => {
    expect(speechFraction(1.99, 2.01, frames, frameSeconds)).toBeGreaterThan(0.4);
  });

  it('marks text over a span with less than a quarter speech', () => {
    expect(isOverSilence(0.1)).toBe(true);
    expect(isOverSilence(0.3)).toBe(false);
    expect(isOverSilence(undefined)).toBe(false);
    expect(reviewFlagsFor(seg(2.1, 3.9, 'Thank you.'), { speechFraction: speechFraction(2.1, 3.9, frames, frameSeconds) })).toEqual([
      'silence',
    ]);
    expect(reviewFlagsFor(seg(0, 2, 'Hello there.'), { speechFraction: speechFraction(0, 2, frames, frameSeconds) })).toEqual([]);
  });
});

describe("review flag: 'speech_rate'", () => {
  it('marks more words than fit the time', () => {
    expect(isImplausibleRate(seg(0, 1.5, 'one two three four five six seven eight nine ten'))).toBe(true); // 6.7 words/s
    expect(isImplausibleRate(seg(3, 3, 'a whole sentence in no time at all here'))).toBe(true); // zero length, 8 words
    expect(isImplausibleRate(seg(0, 0.4, 'Yes, thanks.'))).toBe(false); // short, but two words fit
  });

  it('marks a word or two stretched over a long span', () => {
    expect(isImplausibleRate(seg(0, 10, 'Okay.'))).toBe(true); // 0.1 words/s
    expect(isImplausibleRate(seg(0, 1.5, 'Okay.'))).toBe(false); // too short to judge a low rate
  });

  it('leaves ordinary speech alone (the LibriVox reader: 22 words in 6.8 s)', () => {
    expect(
      isImplausibleRate(
        seg(0, 6.8, 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'),
      ),
    ).toBe(false);
    expect(isImplausibleRate(seg(0, 5, '快速的棕色狐狸跳过了懒狗'))).toBe(false); // no word count in unspaced scripts
  });
});

describe('flags on segments', () => {
  it('omits flags when none apply and keeps them in the contract’s order', () => {
    expect(flagSegments([seg(0, 3, 'Hello there, how are you?', { confidence: 0.9 })])).toEqual([
      seg(0, 3, 'Hello there, how are you?', { confidence: 0.9 }),
    ]);
    expect(unionFlags(['speech_rate'], ['low_confidence', 'speech_rate'])).toEqual(['low_confidence', 'speech_rate']);
    expect(unionFlags([], undefined)).toBeUndefined();
  });

  it('keeps flags found earlier and adds new ones', () => {
    const [out] = flagSegments([seg(0, 10, 'Okay.', { flags: ['silence'] })]);
    expect(out.flags).toEqual(['silence', 'speech_rate']);
  });

  it('survive sentence merging: confidence weighted, flags united', () => {
    const out = mergeIntoSentences([
      seg(0, 3, 'We need a plan, and Sarah prepares the', { confidence: 0.9 }),
      seg(3, 4, 'launch plan.', { confidence: 0.3, flags: ['low_confidence'] }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0].flags).toEqual(['low_confidence']);
    expect(out[0].confidence).toBeLessThan(0.9);
    expect(out[0].confidence).toBeGreaterThan(0.3);
  });

  it('never merges a non-speech note such as [Music] into a sentence', () => {
    const out = mergeIntoSentences([
      seg(0, 2, '[BEEP]', { confidence: 0.2 }),
      seg(2, 5, 'And then we went home.'),
      seg(5, 6, '(upbeat music)'),
    ]);
    expect(out.map((s) => s.text)).toEqual(['[BEEP]', 'And then we went home.', '(upbeat music)']);
  });
});
