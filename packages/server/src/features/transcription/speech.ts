/**
 * Whether a transcription found words. Whisper answers audio without speech, or speech it cannot
 * transcribe (tiny.en hears German as "(speaking in foreign language)"), with tags in brackets or
 * parentheses instead of words: '[BLANK_AUDIO]', '(music)', '[ Silence ]', '♪'. Such a result is no
 * transcript: the job ends as 'No speech detected' or 'Not English', and the user is not charged.
 */

/** A tag the engine writes instead of words: [..], (..), *..* or music signs. */
const TAG = /\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|[♪♫♩♬]/g;
/** What a tag that means "speech in another language" says. */
const FOREIGN =
  /foreign|language|speaking (?:in )?(?!english)[a-z]+|non-english|in (?:german|french|spanish|italian|chinese|japanese|russian)/i;
/** A letter or digit of any script: the text has words. */
const WORD = /[\p{L}\p{N}]/u;

export type SpeechVerdict = 'speech' | 'no-speech' | 'foreign-language';

/** Words of `text` once every tag is taken out. */
export function wordsOutsideTags(text: string): string[] {
  return text
    .replace(TAG, ' ')
    .split(/\s+/)
    .filter((w) => WORD.test(w));
}

/**
 * 'speech' when the texts hold words outside tags; otherwise 'foreign-language' when a tag says the
 * speech was in another language, and 'no-speech' for silence, music, noise or nothing at all.
 * A result that is mostly foreign-language tags with a stray word or two is foreign too.
 */
export function classifyTranscription(texts: readonly string[]): SpeechVerdict {
  const words = texts.flatMap(wordsOutsideTags);
  const tags = texts.flatMap((t) => t.match(TAG) ?? []);
  const foreignTags = tags.filter((tag) => FOREIGN.test(tag)).length;
  if (words.length === 0) return foreignTags > 0 ? 'foreign-language' : 'no-speech';
  // "(speaking in foreign language) Ja." : the odd word heard between tags is not a transcript.
  if (foreignTags > 0 && words.length <= 2 * foreignTags && words.length < 6) return 'foreign-language';
  return 'speech';
}

/**
 * Speech the English-only engine could not transcribe: tiny.en does not always tag foreign speech,
 * it often "hears" English in it instead, in loops ('I'm a woman who has been a woman who…') or in
 * unsure fragments ('Re-vent, am I a mittock?'). Judged from what the engine already gives: the
 * voice-activity detector's speech seconds, each segment's confidence and review flags.
 *
 * Trusted words: the distinct words of segments at confidence >= TRUSTED_CONFIDENCE that are not a
 * loop ('repetition'). Measured on tiny.en (test/transcription/language-check.test.ts): the LibriVox
 * clip 3.26 distinct trusted words per speech second clean, 3.31 with white noise at 10 dB SNR, 3.22
 * at 5 dB, 3.14 as 8 kHz 8-bit; German (espeak-ng, two voices and speeds) 0.0 (a loop) and 0.71. Below MIN_TRUSTED_WORDS_PER_SECOND,
 * over at least MIN_SPEECH_SECONDS of speech, it is not English: a margin of three to one from any
 * English measured, since refusing real English costs the user more than a refund.
 */
export const TRUSTED_CONFIDENCE = 0.5;
export const MIN_TRUSTED_WORDS_PER_SECOND = 1;
export const MIN_SPEECH_SECONDS = 3;

export interface EnglishMeasures {
  speechSeconds: number;
  words: number;
  trustedDistinctWords: number;
  trustedWordsPerSpeechSecond: number;
}

export function englishMeasures(result: {
  speechSeconds?: number;
  segments: readonly { text: string; confidence?: number; flags?: readonly string[] }[];
}): EnglishMeasures | null {
  if (result.speechSeconds === undefined) return null;
  const words = result.segments.flatMap((s) => wordsOutsideTags(s.text));
  const trusted = new Set(
    result.segments
      .filter((s) => (s.confidence ?? 1) >= TRUSTED_CONFIDENCE && !s.flags?.includes('repetition'))
      .flatMap((s) => wordsOutsideTags(s.text).map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''))),
  );
  trusted.delete('');
  const speech = result.speechSeconds;
  return {
    speechSeconds: speech,
    words: words.length,
    trustedDistinctWords: trusted.size,
    trustedWordsPerSpeechSecond: speech > 0 ? trusted.size / speech : Infinity,
  };
}

/** 'foreign-language' when plenty of speech gave few trusted words (see above); else 'speech'. */
export function judgeEnglish(measures: EnglishMeasures | null): 'speech' | 'foreign-language' {
  if (!measures || measures.speechSeconds < MIN_SPEECH_SECONDS) return 'speech';
  return measures.trustedWordsPerSpeechSecond < MIN_TRUSTED_WORDS_PER_SECOND ? 'foreign-language' : 'speech';
}
