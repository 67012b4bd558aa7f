/**
 * Which language a model should answer in: the transcript's, unless the prompt names one itself
 * ('translate into English', 'auf Englisch').
 */

// Language names in English and German (with German inflections), as a prompt would name a target.
const LANGUAGE_NAMES = [
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'portuguese',
  'dutch',
  'polish',
  'russian',
  'turkish',
  'chinese',
  'japanese',
  'korean',
  'arabic',
  'swedish',
  'danish',
  'norwegian',
  'finnish',
  'greek',
  'czech',
  'ukrainian',
  'englisch',
  'deutsch',
  'französisch',
  'spanisch',
  'italienisch',
  'portugiesisch',
  'niederländisch',
  'polnisch',
  'russisch',
  'türkisch',
  'chinesisch',
  'japanisch',
  'koreanisch',
  'arabisch',
  'schwedisch',
  'dänisch',
  'norwegisch',
  'finnisch',
  'griechisch',
  'tschechisch',
  'ukrainisch',
];
const NAMED_LANGUAGE_RE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:in|into|to|auf|ins|in das|in die)\s+(?:${LANGUAGE_NAMES.join('|')})(?:e|en|er)?(?![\p{L}])`,
  'iu',
);
const TRANSLATE_RE = /(?:^|[^\p{L}])(?:translat|übersetz)/iu;

/** True when the prompt itself says which language the answer is to be in. */
export function promptNamesLanguage(prompt: string): boolean {
  return NAMED_LANGUAGE_RE.test(prompt) || TRANSLATE_RE.test(prompt);
}

/** The language's English name ('de' → 'German'), or null for codes Intl does not know. */
export function languageName(code: string): string | null {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}

/** The system instruction on the answer's language. */
export function languageInstruction(transcriptLanguage: string | null, prompt: string): string {
  if (promptNamesLanguage(prompt)) return 'Answer in the language the request asks for.';
  const name = transcriptLanguage ? languageName(transcriptLanguage) : null;
  return name ? `Answer in ${name}.` : 'Answer in the language of the transcript.';
}
