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
