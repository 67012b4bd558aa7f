// Spoken languages and the outcomes of a transcription that found nothing to transcribe.

/** A spoken language as the API names it: an ISO 639-1 code such as 'en' or 'de'. */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

/**
 * Texts of the server about spoken languages and empty results (English, as the API's other messages;
 * the app translates them). A transcript that ends with `noSpeech` or `notEnglish` is in 'error' and
 * was not charged.
 */
export const transcriptionOutcomeMessages = {
  noSpeech: 'No speech detected: the recording contains no words the engine could recognise. You were not charged.',
  notEnglish: 'Not English: the built-in engine understands English only. You were not charged.',
  languageUnsupported:
    'The built-in transcription engine understands English only. An administrator can connect another engine for other languages.',
  languageInvalid: 'language must be a two-letter language code such as en or de',
  retryNotFailed: 'Only a failed transcription can be retried',
  retryNoAudio: 'The audio of this transcript is gone, so it cannot be transcribed again',
} as const;

/** Whether an engine that transcribes `languages` ('any', or a list of codes) takes audio in `language`. */
export function engineSupports(languages: readonly string[] | 'any' | undefined, language: string): boolean {
  if (languages === undefined || languages === 'any') return true;
  return languages.includes(language);
}
