// The verdict on an engine's text: words, no speech, or speech in a language the engine cannot transcribe.
import { describe, expect, it } from 'vitest';
import { classifyTranscription } from '../../src/features/transcription/speech.ts';

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
