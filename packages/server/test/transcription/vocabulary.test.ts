import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionResult } from '../../src/features/transcription/engines/types.ts';
import { createWhisperEngine, type WhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { vocabularyContext } from '../../src/features/transcription/engines/whisper/vocabulary-context.ts';
import { prepareWhisperModel } from '../../src/features/transcription/engines/whisper/model.ts';
import { WhisperTokenizer } from '../../src/features/transcription/engines/whisper/tokenizer.ts';
import { wordErrorRate } from '../support/wer.ts';
import { LIBRIVOX_CLIP, LIBRIVOX_TEXT, NAMES, NAMES_CLIP, namesHeard as heard, SHARED_MODEL_CACHE } from './helpers.ts';

const text = (result: TranscriptionResult) => result.segments.map((s) => s.text).join(' ');

describe('Whisper tokenizer: encoding', () => {
  let tokenizer: WhisperTokenizer;
  beforeAll(async () => {
    tokenizer = new WhisperTokenizer((await prepareWhisperModel({ cacheDir: SHARED_MODEL_CACHE })).tokenizer);
  }, 120_000);

  it('encodes as GPT-2 does and decodes back to the same text', () => {
    // GPT-2's ids for these words (its vocabulary is tiny.en's text vocabulary).
    expect(tokenizer.encode(' Hello world')).toEqual([18435, 995]);
    expect(tokenizer.encode(' the')).toEqual([262]);
    for (const sample of [' Siobhan Kowalczyk, Anneliese Oyelaran, Zyntrix', " café 1234 it's  ok", ' Müller — Straße 😀']) {
      expect(tokenizer.decode(tokenizer.encode(sample))).toBe(sample);
    }
  });

  it('makes the previous-context prompt as Whisper does: <|startofprev|>, the terms, the end kept', () => {
    const { startOfPrev } = tokenizer.special;
    expect(vocabularyContext(tokenizer, [])).toEqual([]);
    expect(vocabularyContext(tokenizer, ['  ', ''])).toEqual([]);
    expect(vocabularyContext(tokenizer, ['Zyntrix', ' Siobhan '])).toEqual([startOfPrev, ...tokenizer.encode(' Zyntrix, Siobhan')]);
    const long = Array.from({ length: 300 }, (_, i) => `term${i}`);
    const context = vocabularyContext(tokenizer, long);
    expect(context).toHaveLength(224);
    expect(context[0]).toBe(startOfPrev);
    expect(tokenizer.decode(context.slice(1))).toMatch(/term299$/);
  });
});

describe('built-in engine with a custom vocabulary', () => {
  let engine: WhisperEngine;
  beforeAll(async () => {
    engine = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE });
    await engine.ready();
  }, 120_000);
  afterAll(() => engine?.close());

  it('writes the names right with the vocabulary that it mishears without it', async () => {
    const without = text(await engine.transcribe({ filePath: NAMES_CLIP }));
    const withVocabulary = await engine.transcribe({ filePath: NAMES_CLIP, vocabulary: NAMES });
    const withText = text(withVocabulary);
    console.log(`names without vocabulary: ${JSON.stringify(without)} (${heard(without).length}/${NAMES.length} names right)`);
    console.log(`names with vocabulary:    ${JSON.stringify(withText)} (${heard(withText).length}/${NAMES.length} names right)`);
    expect(heard(without)).toEqual([]);
    expect(heard(withText)).toEqual(NAMES);
    // The prompt is context, not output: the transcript holds the recording's words only, once.
    expect(withText.match(/Kowalczyk/g)).toHaveLength(1);
    expect(withText).toMatch(/^Please/);
    expect(withVocabulary.segments[0].start).toBeLessThan(1);
  }, 120_000);

  it('does not make the LibriVox clip worse with an unrelated vocabulary (within 1 point of WER)', async () => {
    const base = wordErrorRate(LIBRIVOX_TEXT, text(await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` }))).rate;
    const withVocabulary = wordErrorRate(
      LIBRIVOX_TEXT,
      text(await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav`, vocabulary: [...NAMES, 'Kubernetes', 'PostgreSQL'] })),
    ).rate;
    console.log(
      `LibriVox WER without vocabulary ${(base * 100).toFixed(1)} %, with an unrelated one ${(withVocabulary * 100).toFixed(1)} %`,
    );
    expect(withVocabulary).toBeLessThanOrEqual(base + 0.01);
  }, 120_000);
});
