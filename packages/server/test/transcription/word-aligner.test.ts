// The split model (split-model.ts) and word times from its aligner (word-aligner.ts), on held-out LibriVox
// readings: the encoder and the search on its states write what the whole model writes, and the words
// start where an independent forced aligner (pocketsphinx over the known text; the fixtures README has the
// command) says they do. Target (issue 36): median onset error at most 0.15 s, 90 % of words within 0.3 s.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/features/transcription/engines/whisper/audio.ts';
import { createWhisperSession, vocabMaskSpec, WhisperRunner } from '../../src/features/transcription/engines/whisper/inference.ts';
import { prepareWhisperModel } from '../../src/features/transcription/engines/whisper/model.ts';
import { ENCODER_STATES, splitWhisperModel } from '../../src/features/transcription/engines/whisper/split-model.ts';
import { WhisperTokenizer } from '../../src/features/transcription/engines/whisper/tokenizer.ts';
import { WordAligner } from '../../src/features/transcription/engines/whisper/word-aligner.ts';
import { FIXTURES, SHARED_MODEL_CACHE } from './helpers.ts';

interface Reference {
  text: string;
  words: { word: string; start: number; end: number }[];
}
const references = JSON.parse(readFileSync(join(FIXTURES, 'librivox-word-times.json'), 'utf8')) as Record<string, Reference>;
// The reference spells words as the pronouncing dictionary does: lower case, no punctuation.
const bare = (word: string) => word.toLowerCase().replace(/[^a-z']/g, '');

describe('word times from the cross-attention', () => {
  let whole: WhisperRunner;
  let encoder: ort.InferenceSession;
  let search: WhisperRunner;
  let aligner: WordAligner;
  let tokenizer: WhisperTokenizer;
  beforeAll(async () => {
    const model = await prepareWhisperModel({ cacheDir: SHARED_MODEL_CACHE });
    tokenizer = new WhisperTokenizer(model.tokenizer);
    const mask = vocabMaskSpec(tokenizer.special);
    const split = splitWhisperModel(new Uint8Array(await readFile(model.modelPath)));
    whole = new WhisperRunner(await createWhisperSession(model.modelPath, 1), mask);
    encoder = await createWhisperSession(split.encoder, 1);
    search = new WhisperRunner(await createWhisperSession(split.search, 1), mask);
    aligner = new WordAligner(await createWhisperSession(split.aligner, 1), tokenizer);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([whole?.release(), encoder?.release(), search?.release(), aligner?.release()]);
  });

  it('writes what the whole model writes, and starts the words of four held-out readings within the target of the reference times', async () => {
    const errors: number[] = [];
    let referenceWords = 0;
    for (const [file, reference] of Object.entries(references)) {
      const decoded = await decodeAudio(join(FIXTURES, file));
      if (decoded.kind !== 'memory') throw new Error('a short clip decodes into memory');
      const audio = decoded.samples;
      const request = { prompt: [tokenizer.special.startOfTranscript], beams: 1, timestamps: true };
      const states = (await encoder.run({ audio_pcm: new ort.Tensor('float32', audio, [1, audio.length]) }))[ENCODER_STATES]
        .data as Float32Array;
      const { sequence } = await search.runOnStates(states, request);
      expect(Array.from(sequence)).toEqual(Array.from((await whole.run({ audio, ...request })).sequence));
      const words = await aligner.words(
        states,
        audio.length,
        Array.from(sequence).filter((id) => tokenizer.isText(id)),
      );

      // In time order, inside the clip.
      for (const [i, word] of words.entries()) {
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1].start);
      }
      expect(words.at(-1)!.end).toBeLessThanOrEqual(decoded.samples.length / 16000 + 0.02);

      // Each transcribed word against the next reference word of the same spelling.
      let next = 0;
      const pairs: string[] = [];
      for (const word of words) {
        const k = reference.words.findIndex((r, i) => i >= next && r.word === bare(word.text));
        if (k < 0) continue;
        next = k + 1;
        errors.push(Math.abs(word.start - reference.words[k].start));
        pairs.push(`${word.text.trim()} ${word.start.toFixed(2)}/${reference.words[k].start.toFixed(2)}`);
      }
      referenceWords += reference.words.length;
      console.log(file, pairs.join(' | '));
    }
    errors.sort((a, b) => a - b);
    const median = errors[errors.length >> 1];
    const within = errors.filter((e) => e <= 0.3).length / errors.length;
    console.log(
      `${errors.length} of ${referenceWords} words matched; median onset error ${median.toFixed(3)} s; ${(within * 100).toFixed(1)} % within 0.3 s`,
    );
    expect(errors.length).toBeGreaterThanOrEqual(0.85 * referenceWords);
    expect(median).toBeLessThanOrEqual(0.15);
    expect(within).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('gives no words for no text', async () => {
    expect(await aligner.words(new Float32Array(1500 * 384), 16000, [])).toEqual([]);
  });
});
