// Action items and decisions: the sentences that commit someone to do something (a person with 'will',
// 'has to', a deadline, 'please', 'action items:') or record a choice ('we decided', 'beschlossen').
import { isQuestion, type Lang, type Sentence } from './text.ts';

const DAYS_EN = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next week|the end of|end of';
const DAYS_DE = 'montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|übermorgen|nächste[nrm]? woche|ende|anfang|mitte';

const ACTION: Record<Lang, RegExp[]> = {
  en: [
    /\b(?:action items?|to-?dos?|next steps?|follow[- ]up)\b/i,
    new RegExp(`\\b(?:by|until|before) (?:${DAYS_EN})\\b`, 'i'),
    /\bplease\b/i,
    /\btomorrow\b/i,
    /\blet['’]s (?!get started|see|talk|look|begin|start)\w+/i,
    /\b(?:I|we|you|he|she|they)['’]ll\b/i,
    new RegExp(`\\b(?:on|next) (?:${DAYS_EN})\\b`, 'i'),
    /\bI['’]ve (?:issued|sent|booked|added|scheduled|created|opened|ordered)\b/i,
    /\b(?:I|we) can (?:send|book|schedule|offer|give)\b/i,
    /(?:^|[\s,])(?:I|i|we|you|he|she|they|[A-Z][a-z]+) (?:will|shall|needs? to|has to|must|is going to|are going to|am going to)\b(?! (?:talk|discuss|look at|cover|see|learn|be)\b)/,
  ],
  de: [
    /\b(?:Aufgaben?|To-?dos?|nächsten? Schritte?)\b/i,
    new RegExp(`\\bbis (?:zum |zur )?(?:${DAYS_DE})\\b`, 'i'),
    /\bbitte\b/i,
    // Lower case: 'morgen' is tomorrow, 'Guten Morgen' is not.
    /\b(?:morgen|übermorgen)\b/,
    /(?:^|[\s,])(?:ich|wir|du|er|sie|Sie|[A-ZÄÖÜ][a-zäöüß]+) (?:werde|werden|muss|müssen|soll|sollen|kümmere|kümmert|übernehme|übernimmt|schicke|schickt|sende|sendet|buche|bucht|organisiere|organisiert|rufe|ruft|bereite|bereitet|kläre|klärt|prüfe|prüft)\b/,
    /\b(?:treffen uns|mache ich|machen wir)\b/i,
    /\b(?:ich kann|wir können) (?:Ihnen|dir|euch)\b/i,
    new RegExp(`\\b(?:am|nächsten?) (?:${DAYS_DE})\\b`, 'i'),
  ],
};

const DECISION: Record<Lang, RegExp> = {
  en: /\b(?:decided|decide|decision|agreed|agree on|settled on|approved|we['’]ll go with|going with|let['’]s go with|chose|we will keep|final call)\b/i,
  de: /\b(?:beschlossen|beschließen|entschieden|Entscheidung|geeinigt|einigen uns|vereinbart|festgelegt|abgemacht|genehmigt|machen wir das so|bleibt es bei)\b/i,
};

export const isActionItem = (s: Sentence, lang: Lang) => !isQuestion(s.text) && ACTION[lang].some((re) => re.test(s.text));
export const isDecision = (s: Sentence, lang: Lang) => !isQuestion(s.text) && DECISION[lang].test(s.text);

export const actionItems = (all: Sentence[], lang: Lang) => all.filter((s) => isActionItem(s, lang));
export const decisions = (all: Sentence[], lang: Lang) => all.filter((s) => isDecision(s, lang));
