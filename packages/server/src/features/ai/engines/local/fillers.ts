// Filler removal that reads the context: 'um' is always a filler, but 'like', 'you know', 'I mean',
// 'sort of' (German 'also', 'naja') only where speech uses them as fillers, i.e. set off by commas or
// without a determiner before them; 'I like the draft' and 'a sort of tool' stay as they are.
import type { Lang } from './text.ts';

/** Hesitation sounds: fillers wherever they stand. */
export const SOUNDS: Record<Lang, string[]> = {
  en: ['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'hmm', 'hm', 'mhm', 'ah'],
  de: ['ähm', 'äh', 'ähh', 'öhm', 'öh', 'hm', 'hmm', 'mhm', 'ähem', 'em', 'ehm'],
};

interface Token {
  /** The token as written, with its punctuation. */
  raw: string;
  /** Lower-case letters only. */
  word: string;
}

const tokenize = (text: string): Token[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => ({ raw, word: raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, '') }));

const endsWithComma = (t: Token | undefined) => !!t && /,$/.test(t.raw);
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'what',
  'which',
  'some',
  'any',
  'every',
  'no',
  'one',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'same',
  'different',
  'another',
  'each',
  'whatever',
]);
/** Words that may open a sentence with their own comma ('Okay, um, …'): that comma stays. */
const OPENERS = new Set([
  'okay',
  'ok',
  'hi',
  'hello',
  'yes',
  'yeah',
  'no',
  'well',
  'right',
  'sure',
  'great',
  'ja',
  'nein',
  'gut',
  'hallo',
  'tja',
  'genau',
]);

interface Rule {
  /** The filler's words, lower case. */
  words: string[];
  /** Whether the occurrence at token i (with `n` tokens) is a filler here. */
  when: (tokens: Token[], i: number, n: number, first: boolean) => boolean;
}

/** Followed by a comma or ending the sentence: 'you know, …', '…, you know.' (not 'do you know the answer'). */
const setOff = (tokens: Token[], i: number, n: number) => endsWithComma(tokens[i + n - 1]) || /[.!?]$/.test(tokens[i + n - 1].raw);
const always = () => true;
/** 'Do you know?' asks something: not a filler. */
const isQuestionTail = (tokens: Token[], i: number, n: number) =>
  /\?$/.test(tokens[i + n - 1].raw) && (i === 0 || !endsWithComma(tokens[i - 1]));
const notAfterDeterminer = (tokens: Token[], i: number) => i === 0 || !DETERMINERS.has(tokens[i - 1].word);

const RULES: Record<Lang, Rule[]> = {
  en: [
    { words: ['you', 'know'], when: (t, i, n) => setOff(t, i, n) && !isQuestionTail(t, i, n) },
    { words: ['i', 'mean'], when: (t, i) => endsWithComma(t[i + 1]) },
    { words: ['sort', 'of'], when: notAfterDeterminer },
    { words: ['kind', 'of'], when: notAfterDeterminer },
    { words: ['like'], when: (t, i, n, first) => endsWithComma(t[i]) && (first || endsWithComma(t[i - 1])) },
  ],
  de: [
    { words: ['sozusagen'], when: always },
    { words: ['quasi'], when: always },
    { words: ['halt'], when: (t, i) => i > 0 && t[i].raw.startsWith('h') && !/!$/.test(t[i].raw) },
    { words: ['na', 'ja'], when: (t, i) => endsWithComma(t[i + 1]) },
    { words: ['naja'], when: (t, i) => endsWithComma(t[i]) },
    { words: ['also'], when: (t, i, _n, first) => endsWithComma(t[i]) && (first || endsWithComma(t[i - 1])) },
  ],
};

export interface FillerResult {
  text: string;
  /** Each removed filler (lower case), once per occurrence. */
  removed: string[];
}

/** Removes the fillers of one sentence and mends the commas and capital they leave behind. */
export function removeFillers(sentence: string, lang: Lang): FillerResult {
  const tokens = tokenize(sentence);
  const sounds = new Set(SOUNDS[lang]);
  const kept: Token[] = [];
  const removed: string[] = [];
  let capitalizeNext = false;
  for (let i = 0; i < tokens.length;) {
    const first = kept.length === 0;
    let n = 0;
    if (sounds.has(tokens[i].word) && /^[\p{L}]+[,.;:!?…]*$/u.test(tokens[i].raw)) n = 1;
    else
      for (const rule of RULES[lang]) {
        const k = rule.words.length;
        if (i + k > tokens.length) continue;
        if (!rule.words.every((w, j) => tokens[i + j].word === w)) continue;
        // Inner tokens of a two-word filler carry no punctuation ('you, know' is not 'you know').
        if (rule.words.slice(0, -1).some((_, j) => /[^\p{L}'’]$/u.test(tokens[i + j].raw))) continue;
        if (rule.when(tokens, i, k, first)) {
          n = k;
          break;
        }
      }
    if (n === 0) {
      const t = tokens[i];
      if (capitalizeNext && /^\p{Ll}/u.test(t.raw) && t.word !== 'iphone') t.raw = t.raw[0].toUpperCase() + t.raw.slice(1);
      capitalizeNext = false;
      kept.push(t);
      i++;
      continue;
    }
    const last = tokens[i + n - 1];
    removed.push(
      tokens
        .slice(i, i + n)
        .map((t) => t.word)
        .join(' '),
    );
    const end = /([.!?…]+)["'»“”]*$/.exec(last.raw)?.[1];
    const prev = kept.at(-1);
    if (prev) {
      if (end) prev.raw = prev.raw.replace(/[,;:]$/, '') + end;
      else if (endsWithComma(last) && endsWithComma(prev)) {
        // '…, you know, 200' → '… 200'; but 'Okay, um, let's' keeps the comma after its opener.
        if (!(kept.length === 1 && OPENERS.has(prev.word))) prev.raw = prev.raw.replace(/,$/, '');
      }
    } else if (/^\p{Lu}/u.test(tokens[i].raw)) capitalizeNext = true;
    i += n;
  }
  return { text: kept.map((t) => t.raw).join(' '), removed };
}
