import type { I18n } from '@lingui/core';
import { parseVocabulary, vocabularyProblem } from '@scribe/api-client';
import { translateError } from '../i18n/errors.ts';

/** The field's terms and, when they break a bound, the server's own error in the active language. */
export function checkVocabulary(i18n: I18n, text: string): { terms: string[]; error?: string } {
  const terms = parseVocabulary(text);
  const problem = vocabularyProblem(terms);
  return problem ? { terms, error: translateError(i18n, problem) } : { terms };
}
