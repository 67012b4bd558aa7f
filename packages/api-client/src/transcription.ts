// Spoken languages and the outcomes of a transcription that found nothing to transcribe.
import { apiErrors } from './errors.ts';

/** A spoken language as the API names it: an ISO 639-1 code such as 'en' or 'de'. */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

/**
 * Texts of the server about spoken languages and empty results (English, as the API's other messages;
 * the app translates them). A transcript that ends with `noSpeech` or `notEnglish` is in 'error' and
 * was not charged.
 */
export const transcriptionOutcomeMessages = {
  noSpeech: apiErrors.NO_SPEECH,
  notEnglish: apiErrors.NOT_ENGLISH,
  languageUnsupported: apiErrors.LANGUAGE_UNSUPPORTED,
  languageInvalid: apiErrors.LANGUAGE_CODE_INVALID,
  retryNotFailed: apiErrors.RETRY_NOT_FAILED,
  retryNoAudio: apiErrors.RETRY_NO_AUDIO,
} as const;

/** Whether an engine that transcribes `languages` ('any', or a list of codes) takes audio in `language`. */
export function engineSupports(languages: readonly string[] | 'any' | undefined, language: string): boolean {
  if (languages === undefined || languages === 'any') return true;
  return languages.includes(language);
}
