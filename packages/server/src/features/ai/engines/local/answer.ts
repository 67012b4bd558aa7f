// Free questions answered from the transcript: ranked retrieval over its sentences (BM25+, MiniSearch),
// with names, numbers and the question's focus word weighted and sentences holding the kind of value
// asked for (a person for 'who', a date for 'when', an amount for 'how much') preferred. A question the
// transcript asks itself is answered by the reply that follows it. Below a threshold of matching terms
// there is no answer, and the engine says so rather than quoting a passage that only shares a word.
import MiniSearch from 'minisearch';
import { figuresIn } from './figures.ts';
import { isActionItem, isDecision } from './meeting.ts';
import { contentWords, isQuestion, STOP, words, type Lang, type Sentence } from './text.ts';

/** What a question asks for, from its question word. */
type Expect = 'person' | 'date' | 'amount' | 'reason' | 'any';

/** A sentence that gives a reason or cause. */
const REASON = /\b(?:because|since|due to|caused by|it was|that was|the reason|so that|weil|da |wegen|lag an|lag daran|deshalb|daher)\b/i;

const EXPECT: Array<[Expect, RegExp]> = [
  ['person', /^\s*(?:who|whom|whose|wer|wem|wen|wessen)\b|\b(?:which person|welche person|who is responsible|wer ist zuständig)\b/i],
  ['reason', /^\s*(?:why|warum|weshalb|wieso)\b|\bwhat (?:caused|was the reason)\b|\bworan lag\b/i],
  ['date', /^\s*(?:when|wann)\b|\b(?:what|which) (?:date|day|time)\b|\b(?:welche[nms]? (?:datum|tag|termin))\b|\bbis wann\b/i],
  [
    'amount',
    /\b(?:how (?:much|many|long|high|big|often)|what (?:is|was|are|were) the (?:\w+ )?(?:cost|price|budget|amount|total|rate|number|figure|revenue)|wie (?:viel|viele|hoch|lange|groß|oft)|was kostet)\b/i,
  ],
];

/** Question words and verbs that say nothing about the topic. */
const QUESTION_WORDS = new Set(
  'who whom whose what which when where why how much many long does did do is are was were the responsible person say said says talk talked mention mentioned discuss discussed tell wer wem wen wessen was welche welcher welches wann wo warum wie viel viele hoch lange zuständig verantwortlich gesagt sagt besprochen erwähnt'.split(
    ' ',
  ),
);

/** 'What is said about invoices and the backup?': every passage on any of the topics, not one answer. */
const TOPIC_QUERY =
  /\b(?:(?:is|was|were) (?:said|mentioned|discussed)|(?:say|said|talk|talked) about|tell me about|anything about|wurde (?:über|zu)|über \p{L}+ gesagt|steht (?:über|zu))\b/iu;

/** A light stemmer for matching: plural, verb and participle endings off, English and German. */
export function matchStem(word: string, lang: Lang): string {
  let w = word.toLowerCase();
  if (lang === 'de') {
    if (w.startsWith('ge') && w.length > 6) w = w.slice(2);
    for (const suffix of ['ungen', 'ung', 'en', 'er', 'es', 'em', 'et', 'st', 'e', 'n', 's', 't'])
      if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
        w = w.slice(0, -suffix.length);
        break;
      }
  } else {
    for (const suffix of ["'s", '’s', 'ings', 'ing', 'ies', 'es', 'ed', 'ly', 's'])
      if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
        w = w.slice(0, -suffix.length) + (suffix === 'ies' ? 'y' : '');
        break;
      }
  }
  return w.slice(0, 7);
}

const isNumber = (term: string) => /\d/.test(term);

export interface Passage {
  sentence: Sentence;
  /**
   * The sentence that matched when the passage is what follows it: the reply to the transcript's own
   * question ('reply'), or the cause given after a reported event ('after').
   */
  question?: Sentence;
  relation?: 'reply' | 'after';
  /** The value asked for (a name, figure or date), when the passage holds exactly one. */
  value?: string;
  score: number;
}

