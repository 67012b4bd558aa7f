// Action items and decisions. An explicit list after a cue ('Action items:', 'next steps', 'Aufgaben',
// 'nächste Schritte') is read item by item, the cue's own sentence being a heading unless a task follows
// the cue in it. Elsewhere a sentence is an item when it commits someone to something ahead ('X will …',
// 'I'll …', a deadline, 'please'); past reports ('Omar said …', 'confirmed on Monday') and open needs
// ('we still need a decision') are not. Each item gets its owner (a person named as its subject, else the
// speaker) and its due date where one is said. Decisions state that something was decided, agreed or
// fixed; open questions and needs ('we need to decide') are not decisions.
import { UNKNOWN_SPEAKER } from '@scribe/api-client';
import { removeFillers, SOUNDS } from './fillers.ts';
import { isQuestion, STOP, topicWords, type Lang, type Sentence } from './text.ts';

const DAYS_EN = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS_EN = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DAYS_DE = 'Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag';
const MONTHS_DE = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember';

/** The date itself, after a deadline word. German is matched case-sensitively: 'morgen' is tomorrow, 'Guten Morgen' is not. */
const WHEN: Record<Lang, string> = {
  en: `(?:next |this )?(?:${DAYS_EN})|(?:${MONTHS_EN}) \\d{1,2}(?:st|nd|rd|th)?|the \\d{1,2}(?:st|nd|rd|th)? of (?:${MONTHS_EN})|(?:the )?end of (?:the )?(?:day|week|month|quarter|${MONTHS_EN})|tomorrow|tonight|next week|next month`,
  de: `(?:nächsten |kommenden )?(?:${DAYS_DE})|\\d{1,2}\\. (?:${MONTHS_DE})|(?:Ende|Anfang|Mitte) (?:der Woche|des Monats|${MONTHS_DE})|morgen|übermorgen|nächste Woche`,
};
/** A deadline ('by Thursday', 'bis zum 30. September', 'tomorrow'): group 1 or 2 is the date. */
const DEADLINE: Record<Lang, RegExp> = {
  en: new RegExp(`\\b(?:by|until|before|due|no later than)\\s+(${WHEN.en})\\b|\\b(tomorrow|tonight)\\b`, 'i'),
  de: new RegExp(
    `\\b(?:[Bb]is|[Ss]pätestens)\\s+(?:zum |zur |am )?(${WHEN.de})(?!\\p{L})|(?<!\\p{L})(morgen|übermorgen)(?!\\p{L})(?! früh)`,
    'u',
  ),
};
/** When an item is due: a deadline, or a day it is set for ('on Thursday', 'am Montag'). */
const DUE: Record<Lang, RegExp> = {
  en: new RegExp(`${DEADLINE.en.source}|\\bon\\s+(${WHEN.en})\\b`, 'i'),
  de: new RegExp(`${DEADLINE.de.source}|\\b[Aa]m\\s+(${WHEN.de})(?!\\p{L})`, 'u'),
};

/** A cue that opens a list of tasks. */
const LIST_CUE: Record<Lang, RegExp> = {
  en: /\b(?:(?:action items?|next steps?|to-?dos?|to do list|follow[- ]ups?|tasks? for (?:this|next) week|who does what)\b|we agreed(?: on)?(?: the following)?:)/i,
  de: /\b(?:(?:aufgaben|nächsten? schritte|to-?dos?|wer macht was|maßnahmen)\b|wir haben vereinbart:)/i,
};

