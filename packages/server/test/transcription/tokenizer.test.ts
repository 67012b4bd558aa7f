import { beforeAll, describe, expect, it } from 'vitest';
import { prepareWhisperModel } from '../../src/features/transcription/engines/whisper/model.ts';
import { WhisperTokenizer, type SpecialTokens, type TokenizerData } from '../../src/features/transcription/engines/whisper/tokenizer.ts';
import { SHARED_MODEL_CACHE } from './helpers.ts';

/** GPT-2's byte -> printable character table (the alphabet of byte-level BPE vocabularies). */
function byteCharacters(): string[] {
  const printable = [
    ...Array.from({ length: 94 }, (_, i) => 33 + i),
    ...Array.from({ length: 12 }, (_, i) => 161 + i),
    ...Array.from({ length: 82 }, (_, i) => 174 + i),
  ];
  const chars: string[] = new Array(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) chars[b] = String.fromCodePoint(printable.includes(b) ? b : 256 + extra++);
  return chars;
}

describe('byte-level BPE decoding', () => {
  const chars = byteCharacters();
  const enc = (text: string) => [...new TextEncoder().encode(text)].map((b) => chars[b]).join('');
  const special: SpecialTokens = {
    endOfText: 6,
    startOfTranscript: 7,
    translate: 8,
    transcribe: 9,
    startOfLm: 10,
    startOfPrev: 11,
    noTimestamps: 12,
    firstTimestamp: 13,
    lastTimestamp: 1513,
  };
  const e = enc('é'); // two bytes, two characters: split over two tokens below
  const data: TokenizerData = {
    vocab: [enc(' Hello'), enc(','), enc(' café'), e[0], e[1], enc('\n'), '<|endoftext|>'],
    byteDecoder: Object.fromEntries(chars.map((c, b) => [c, b])),
    special,
  };
  const tokenizer = new WhisperTokenizer(data);

  it('maps byte characters back to UTF-8 text, spaces included', () => {
    expect(tokenizer.decode([0, 1, 2])).toBe(' Hello, café');
    expect(tokenizer.decode([5])).toBe('\n');
  });

  it('joins a character whose bytes are split over two tokens', () => {
    expect(tokenizer.decode([0, 3, 4])).toBe(' Helloé');
  });

  it('skips special and timestamp tokens', () => {
    expect(tokenizer.decode([7, 13, 0, 20, 6])).toBe(' Hello');
    expect(tokenizer.isTimestamp(13)).toBe(true);
    expect(tokenizer.timestampSeconds(13 + 268)).toBe(5.36);
  });
});

describe('the tiny.en tokenizer from the model', () => {
  let tokenizer: WhisperTokenizer;
  let data: TokenizerData;
  beforeAll(async () => {
    data = (await prepareWhisperModel({ cacheDir: SHARED_MODEL_CACHE })).tokenizer;
    tokenizer = new WhisperTokenizer(data);
  }, 60_000);

  it('has the special ids of tiny.en', () => {
    expect(data.special).toEqual({
      endOfText: 50256,
      startOfTranscript: 50257,
      translate: 50357,
      transcribe: 50358,
      startOfLm: 50359,
      startOfPrev: 50360,
      noTimestamps: 50362,
      firstTimestamp: 50363,
      lastTimestamp: 51863,
    });
    expect(data.vocab).toHaveLength(50257);
  });

  it('decodes known ids to text', () => {
    // Whisper's output for the LibriVox fixture: "<|0.00|> And Mr. John Dashwood ... <|5.36|>"
    expect(tokenizer.decode([50257, 50363, 843, 1770, 13, 1757, 16189, 3822, 50631])).toBe(' And Mr. John Dashwood');
    expect(tokenizer.timestampSeconds(50631)).toBe(5.36);
    expect(tokenizer.timestampSeconds(51863)).toBe(30);
    const split = [data.vocab.indexOf('Ã'), data.vocab.indexOf('©')]; // the two bytes of "é" as single-byte tokens
    expect(tokenizer.decode([3822, ...split])).toBe('woodé');
  });
});