/** The passages that answer `question`, best first; empty when none matches well enough. */
export function answerPassages(question: string, all: Sentence[], lang: Lang, names: Set<string>, max = 3): Passage[] {
  const expect = EXPECT.find(([, re]) => re.test(question))?.[0] ?? 'any';
  const processTerm = (term: string) => {
    const t = term.toLowerCase();
    if (t.length < 2 || STOP[lang].has(t) || STOP.en.has(t) || QUESTION_WORDS.has(t)) return null;
    return isNumber(t) ? t : matchStem(t, lang);
  };
  const tokenize = (text: string) => words(text);
  const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], processTerm, tokenize });
  index.addAll(all.map((s) => ({ id: s.index, text: s.text })));
  const queryTerms = [
    ...new Set(
      tokenize(question)
        .map(processTerm)
        .filter((t): t is string => Boolean(t)),
    ),
  ];
  if (queryTerms.length === 0) return [];
  // The focus word: the first topic word of the question ('budget' in 'What is the proposed budget?').
  const focus = queryTerms.find((t) => !isNumber(t) && t.length > 3);
  const capitalised = new Set(
    words(question)
      .filter((w, i) => i > 0 && /^\p{Lu}/u.test(w) && (lang === 'en' || names.has(w)))
      .map((w) => processTerm(w)),
  );
  const results = index.search(question, {
    combineWith: 'OR',
    boostTerm: (term) => (isNumber(term) || capitalised.has(term) ? 2 : term === focus ? 1.5 : 1),
    boostDocument: (id: number) => {
      const s = all[id];
      let boost = isQuestion(s.text) ? 0.8 : 1;
      // What was committed or decided answers 'who' and 'when' better than a report about it.
      if (expect !== 'any' && (isActionItem(s, lang) || isDecision(s, lang))) boost *= 1.25;
      if (expect !== 'any' && valuesIn(s, expect, lang, names).length > 0) boost *= 1.4;
      if (expect === 'reason' && REASON.test(s.text)) boost *= 1.3;
      return boost;
    },
  });
  // Enough of the question must match: one term of a question with one or two, two of three, half of
  // more. A single term of two counts only where the sentence holds the kind of value asked for.
  const q = queryTerms.length;
  const topical = TOPIC_QUERY.test(question);
  const needed = q <= 2 || topical ? 1 : q === 3 ? 2 : Math.ceil(q / 2);
  const good = results.filter(
    (r) =>
      r.terms.length >= needed &&
      (q !== 2 || topical || r.terms.length === 2 || (expect !== 'any' && valuesIn(all[r.id as number], expect, lang, names).length > 0)),
  );
  if (good.length === 0) return [];
  const top = good[0].score;
  if (topical) max = Math.max(max, 5);
  const out: Passage[] = [];
  const seen = new Set<number>();
  for (const r of good) {
    if (out.length >= max || (!topical && r.score < top * 0.6)) break;
    let s = all[r.id as number];
    let asked: Sentence | undefined;
    let relation: Passage['relation'];
    if (expect === 'reason' && !isQuestion(s.text) && !REASON.test(s.text)) {
      // 'Why did the deploy fail?': the cause often comes in the next sentences ('It was the migration.').
      const cause = all.slice(s.index + 1, s.index + 3).find((x) => REASON.test(x.text) && !isQuestion(x.text));
      if (cause) {
        asked = s;
        relation = 'after';
        s = cause;
      }
    } else if (isQuestion(s.text)) {
      // The transcript asks this itself: the answer is the reply that follows, from someone else.
      const reply = all.slice(s.index + 1, s.index + 4).find((x) => x.speaker !== s.speaker && !isQuestion(x.text));
      if (!reply) continue;
      asked = s;
      relation = 'reply';
      s = reply;
    }
    if (seen.has(s.index)) continue;
    seen.add(s.index);
    let values = expect === 'any' ? [] : valuesIn(s, expect, lang, names);
    // Several people in the passage: the one right before a word of the question ('Mark books the room').
    if (expect === 'person' && values.length > 1) {
      const next = values.filter((v) => {
        const after = new RegExp(`(?<![\\p{L}])${v}\\s+(\\p{L}+)`, 'u').exec(s.text)?.[1];
        return after !== undefined && queryTerms.includes(processTerm(after) || '');
      });
      values = next;
    }
    out.push({ sentence: s, question: asked, relation, value: values.length === 1 ? values[0] : undefined, score: r.score });
  }
  return out;
}

/** The values of the asked kind in a sentence: people named (or the speaker for 'I'), dates, amounts. */
function valuesIn(s: Sentence, expect: Expect, lang: Lang, names: Set<string>): string[] {
  if (expect === 'reason' || expect === 'any') return [];
  if (expect === 'person') {
    const found = new Set<string>();
    for (const w of words(s.text)) if (names.has(w) || (lang === 'en' && isPersonWord(w, s))) found.add(w);
    // German: a first name before its verb ('Jonas schickt …'); nouns there come with an article.
    if (lang === 'de')
      for (const m of s.text.matchAll(/(?<![\p{L}])(\p{Lu}\p{Ll}+)\s+(?:wird|muss|soll|\p{Ll}+t)\b/gu))
        if (!STOP.de.has(m[1].toLowerCase())) found.add(m[1]);
    if (found.size === 0 && /^(?:\p{L}+,?\s+)?(?:I|I['’]ll|I will|ich)\b/iu.test(s.text) && names.has(s.speaker)) found.add(s.speaker);
    return [...found];
  }
  const figures = figuresIn(s.text, lang);
  if (expect === 'date') return figures.filter((f) => f.kind === 'date').map((f) => f.text);
  return figures.filter((f) => f.kind !== 'date').map((f) => f.text);
}

const NOT_PERSON = new Set(
  'I Okay OK Yes No Hi Hello Thanks Great Sure Right Nice So And But Or Good Fine Sounds Um Uh Like Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December'.split(
    ' ',
  ),
);
/** An English capitalised word inside a sentence that is no month, day or sentence word. */
function isPersonWord(w: string, s: Sentence): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(w) || NOT_PERSON.has(w) || STOP.en.has(w.toLowerCase())) return false;
  const at = s.text.indexOf(w);
  return at > 0 && contentWords(w, 'en').length > 0 && !/[.!?]\s*$/.test(s.text.slice(0, at));
}
