// The quantities a transcript actually speaks: amounts of money, percentages, counts with their nouns
// ('35 new customers', 'zwölf neue Kunden'), durations, times and dates, English and German. Dates and
// times come from chrono-node (it reads both languages); numbers, written numbers and the words that
// belong to them are read here, since no maintained npm library reads German numbers reliably.
import type * as Chrono from 'chrono-node';
import { lazyModule } from '../../../../lazy-module.ts';
import type { Lang } from './text.ts';

export interface Figure {
  /** The quantity as spoken, e.g. '$4.2 million', '20 Prozent', 'March 15'. */
  text: string;
  kind: 'money' | 'percent' | 'date' | 'number';
  /** Offset in the sentence. */
  index: number;
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const TEENS = ['eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
// 'one' is left out: far more often a pronoun ('the one that') than a count.
const EN_WORDS = new Set([
  ...UNITS.filter((u) => u !== 'one'),
  ...TEENS,
  ...TENS,
  'hundred',
  'thousand',
  'dozen',
  'twice',
  'thrice',
  'half',
]);
const DE_UNITS = ['ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
const DE_TENS = ['zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
const DE_WORDS = new Set([
  ...DE_UNITS.slice(1),
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
  ...DE_TENS,
  'hundert',
  'tausend',
  'dutzend',
  'zweimal',
  'dreimal',
  'viermal',
  'halbe',
  'halben',
  'anderthalb',
  'eineinhalb',
]);
const DE_COMPOUND = new RegExp(`^(?:${DE_UNITS.join('|')})und(?:${DE_TENS.join('|')})$`);
const EN_COMPOUND = new RegExp(`^(?:${TENS.join('|')})-(?:${UNITS.slice(1, 10).join('|')})$`);

/** Is this word a written number ('thirty-five', 'fünfunddreißig', 'twice')? */
export function isNumberWord(word: string, lang: Lang): boolean {
  const w = word.toLowerCase();
  return lang === 'de' ? DE_WORDS.has(w) || DE_COMPOUND.test(w) : EN_WORDS.has(w) || EN_COMPOUND.test(w);
}

const SCALES = /^(?:million|millions|billion|billions|thousand|k|m|bn|millionen|million|milliarden|milliarde|mio\.?|mrd\.?|tausend)$/i;
const PERCENT = /^(?:%|percent|prozent|prozentpunkte|percentage)$/i;
const MONEY_WORDS = /^(?:euros?|dollars?|pounds?|cents?|franken|eur|usd|€|\$|£)$/i;
const CLOCK = /^(?:a\.m\.?|p\.m\.?|am|pm|uhr|o'clock)$/i;
const MULTIPLES = /^(?:twice|thrice|zweimal|dreimal|viermal)$/i;
const RANGE = /^(?:to|or|-|–|bis|und|oder)$/i;
/** Words that end the noun part of a quantity ('200 tickets in September' → '200 tickets'). */
const BREAKS: Record<Lang, Set<string>> = {
  en: new Set(
    'the a an and or but to of in on at for with by from is are was were be been it that this which who if so as than then my your our their his her its we you they i he she each every last up down will would can could should must may might has have had do does did'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das den dem des ein eine einen einem und oder aber zu mit von für auf an am im in bei ist sind war waren als dass weil wenn wir ihr sie er es ich auch noch schon nur um vor nach seit wird werden kann können muss müssen soll sollen hat haben'.split(
      ' ',
    ),
  ),
};
/** Nouns that name something by a number: 'chapter 7', 'Kapitel 7', 'number 48213'. */
const LABELS =
  /^(?:chapter|page|room|number|version|step|level|floor|gate|line|kapitel|seite|raum|nummer|version|schritt|stufe|etage|gleis|zimmer)$/i;

interface Tok {
  raw: string;
  /** Without surrounding punctuation (but keeping '$4.2', '3%', 'a.m.'). */
  core: string;
  start: number;
  end: number;
  /** Punctuation right after the token ends a phrase (',' '.' …). */
  closes: boolean;
}

function tokens(sentence: string): Tok[] {
  const out: Tok[] = [];
  for (const m of sentence.matchAll(/\S+/g)) {
    const raw = m[0];
    const lead = /^["“„»(]*/.exec(raw)![0].length;
    let core = raw.slice(lead);
    // 'a.m.' keeps its dots; other trailing punctuation goes ('1.' of '1. April' is read as a date).
    if (!/^(?:a\.m\.|p\.m\.)$/i.test(core.replace(/[,;:!?"”»)]+$/, ''))) core = core.replace(/[,.;:!?"”»)…]+$/, '');
    else core = core.replace(/[,;:!?"”»)]+$/, '');
    const start = (m.index ?? 0) + lead;
    out.push({ raw, core, start, end: start + core.length, closes: /[,.;:!?…]["”»)]*$/.test(raw) && !/^(?:a\.m\.|p\.m\.)$/i.test(core) });
  }
  return out;
}

const isDigits = (core: string) => /^[$€£]?\d+(?:[.,:]\d+)*(?:%|k|m|bn)?$/i.test(core);

function numberPhrases(sentence: string, lang: Lang): Figure[] {
  const toks = tokens(sentence);
  const out: Figure[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const digits = isDigits(t.core);
    if (!digits && !isNumberWord(t.core, lang)) continue;
    let j = i;
    const next = (k: number) => (k < toks.length ? toks[k] : undefined);
    // A range: '5 to 7', 'three or four', 'zwischen 8 und 10'.
    const r = next(j + 1);
    const r2 = next(j + 2);
    if (!toks[j].closes && r && r2 && RANGE.test(r.core) && (isDigits(r2.core) || isNumberWord(r2.core, lang))) j += 2;
    while (!toks[j].closes && next(j + 1) && SCALES.test(next(j + 1)!.core)) j++;
    let kind: Figure['kind'] = /[$€£]/.test(t.core) ? 'money' : /%$/.test(t.core) ? 'percent' : 'number';
    if (!toks[j].closes && next(j + 1) && PERCENT.test(next(j + 1)!.core)) {
      j++;
      kind = 'percent';
      if (next(j + 1) && /^points|punkte$/i.test(next(j + 1)!.core)) j++;
    } else if (!toks[j].closes && next(j + 1) && MONEY_WORDS.test(next(j + 1)!.core)) {
      j++;
      kind = 'money';
    } else if (!toks[j].closes && next(j + 1) && CLOCK.test(next(j + 1)!.core)) j++;
    else if (kind === 'number') {
      // The counted noun: up to two words until a function word or punctuation ('35 new customers').
      // German capitalises nouns: the phrase ends at the first capitalised word, and a lower-case word
      // (an adjective) is taken only before one ('zwölf neue Kunden', not 'zwei Wochen geliefert').
      let n = 0;
      while (n < 2 && !toks[j].closes && next(j + 1)) {
        const w = next(j + 1)!.core;
        if (!/^[\p{L}][\p{L}'’-]*$/u.test(w) || BREAKS[lang].has(w.toLowerCase())) break;
        if (lang === 'de' && /^\p{Ll}/u.test(w) && !(next(j + 2) && /^\p{Lu}/u.test(next(j + 2)!.core) && !toks[j + 1].closes)) break;
        j++;
        n++;
        if (lang === 'de' && /^\p{Lu}/u.test(w)) break;
      }
      if (n === 0) {
        // A bare written number ('one') says nothing, unless it counts times ('twice'); a bare digit
        // may be named by the word before it ('chapter 7').
        if (!digits && !MULTIPLES.test(t.core)) continue;
        const prev = toks[i - 1];
        if (prev && !prev.closes && LABELS.test(prev.core)) {
          out.push({ text: sentence.slice(prev.start, toks[j].end), kind, index: prev.start });
          i = j;
          continue;
        }
      }
    }
    out.push({ text: sentence.slice(t.start, toks[j].end), kind, index: t.start });
    i = j;
  }
  return out;
}

const chrono = lazyModule<typeof Chrono>('chrono-node');
const parsers = (): Record<Lang, Chrono.Chrono> => ({ en: chrono().en.casual, de: chrono().de.casual });
const PERIOD =
  /\b(?:(?:Anfang|Mitte|Ende)\s+(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)|(?:early|mid|late|end of)\s+(?:January|February|March|April|May|June|July|August|September|October|November|December))\b/g;

const NOT_DATES = new Set([
  'so',
  'now',
  'today',
  'heute',
  'jetzt',
  'right now',
  'this morning',
  'morning',
  'evening',
  'afternoon',
  'night',
  'tonight',
  'mo',
  'di',
  'mi',
  'do',
  'fr',
  'sa',
]);

/** Words without which chrono finds no date: sentences without any skip the (slower) parser. */
const DATE_HINT =
  /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|okt|nov|dec|dez|mon|tue|wed|thu|fri|sat|sun|today|tomorrow|yesterday|tonight|week|month|year|quarter|hour|minute|noon|midnight|weekend|ago|next|last|mär|mai|die|mit|don|fre|sam|son|heute|morgen|gestern|woche|monat|jahr|quartal|stunde|uhr|vorjahr|mittag|abend|nacht|übermorgen|vorgestern)/i;

function dates(sentence: string, lang: Lang): Figure[] {
  const out: Figure[] = [];
  if (!DATE_HINT.test(sentence)) return out;
  for (const r of parsers()[lang].parse(sentence, new Date(2000, 0, 1))) {
    let text = r.text.replace(/[,.;:]+$/, '');
    let index = r.index;
    // 'am 1. April' → '1. April'; a bare '5 to 7' is a range, not a time.
    const lead = /^(?:am|an|um|on|at)\s+/i.exec(text);
    if (lead) {
      text = text.slice(lead[0].length);
      index += lead[0].length;
    }
    if (!/\p{L}/u.test(text.replace(/\b(?:to|bis|und|and)\b/g, ''))) continue;
    // Words chrono also reads as dates but that carry none here ('so' is Sonntag, 'Good morning').
    if (NOT_DATES.has(text.toLowerCase())) continue;
    out.push({ text, kind: 'date', index });
  }
  for (const m of sentence.matchAll(PERIOD)) out.push({ text: m[0], kind: 'date', index: m.index ?? 0 });
  return out;
}

/** Sentences already read (a prompt reads each sentence several times: ranking, listing). */
const memo = new Map<string, Figure[]>();
const MEMO_MAX = 20_000;

/** The figures of one sentence in their order, overlapping finds merged into the longest. */
export function figuresIn(sentence: string, lang: Lang): Figure[] {
  const key = `${lang}\u0000${sentence}`;
  let found = memo.get(key);
  if (!found) {
    found = readFigures(sentence, lang);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, found);
  }
  return found.map((f) => ({ ...f }));
}

function readFigures(sentence: string, lang: Lang): Figure[] {
  const all = [...dates(sentence, lang), ...numberPhrases(sentence, lang)].sort(
    (a, b) => a.index - b.index || b.text.length - a.text.length,
  );
  const out: Figure[] = [];
  for (const f of all) {
    const prev = out.at(-1);
    if (prev && f.index < prev.index + prev.text.length) {
      // Overlap: keep one span covering both ('next Monday at 10 a.m.' over '10 a.m.').
      const end = Math.max(prev.index + prev.text.length, f.index + f.text.length);
      prev.text = sentence.slice(prev.index, end);
      if (prev.kind === 'number') prev.kind = f.kind;
      continue;
    }
    out.push({ ...f });
  }
  return out;
}
