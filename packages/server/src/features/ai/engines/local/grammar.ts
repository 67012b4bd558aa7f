// Grammar that never makes the text worse: each change is one of a few safe edits, applied to one
// rebuilt sentence at a time. Anything the rules cannot be sure of (a sentence that stops mid-clause,
// 'had had', a brand name like 'iPhone') is left as spoken.
import { STOP, type Lang } from './text.ts';

/** Doubled words that are often right ('I had had enough', 'dass die die Antwort kennen'). */
const LEGIT_DOUBLES: Record<Lang, Set<string>> = {
  en: new Set(['had', 'that', 'is', 'do', 'very', 'so', 'bye', 'no', 'yes', 'ha', 'knock', 'tell', 'more']),
  de: new Set(['die', 'der', 'das', 'sie', 'dass', 'so', 'sehr', 'ja', 'nein', 'tschüss', 'haha', 'immer']),
};

/** Words after which a sentence is unfinished: a full stop there would be wrong ('… prepares the.'). */
const OPEN_ENDINGS: Record<Lang, Set<string>> = {
  en: new Set([
    'the',
    'a',
    'an',
    'and',
    'or',
    'but',
    'to',
    'of',
    'in',
    'on',
    'at',
    'for',
    'with',
    'by',
    'from',
    'my',
    'your',
    'our',
    'their',
    'his',
    'her',
    'its',
    'if',
    'because',
    'that',
    'which',
    'so',
  ]),
  de: new Set([
    'der',
    'die',
    'das',
    'den',
    'dem',
    'des',
    'ein',
    'eine',
    'einen',
    'einem',
    'und',
    'oder',
    'aber',
    'zu',
    'mit',
    'von',
    'für',
    'auf',
    'an',
    'am',
    'im',
    'in',
    'bei',
    'dass',
    'weil',
    'wenn',
  ]),
};

export type GrammarEdit = 'spacing' | 'doubled' | 'pronounI' | 'capital' | 'fullStop';

/** The sentence with the safe edits applied, and which edits changed it. */
export function correctSentence(sentence: string, lang: Lang): { text: string; edits: GrammarEdit[] } {
  const edits = new Set<GrammarEdit>();
  const apply = (kind: GrammarEdit, s: string, next: string) => {
    if (next !== s) edits.add(kind);
    return next;
  };
  let s = sentence.replace(/\s+/g, ' ').trim();
  // Spacing: no space before , ; : ! ? and a full stop that ends a word ('word .' → 'word.').
  s = apply('spacing', s, s.replace(/(?<=[\p{L}\p{N}%)"”])\s+([,;:!?]|\.(?!\.)(?=\s|$))/gu, '$1'));
  // One space after , ; between two words ('a,b' in numbers like '1,8' stays).
  s = apply('spacing', s, s.replace(/(?<=\p{L})([,;])(?=\p{L})/gu, '$1 '));
  s = apply(
    'doubled',
    s,
    s.replace(/(?<![\p{L}\p{N}'’-])(\p{L}+)\s+\1(?![\p{L}\p{N}'’-])/giu, (m: string, w: string) =>
      LEGIT_DOUBLES[lang].has(w.toLowerCase()) ? m : w,
    ),
  );
  if (lang === 'en') s = apply('pronounI', s, s.replace(/(?<![\p{L}\p{N}'’.-])i(?=(?:['’](?:m|ll|ve|d))?(?![\p{L}\p{N}.-]))/gu, 'I'));
  // A sentence start in lower case, when the whole first word is ('iPhone' and 'eBay' stay).
  s = apply(
    'capital',
    s,
    s.replace(/^(["“„»(]?)(\p{Ll}+)(?=[\s,;:!?'’]|\.(?!\p{L})|$)/u, (_, q: string, w: string) => q + w[0].toUpperCase() + w.slice(1)),
  );
  if (!/[.!?…:;"”»)]$/.test(s) && !/,$/.test(s)) {
    const last = (s.match(/[\p{L}\p{N}'’-]+$/u)?.[0] ?? '').toLowerCase();
    if (last && !OPEN_ENDINGS[lang].has(last) && !STOP[lang].has(last)) s = apply('fullStop', s, `${s}.`);
  }
  return { text: s, edits: [...edits] };
}
