// The verdict on an engine's text: words, no speech, or speech in a language the engine cannot transcribe.
import { describe, expect, it } from 'vitest';
import { classifyTranscription, englishMeasures, judgeEnglish } from '../../src/features/transcription/speech.ts';

describe('classifyTranscription', () => {
  it('finds words in an ordinary transcript', () => {
    expect(classifyTranscription(['Hello there.', 'How are you?'])).toBe('speech');
    expect(classifyTranscription(['[Music] And then we left.'])).toBe('speech');
    expect(classifyTranscription(['Es war einmal ein König.'])).toBe('speech');
  });

  it('calls tags without words no speech', () => {
    expect(classifyTranscription([])).toBe('no-speech');
    expect(classifyTranscription([''])).toBe('no-speech');
    expect(classifyTranscription(['[BLANK_AUDIO]'])).toBe('no-speech');
    expect(classifyTranscription(['(music)', '[ Silence ]'])).toBe('no-speech');
    expect(classifyTranscription(['♪', '...', ' - '])).toBe('no-speech');
    expect(classifyTranscription(['*coughing*', '(wind blowing)'])).toBe('no-speech');
  });

  it('recognises the tags of speech in another language', () => {
    expect(classifyTranscription(['(speaking in foreign language)'])).toBe('foreign-language');
    expect(classifyTranscription(['[speaking German]', '(speaking in foreign language)'])).toBe('foreign-language');
    expect(classifyTranscription(['[Foreign Language]'])).toBe('foreign-language');
    // A stray word heard between such tags is not a transcript.
    expect(classifyTranscription(['(speaking in foreign language) Ja.', '(speaking in foreign language)'])).toBe('foreign-language');
  });

  it('keeps real English speech that mentions a foreign language tag once', () => {
    expect(
      classifyTranscription(['(speaking in foreign language)', 'And then the guide explained the whole history of the castle to us.']),
    ).toBe('speech');
    expect(classifyTranscription(['(speaking English) We met at noon.'])).toBe('speech');
  });
});

describe('englishMeasures: how sure the engine was', () => {
  const seg = (start: number, end: number, text: string, confidence: number) => ({ start, end, text, confidence });

  it('counts a segment said again word for word as no surer than the first time (a decoder copying itself)', () => {
    // The shape of German speech the engine loops over segment by segment: unsure, then surer with each copy.
    const copied = englishMeasures({
      speechSeconds: 14,
      segments: [
        seg(0, 3.4, "I'm a good and modern human health-richly common zones in our mission.", 0.14),
        seg(3.4, 5.4, "I'm a good human health-richly common zone.", 0.29),
        seg(5.4, 8.8, "I'm a good human health-richly common zone.", 0.71),
        seg(8.8, 11.8, "I'm a good human health-richly common zone.", 0.85),
        seg(11.8, 15.6, "I'm a good human health-richly common zone.", 0.89),
      ],
    });
    expect(copied!.sureness).toBeCloseTo((3.4 * 0.14 + 12.2 * 0.29) / 15.6, 5);
    expect(judgeEnglish(copied)).toBe('foreign-language');
  });

  it('keeps a real reading said again as sure as it was', () => {
    const reading = 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.';
    const again = englishMeasures({
      speechSeconds: 21,
      segments: [seg(0, 7, reading, 0.86), seg(7, 14, reading, 0.99), seg(14, 21, reading, 0.99)],
    });
    expect(again!.sureness).toBeCloseTo(0.86, 5);
    expect(judgeEnglish(again)).toBe('speech');
  });
});