/** Commitments ahead: a subject with will, 'll, is going to, has to; the first person offering. */
const COMMIT: Record<Lang, RegExp[]> = {
  en: [
    /(?:^|[\s,])(?:I|we|you|he|she|they|[A-Z][a-z]+)(?: will|['’]ll| is going to| are going to| am going to| has to| needs to| must| shall)\s+(?!be\b|talk\b|see\b|discuss\b|cover\b|learn\b|look at\b)\w+/,
    /\bplease\b/i,
    /\b(?:I|we) can (?:send|book|schedule|offer|give|take|prepare|draft|check)\b/i,
    /\bI['’]ve (?:issued|sent|booked|added|scheduled|created|opened|ordered)\b/i,
  ],
  de: [
    /(?:^|[\s,])(?:ich|wir|du|er|sie|Sie|[A-ZÄÖÜ][a-zäöüß]+) (?:werde|werden|wird|muss|müssen|soll|sollen|kümmere|kümmert|übernehme|übernimmt|schicke|schickt|sende|sendet|buche|bucht|organisiere|organisiert|rufe|ruft|bereite|bereitet|kläre|klärt|prüfe|prüft|bestelle|bestellt|verschicke|verschickt)\b/,
    /\bbitte\b/i,
    /\b(?:mache ich|machen wir|übernehme ich|kümmere ich mich)\b/i,
    /\b(?:ich kann|wir können) (?:Ihnen|dir|euch)\b/i,
  ],
};

/** Reported speech and past events: not a task unless the speaker commits in the same sentence. */
const REPORT: Record<Lang, RegExp> = {
  en: /\b(?:said|says|reported|mentioned|told (?:us|me)|confirmed|has confirmed|had confirmed|was|were|did|last (?:week|month|year))\b/i,
  de: /\b(?:hat gesagt|sagte|berichtet|hat berichtet|meinte|erwähnte|hat bestätigt|bestätigte|war|waren|letzte[nr]? (?:woche|monat|jahr))\b/i,
};
const FIRST_PERSON_COMMIT: Record<Lang, RegExp> = {
  en: /\b(?:I|we)(?: will|['’]ll| am going to| are going to)\b/i,
  de: /\b(?:ich werde|wir werden|ich kümmere|mache ich|übernehme ich)\b/i,
};

/** Open needs and questions: neither a task nor a decision. */
const OPEN: Record<Lang, RegExp> = {
  en: /\b(?:need(?:s)? (?:a|to make a) decision|need(?:s)? to (?:decide|figure out|think about)|still (?:open|need|undecided|unclear)|not (?:yet )?decided|haven['’]t decided|to be decided|tbd)\b/i,
  de: /\b(?:müssen noch (?:entscheiden|klären|überlegen)|noch (?:offen|unklar|nicht entschieden|zu entscheiden|zu klären)|Entscheidung (?:steht noch aus|fehlt noch)|brauchen (?:noch )?eine Entscheidung)\b/i,
};

const DECISION: Record<Lang, RegExp> = {
  en: /\b(?:decided|we agreed|(?:all|everyone|they|we) agree[ds]? (?:on|to|that)|agreed (?:on|to|that)|settled on|approved|we['’]ll go with|going with|let['’]s go with|we chose|we will keep|final call|(?:the|our|final) decision is|is (?:now )?(?:fixed|final|confirmed))\b/i,
  de: /\b(?:beschlossen|beschließen wir|entschieden|Entscheidung ist|geeinigt|einigen uns|vereinbart|festgelegt|abgemacht|genehmigt|machen wir das so|bleibt es bei|steht fest)\b/i,
};

/** Words that open an item of a spoken list ('First,', 'And', 'Zweitens'): dropped from its text. */
const LIST_LEAD: Record<Lang, RegExp> = {
  en: /^(?:(?:and|also|then|so|okay|ok|finally|lastly|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth|one|two|three|number \w+|\d+[.)])[,:]?\s+)+/i,
  de: /^(?:(?:und|außerdem|dann|also|okay|ok|zuletzt|schließlich|erstens|zweitens|drittens|viertens|eins|zwei|drei|\d+[.)])[,:]?\s+)+/i,
};

export interface ActionItem {
  sentence: Sentence;
  /** The item's own words (a clause of the sentence when one sentence holds several items). */
  text: string;
  owner?: string;
  due?: string;
}

export const isOpen = (text: string, lang: Lang) => OPEN[lang].test(text);

/** A task in one clause: a commitment or a deadline, with something to do, not a report or a need. */
/** A goodbye with a date ('See you next week.', 'dann bis nächste Woche'): no task. */
const FAREWELL: Record<Lang, RegExp> = {
  en: /\b(?:see you|talk to you|speak to you|bye)\b/i,
  de: /\b(?:dann )?bis (?:nächste woche|morgen|dann|bald|später)\s*[.!]?$|\b(?:tschüss|auf wiederhören|auf wiedersehen)\b/i,
};

function isTask(raw: string, lang: Lang, inList: boolean): boolean {
  const text = removeFillers(raw, lang).text;
  if (isQuestion(text) || isOpen(text, lang) || FAREWELL[lang].test(text)) return false;
  if (REPORT[lang].test(text) && !FIRST_PERSON_COMMIT[lang].test(text)) return false;
  const withoutDue = text.replace(DEADLINE[lang], ' ');
  // Something to do beyond the date.
  if (topicWords(withoutDue.replace(LIST_LEAD[lang], ''), lang).length < 1) return false;
  if (inList) return true;
  // 'We decided to keep the launch on March 15' records a choice; it is a task only with a commitment.
  const committed = COMMIT[lang].some((re) => re.test(text));
  // 'We agreed that Tom will send the report' commits Tom; 'Dann machen wir das so' only decides.
  if (DECISION[lang].test(text)) return COMMIT[lang][0].test(text.replace(DECISION[lang], ' '));
  return committed || DEADLINE[lang].test(text) || (DUE[lang].test(text) && NAMED_SUBJECT[lang].test(text));
}

/** 'Carol reviews the plan on Monday': a person doing something on a set day is assigned it. */
const NAMED_SUBJECT: Record<Lang, RegExp> = {
  en: /^(?:(?:and|so|then|okay),?\s+)?\p{Lu}\p{Ll}+ \p{Ll}+s\b/u,
  de: /^(?:(?:und|dann|okay),?\s+)?\p{Lu}\p{Ll}+ \p{Ll}+t\b/u,
};

/** Splits 'Tom sends X by Wednesday, and Sarah prepares Y' into one clause per named subject. */
function clauses(raw: string, lang: Lang, names: Set<string>): string[] {
  const text = raw.replace(LIST_LEAD[lang], '');
  // Hesitation sounds out first (commas kept): 'We haven't decided that yet, uh, I'll ask Marco.' splits before 'I'll'.
  const plain = text.replace(new RegExp(`(?<![\\p{L}])(?:${SOUNDS[lang].join('|')}),?\\s+`, 'giu'), '');
  const and = lang === 'en' ? 'and' : 'und';
  const parts = plain.split(
    new RegExp(`(?:,\\s*(?:${and}\\s+)?|;\\s*|\\s+${and}\\s+)(?=(?:I(?:['’]ll|['’]m)?|ich|[\\p{Lu}][\\p{Ll}]+)\\s+\\p{Ll})`, 'u'),
  );
  // Only split where each part starts with a person (a name or 'I'); else the sentence is one item.
  const ok = parts.every((p, i) => i === 0 || ownerOf(p, lang, names, '(speaker)') !== undefined);
  return ok && parts.length > 1 ? parts : [text];
}

/** The item's owner: its subject when that is a person ('Tom sends …', 'Sarah, please …'), the speaker for 'I'. */
function ownerOf(text: string, lang: Lang, names: Set<string>, speaker: string): string | undefined {
  const t = removeFillers(text, lang).text.replace(LIST_LEAD[lang], '');
  const first = /^([\p{Lu}][\p{Ll}]+)(?:\s+(?:and|und)\s+([\p{Lu}][\p{Ll}]+))?\b/u.exec(t);
  // A first name before a verb ('Tom sends …', 'Jonas schickt …'); German nouns come with an article.
  const verbAfter = first && SUBJECT_VERB[lang].test(t);
  if (first && (isName(first[1], lang, names) || (verbAfter && isNameLike(first[1], lang))))
    return first[2] && isName(first[2], lang, names) ? `${first[1]}, ${first[2]}` : first[1];
  if (/^(?:I|I['’](?:ll|m|ve)|ich)\b/i.test(t) || /\b(?:mache|übernehme|kümmere) ich\b/i.test(t)) return speaker || undefined;
  // A person named as the subject later on ('then Jana sends …'), or addressed ('…, Jana, please').
  for (const m of t.matchAll(
    /(?<=[\s,])([\p{Lu}][\p{Ll}]+)(?=\s+(?:will|['’]ll|is going to|has to|needs to|must|wird|muss|soll|\p{Ll}+(?:s|t)\b)|,\s*(?:please|bitte|can you|kannst du|könnten Sie))/gu,
  ))
    if (isName(m[1], lang, names)) return m[1];
  return undefined;
}

const NOT_NAMES = new Set(
  'I And But So Then Also Okay Ok Yes No Great Sure Right Fine Good Thanks Please First Second Third Finally Und Also Dann Gut Danke Bitte Erstens Zweitens Drittens Außerdem'.split(
    ' ',
  ),
);
const isName = (word: string, _lang: Lang, names: Set<string>) => names.has(word) && !NOT_NAMES.has(word);

/** An English word that can be a first name: capitalised, no stop word, day, month or list word. */
const isNameLike = (w: string, lang: Lang) => !NOT_NAMES.has(w) && !STOP[lang].has(w.toLowerCase()) && !CALENDAR.test(w);
export const SUBJECT_VERB: Record<Lang, RegExp> = {
  en: /^[\p{Lu}][\p{Ll}]+\s+(?:will|['’]ll|is going to|has to|needs to|must|\p{Ll}+s)\b/u,
  de: /^[\p{Lu}][\p{Ll}]+\s+(?:wird|muss|soll|\p{Ll}+t)\b/u,
};

const CALENDAR = new RegExp(`^(?:${DAYS_EN}|${MONTHS_EN})$`, 'i');
/**
 * The people an item may name: the speakers, and in English the capitalised words that stand inside
 * sentences (German capitalises every noun, so only speakers count there).
 */
export function peopleIn(all: Sentence[], lang: Lang): Set<string> {
  const names = new Set(all.map((s) => s.speaker).filter((n) => n && n !== UNKNOWN_SPEAKER));
  if (lang === 'en')
    for (const s of all)
      for (const m of s.text.matchAll(/(?<=[\p{L},;]\s)\p{Lu}\p{Ll}+\b/gu))
        if (!NOT_NAMES.has(m[0]) && !STOP.en.has(m[0].toLowerCase()) && !CALENDAR.test(m[0])) names.add(m[0]);
  return names;
}

/** A request to someone else ('please read …', 'bitte schicken Sie …'): the owner is the one asked. */
const REQUEST: Record<Lang, RegExp> = {
  en: /\b(?:please|can you|could you|you need to|you have to|you should)\b/i,
  de: /\b(?:[Bb]itte|kannst du|können Sie|könnten Sie|müssen Sie|sollten Sie)\b/,
};

const PRONOUN: Record<Lang, RegExp> = { en: /\b(?:it|them|that|this)\b/i, de: /\b(?:sie|es|das|ihn|diese[sn]?)\b/ };

function item(s: Sentence, text: string, lang: Lang, names: Set<string>, all: Sentence[]): ActionItem {
  const speakers = [...new Set(all.map((x) => x.speaker))].filter((n) => n && n !== UNKNOWN_SPEAKER);
  const asked = REQUEST[lang].test(text) && speakers.length === 2 ? speakers.find((n) => n !== s.speaker) : undefined;
  const owner =
    ownerOf(text, lang, names, s.speaker) ??
    asked ??
    (s.speaker && s.speaker !== UNKNOWN_SPEAKER && !REQUEST[lang].test(text) ? s.speaker : undefined);
  const due = DUE[lang].exec(text);
  let own = text.replace(LIST_LEAD[lang], '');
  // 'I'll organise it by March' says what only with the sentence before it ('The training is a must.').
  const before = all[s.index - 1];
  if (
    own === s.text &&
    PRONOUN[lang].test(own) &&
    own.split(/\s+/).length < 10 &&
    before?.speaker === s.speaker &&
    !isQuestion(before.text)
  )
    if (topicWords(before.text, lang).length >= 2) own = `${before.text} ${own}`;
  return {
    sentence: own === text.replace(LIST_LEAD[lang], '') ? s : before,
    text: own,
    owner,
    due: due ? (due[1] ?? due[2] ?? due[3]) : undefined,
  };
}

/** The text after the list cue in its own sentence ('Action items: Tom sends …'), or '' for a bare heading. */
function afterCue(text: string, lang: Lang): string {
  const m = LIST_CUE[lang].exec(text);
  if (!m) return text;
  return text
    .slice((m.index ?? 0) + m[0].length)
    .replace(/^\s*(?:are|is|sind|ist)?\s*[:,.\-–—]?\s*/i, '')
    .trim();
}

export function actionItems(all: Sentence[], lang: Lang): ActionItem[] {
  const names = peopleIn(all, lang);
  const out: ActionItem[] = [];
  for (let i = 0; i < all.length; i++) {
    const s = all[i];
    if (LIST_CUE[lang].test(s.text) && !isQuestion(s.text)) {
      // The cue's sentence: a heading, or the first items after 'Action items:'.
      const rest = afterCue(s.text, lang);
      for (const c of rest ? clauses(rest, lang, names) : []) if (isTask(c, lang, true)) out.push(item(s, c, lang, names, all));
      // The list goes on in the same speaker's next sentences until one is no task.
      let j = i + 1;
      for (; j < all.length && all[j].speaker === s.speaker && j <= i + 10; j++) {
        const found = clauses(all[j].text, lang, names).filter((c) => isTask(c, lang, true));
        if (found.length === 0) break;
        for (const c of found) out.push(item(all[j], c, lang, names, all));
      }
      i = j - 1;
      continue;
    }
    for (const c of clauses(s.text, lang, names)) if (isTask(c, lang, false)) out.push(item(s, c, lang, names, all));
  }
  return out;
}

export const isActionItem = (s: Sentence, lang: Lang) => isTask(s.text, lang, false) || LIST_CUE[lang].test(s.text);
export const isDecision = (s: Sentence, lang: Lang) => !isQuestion(s.text) && !isOpen(s.text, lang) && DECISION[lang].test(s.text);
export const decisions = (all: Sentence[], lang: Lang) => all.filter((s) => isDecision(s, lang));
