// When a window decoded with the vocabulary's prompt is kept, and when the decode without it is
// (engines/whisper/prompt-fallback.ts). The texts are what tiny.en wrote for a looped clip of names.
import { describe, expect, it } from 'vitest';
import { chooseDecode, failedDecode } from '../../src/features/transcription/engines/whisper/prompt-fallback.ts';
import { englishMeasures, judgeEnglish } from '../../src/features/transcription/speech.ts';

const spoken = 'Please send the report to Siobhan Kowalczyk, Anneliese Oyelaran, Zyntrix';
const misspelt = 'Please send the report to Shinwong Karaklik and then it is OI-Larenat-min-tricks.';
const stuck = `Please send the report to Siobhan Kowalczyk, ${Array.from({ length: 20 }, () => 'Anneliese Oyelaran').join(', ')}`;
// 7 s of recording: the sentence once and its first words again, written out more than three times.
const writtenTooOften = `${spoken} ${spoken}, ${spoken}, ${spoken},`;

describe('the vocabulary prompt fallback', () => {
  it('calls a window failed when it has no words or loops over a few', () => {
    expect(failedDecode(spoken)).toBe(false);
    expect(failedDecode(stuck)).toBe(true);
    expect(failedDecode(writtenTooOften)).toBe(true);
    expect(failedDecode('  ')).toBe(true);
  });

  it('keeps the prompted window, names spelt, when the sentence was said three times in a row', () => {
    expect(failedDecode(`${spoken} ${spoken} ${spoken}`)).toBe(false);
    expect(chooseDecode(`${spoken} ${spoken} ${spoken}`, misspelt)).toBe('with-prompt');
  });

  it('takes the unprompted window when the prompt led the decoder into a loop or to nothing', () => {
    expect(chooseDecode(stuck, misspelt)).toBe('without-prompt');
    expect(chooseDecode('', misspelt)).toBe('without-prompt');
    expect(chooseDecode(writtenTooOften, `${misspelt} ${misspelt} ${misspelt}`)).toBe('without-prompt');
  });

  it('keeps the prompted words when the window without the prompt has none', () => {
    expect(chooseDecode(writtenTooOften, '')).toBe('with-prompt');
    expect(chooseDecode('', ' ')).toBe('with-prompt');
  });

  it('a window it keeps is one the language check does not take for a loop', () => {
    const judged = (text: string) =>
      judgeEnglish(englishMeasures({ speechSeconds: 7, segments: [{ start: 0, end: 7, text, confidence: 0.83 }] }));
    for (const text of [spoken, `${spoken} ${spoken} ${spoken}`, writtenTooOften, stuck]) {
      expect(judged(text)).toBe(failedDecode(text) ? 'foreign-language' : 'speech');
    }
  });
});
