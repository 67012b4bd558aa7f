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
 * The measure is how sure the engine was over the recording: the mean of the segments' confidence
 * weighted by their length, a segment that loops over a few words counting as 0. Not the review
 * flags: a reading repeated eight times is real English whose segments all repeat ('repetition'), and
 * under noise the voice-activity detector hears less speech in a segment, which then looks too fast
 * ('speech_rate': the LibriVox clip at 10 dB SNR). Measured on tiny.en (test/transcription/language-check.test.ts
 * prints them): German (espeak-ng) that the engine loops over 0, or on
 * another CPU copies sentence by sentence 0.26 (a copy counted as sure as the first time, below); a slower German voice 0.44; English
 * with names the model does not know 0.44 (0.85 with them as a custom vocabulary); the LibriVox clip
 * 0.84 to 0.87 clean and re-encoded, 0.79 and 0.70 under white noise at 10 and 5 dB SNR, 0.94 repeated
 * eight times. Confidence alone cannot tell unsure German from unsure English, and refusing real
 * English costs the user more than a refund: the threshold sits below every English recording
 * measured, so what is caught is speech the engine loops over or barely hears as words. (The slower
 * German voice is not caught: it becomes a poor transcript, as before.)
 */
export const MIN_SURE_CONFIDENCE = 0.3;
export const MIN_SPEECH_SECONDS = 3;

/**
 * Text of 12 words or more in which fewer than a third are different words ('a woman who has been a
 * woman who…'): the engine looped. Also what the built-in engine takes for a failed decode of a window
 * (engines/whisper/prompt-fallback.ts), so a window it keeps is never judged a loop here.
 */
export function loops(text: string): boolean {
  const words = normalisedWords(text);
  return words.length >= 12 && new Set(words).size < words.length / 3;
}

function normalisedWords(text: string): string[] {
  return wordsOutsideTags(text).map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''));
}

export interface EnglishMeasures {
  speechSeconds: number;
  words: number;
  /** 0..1: the segments' confidence weighted by their length, loops counting as 0. */
  sureness: number;
}

export function englishMeasures(result: {
  speechSeconds?: number;
  segments: readonly { start: number; end: number; text: string; confidence?: number; flags?: readonly string[] }[];
}): EnglishMeasures | null {
  if (result.speechSeconds === undefined) return null;
  const words = result.segments.flatMap((s) => wordsOutsideTags(s.text));
  let weighted = 0;
  let seconds = 0;
  let previous: { words: string; confidence: number } | undefined;
  for (const s of result.segments) {
    const length = Math.max(0, s.end - s.start);
    const words = normalisedWords(s.text).join(' ');
    let confidence = loops(s.text) ? 0 : (s.confidence ?? 1);
    // Said again word for word, a segment is no surer than the first time: the decoder copying its own
    // last sentence grows surer with every copy (German the engine loops over segment by segment:
    // 0.29 the first time, 0.71 to 0.92 for the copies), while a real reading said again keeps its sureness.
    if (previous && words && words === previous.words) confidence = Math.min(confidence, previous.confidence);
    previous = { words, confidence };
    seconds += length;
    weighted += length * confidence;
  }
  return { speechSeconds: result.speechSeconds, words: words.length, sureness: seconds > 0 ? weighted / seconds : 0 };
}

/** 'foreign-language' when plenty of speech was transcribed without sureness (see above); else 'speech'. */
export function judgeEnglish(measures: EnglishMeasures | null): 'speech' | 'foreign-language' {
  if (!measures || measures.speechSeconds < MIN_SPEECH_SECONDS) return 'speech';
  return measures.sureness < MIN_SURE_CONFIDENCE ? 'foreign-language' : 'speech';
}
