/**
 * The built-in rule-based engine (docs/decisions.md): answers the default prompts in English and German
 * from the transcript's own sentences (rebuilt across segment boundaries) and their times. It never
 * pretends to be a language model: free prompts are matched to what it can do (summary, action items,
 * decisions, questions, figures, dates, people) or get the most relevant passages; what it cannot do
 * (translate, write new text) gets a plain note, free of charge. Its own words follow the transcript's
 * language for German transcripts, else the reader's interface language.
 */
import { UNKNOWN_SPEAKER, type DefaultPromptKind } from '@scribe/api-client';
import type { StoredSegment } from '../../../db/schema.ts';
import { emotions } from './local/emotions.ts';
import { figuresIn, type Figure } from './local/figures.ts';
import { removeFillers } from './local/fillers.ts';
import { correctSentence } from './local/grammar.ts';
import { T, type UnsupportedTask } from './local/i18n.ts';
import { isDetectedSpeakerName, readerSpeakerName } from '../../../i18n/messages.ts';
import { answerPassages } from './local/answer.ts';
import { actionItems, decisions, isActionItem, isDecision, peopleIn, type ActionItem } from './local/meeting.ts';
import { rankSentences } from './local/rank.ts';
import {
  contentWords,
  detectLanguage,
  isQuestion,
  paragraphs,
  sentences,
  stem,
  STOP,
  topicWords,
  words,
  type Lang,
  type Sentence,
} from './local/text.ts';
import { formatTimestamp, type AiEngine, type AiRequest, type AiResult, type AiTranscript } from './types.ts';

export { detectLanguage, sentences, words, type Lang, type Sentence };

export const LOCAL_MODEL = 'rule-based';

/** What a prompt asks for: a default prompt's kind, another task the engine knows, or one it cannot do. */
export type Intent = DefaultPromptKind | 'people' | 'dates' | UnsupportedTask;

/** The intent of a prompt (English or German wording), or null for a free prompt answered by passages. */
export function classifyPrompt(prompt: string): Intent | null {
  const p = prompt.toLowerCase();
  // A question about something in the transcript ('Who is responsible for the contract?', 'When is the
  // launch date?') is answered from its passages; it asks for a list kind only in list form ('What are
  // the action items?', 'Who spoke?').
  const wh = /^\s*(?:who|whom|whose|what|when|where|which|why|how|wer|wem|wen|was|wann|wo|welche\w*|warum|wie)\b/.test(p);
  const listForm =
    /^\s*(?:what|which|welche\w*|was)\s+(?:(?:are|were|is|was|sind|waren|wurden|gab es|gibt es)\s+)?(?:(?:the|all|die|alle)\s+)?(?:\w+\s+)?(?:action items?|tasks|next steps|to-?dos|decisions|people|persons|speakers|participants|names|dates|deadlines|figures|numbers|aufgaben|schritte|entscheidungen|personen|teilnehmer|sprecher|namen|termine|fristen|daten|zahlen)\b|\bwho does what\b|\bwer macht was\b|^\s*who (?:spoke|speaks|attended|took part|was there|were there)\b|^\s*wer (?:war dabei|hat teilgenommen|spricht|sprach)\b/.test(
      p,
    );
  const gated = new Set<Intent>(['actionItems', 'decisions', 'people', 'dates', 'statistics']);
  const rules: Array<[Intent, RegExp, boolean?]> = [
    // First: 'Translate the summary' asks for a translation, not a summary.
    [
      'translate',
      /translat|übersetz|\b(?:in|into|auf) (?:english|german|french|spanish|italian|englisch|deutsch|französisch|spanisch|italienisch)\b/,
    ],
    ['write', /\b(?:invent|make up|made-up|imagine|fictional|erfinde|erfinden|ausdenken|denk dir)\b/],
    // 'Write a summary email' asks for new text, whatever it is about ('Write down the action items' does not).
    ['write', /^\s*(?:please\s+|bitte\s+)?(?:write(?! down)|compose|draft|schreib\w*|verfass\w*|formulier\w*)\b/],
    ['faq', /\bfaq\b|frequently asked|häufig gestellte/],
    ['fillers', /filler|füllw/],
    ['statistics', /statistic|statistik|kennzahlen/],
    ['statistics', /\bfigures\b|\bnumbers\b|\bzahlen\b|\bamounts?\b|beträge/],
    ['emotions', /emotion|feeling|gefühl|stimmung/],
    ['grammar', /grammar|punctuation|grammatik|zeichensetzung|rechtschreibung/],
    ['actionItems', /action items?|to-?dos?\b|\btasks?\b|next steps|who does what|aufgaben|nächste schritte|maßnahmen|wer macht was/],
    ['decisions', /decision|decided|entscheid|beschl/],
    ['questions', /question|\bfragen\b/],
    ['keyPoints', /key ?points?|kernpunkt|kernaussage|wichtigste|highlights?/],
    ['bullets', /bullet|stichpunkt|aufzählung|summar|overview|recap|\btl;?dr\b|\bgist\b|zusammenfass|überblick|worum geht/],
    [
      'people',
      /\bwho (?:spoke|speaks|attended|took part|was there|were there)\b|\bpeople\b|\bpersons?\b|participants|speakers|\bnames\b|personen|teilnehmer|\bwer (?:war dabei|hat teilgenommen|spricht|sprach)\b|sprecher|\bnamen\b/,
    ],
    ['dates', /\bdates?\b|deadlines?|\bschedule\b|\btermine?\b|\bdatum\b|\bdaten\b|fristen|uhrzeit/],
    // 'Who drafts the agenda?' asks about the transcript; 'Draft a reply' asks for new text.
    [
      'write',
      /\b(?:write|compose|draft|rewrite|rephrase|paraphrase|poem|story|reply|respond to)\b|formulier|schreib|verfass|gedicht/,
      true,
    ],
  ];
  for (const [kind, re, whGated] of rules) {
    if (!re.test(p)) continue;
    if (wh && whGated) continue;
    if (wh && gated.has(kind) && !listForm && !(kind === 'statistics' && /statistic|statistik/.test(p))) continue;
    return kind;
  }
  return null;
}

const ts = (seconds: number) => `[${formatTimestamp(seconds)}]`;
/** 'Name: ' before a quoted line, in the answer's language ('Sprecher 2: '); nothing for an unnamed speaker. */
const speakerPrefix = (speaker: string, ui: Lang) => (speaker && speaker !== UNKNOWN_SPEAKER ? `${readerSpeakerName(speaker, ui)}: ` : '');

/** A sentence as a summary shows it: fillers out, safe grammar edits in. */
export function clean(text: string, lang: Lang): string {
  return correctSentence(removeFillers(text, lang).text, lang).text;
}

// --- questions and FAQ ---------------------------------------------------------------------------

export function extractQuestions(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const qs = all.filter((s) => isQuestion(s.text));
  if (qs.length === 0) return T[ui].noQuestions;
  return [T[ui].questionsHeading(qs.length), ...qs.map((q) => `- ${ts(q.start)} ${q.text}`)].join('\n');
}

/** Each question with the answer that follows it: the next speaker's sentences (at most three). */
export function faq(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const blocks: string[] = [];
  all.forEach((s, i) => {
    if (!isQuestion(s.text)) return;
    // The answer comes from someone else; when the asker goes on, their own next sentences count only
    // if nobody else speaks before the next question.
    let j = i + 1;
    while (j < all.length && all[j].speaker === s.speaker && !isQuestion(all[j].text)) j++;
    if (j >= all.length || isQuestion(all[j].text) || all[j].speaker === s.speaker) j = i + 1;
    const answer: Sentence[] = [];
    // The answer stops at the end of its topic: a further sentence must share a word with the question
    // or the answer so far, or refer back to it ('It's only €20 more.'), else it starts the next topic.
    const topic = new Set(contentWords(s.text, lang).map(stem));
    for (; j < all.length && answer.length < 3; j++) {
      if (isQuestion(all[j].text) || (answer.length > 0 && all[j].speaker !== answer[0].speaker)) break;
      const own = contentWords(all[j].text, lang).map(stem);
      const refersBack = /^(?:it|it['’]s|this|that|they|so|because|but|and|also|es|das|dies|sie|weil|aber|und|denn|also)\b/i.test(
        removeFillers(all[j].text, lang).text,
      );
      if (answer.length > 0 && !refersBack && !own.some((w) => topic.has(w))) break;
      for (const w of own) topic.add(w);
      answer.push(all[j]);
    }
    const a = answer.length ? `${ts(answer[0].start)} ${answer.map((x) => clean(x.text, lang)).join(' ')}` : t.noAnswer;
    blocks.push(`${t.q}: ${ts(s.start)} ${s.text}\n${t.a}: ${a}`);
  });
  if (blocks.length === 0) return t.noFaq;
  return [t.faqHeading, ...blocks].join('\n\n');
}

// --- fillers and grammar -------------------------------------------------------------------------

export function fillers(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const counts = new Map<string, number>();
  const lines: string[] = [];
  for (const para of paragraphs(all)) {
    const text = para
      .map((s) => {
        const r = removeFillers(s.text, lang);
        for (const w of r.removed) counts.set(w, (counts.get(w) ?? 0) + 1);
        return r.text;
      })
      .filter(Boolean)
      .join(' ');
    if (text) lines.push(`${ts(para[0].start)} ${speakerPrefix(para[0].speaker, ui)}${text}`);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const list = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([w, n]) => `${w.replace(/^i\b/, 'I')} ×${n}`)
    .join(', ');
  return [t.fillersHeading, ...lines, '', t.fillersRemoved(total, list)].join('\n');
}

export function grammar(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  let changed = 0;
  const lines = paragraphs(all).map((para) => {
    const text = para
      .map((s) => {
        const r = correctSentence(s.text, lang);
        if (r.edits.length) changed++;
        return r.text;
      })
      .join(' ');
    return `${ts(para[0].start)} ${speakerPrefix(para[0].speaker, ui)}${text}`;
  });
  return [t.grammarHeading, ...lines, '', t.grammarChanges(changed), t.grammarNote].join('\n');
}

// --- bullet points and key points ----------------------------------------------------------------

/** Wording that marks a point the speaker wants remembered: a rule, a definition, a conclusion. */
const EMPHASIS: Record<Lang, RegExp> = {
  en: /\b(?:the rule|rule of thumb|important|key (?:point|takeaway|thing)|remember|in short|in summary|to sum up|the point is|bottom line|(?:is|are|that's|that is) called|means that|most \w+ part)\b/i,
  de: /\b(?:die regel|faustregel|wichtig|merken|kurz gesagt|zusammengefasst|das heißt|nennt man|heißt das|bedeutet|entscheidend)\b/i,
};

/**
 * Sentences with figures, decisions, dates, commitments or emphasis carry what a summary must keep; so
 * does the first sentence of an answer to someone else's question (interviews, calls).
 */
function boost(all: Sentence[], lang: Lang) {
  // The first sentence with some content after a question, from another speaker ('Good question.' skipped).
  const answers = new Set<number>();
  all.forEach((q, i) => {
    if (!isQuestion(q.text)) return;
    for (let j = i + 1; j < all.length && j <= i + 3 && all[j].speaker !== q.speaker && !isQuestion(all[j].text); j++)
      if (contentWords(all[j].text, lang).length >= 3) {
        answers.add(j);
        break;
      }
  });
  return (s: Sentence) => {
    const figures = figuresIn(s.text, lang);
    // A bare reply ('Yes, twice last year.') says little without its question; an amount still counts.
    if (words(s.text).length < 5 && !figures.some((f) => f.kind === 'money' || f.kind === 'percent')) return -0.5;
    return (
      (figures.some((f) => f.kind !== 'date') ? 0.5 : 0) +
      (figures.some((f) => f.kind === 'date') ? 0.4 : 0) +
      (isDecision(s, lang) ? 0.4 : 0) +
      (isActionItem(s, lang) ? 0.3 : 0) +
      (EMPHASIS[lang].test(s.text) ? 0.4 : 0) +
      (answers.has(s.index) ? 0.3 : 0)
    );
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export function bullets(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const count = clamp(Math.ceil(all.length / 2.5), 4, 15);
  const picked = rankSentences(all, { lang, count, boost: boost(all, lang), textOf: (s) => removeFillers(s.text, lang).text });
  return [T[ui].bulletsHeading, ...picked.map((s) => `- ${ts(s.start)} ${clean(s.text, lang)}`)].join('\n');
}

export function keyPoints(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const count = clamp(Math.ceil(all.length / 4), 3, 8);
  const picked = rankSentences(all, { lang, count, boost: boost(all, lang), textOf: (s) => removeFillers(s.text, lang).text });
  const freq = new Map<string, number>();
  const names = new Set(all.map((s) => s.speaker.toLowerCase()));
  for (const s of all) for (const w of topicWords(s.text, lang, names)) freq.set(stem(w), (freq.get(stem(w)) ?? 0) + 1);
  const topics = [...freq.entries()]
    .filter(([, c]) => c > 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => representative(all, w, lang, names));
  const lines = picked.map((s, i) => `${i + 1}. ${ts(s.start)} ${clean(s.text, lang)}`);
  return [T[ui].keyHeading, ...lines, ...(topics.length ? ['', `${T[ui].keywords}: ${topics.join(', ')}`] : [])].join('\n');
}

/** The most common full word behind a stem. */
function representative(all: Sentence[], st: string, lang: Lang, names: ReadonlySet<string>): string {
  const counts = new Map<string, number>();
  for (const s of all) for (const w of topicWords(s.text, lang, names)) if (stem(w) === st) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? st;
}

// --- action items, decisions, people, dates ------------------------------------------------------

function listOf(found: Sentence[], lang: Lang, ui: Lang, heading: string, none: string): string {
  if (found.length === 0) return none;
  return [heading, ...found.map((s) => `- ${ts(s.start)} ${speakerPrefix(s.speaker, ui)}${clean(s.text, lang)}`)].join('\n');
}

/** Each item with its owner and, where said, its due date: '- [01:24] Jana sends … — owner: Jana · due: Thursday'. */
export function actionItemList(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const items: ActionItem[] = actionItems(all, lang);
  if (items.length === 0) return t.noActionItems;
  const line = (i: ActionItem) => {
    const meta = [i.owner ? `${t.owner}: ${i.owner}` : '', i.due ? `${t.due}: ${i.due}` : ''].filter(Boolean).join(' · ');
    return `- ${ts(i.sentence.start)} ${clean(i.text, lang)}${meta ? ` — ${meta}` : ''}`;
  };
  return [t.actionItemsHeading(items.length), ...items.map(line)].join('\n');
}

const NOT_NAMES = new Set(
  'I Okay OK Yes No Hi Hello Thanks Thank Great Sure Right Nice So And But Or Good Sounds Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Action Like Um Uh Today'.split(
    ' ',
  ),
);

/** Speakers with their talk share, and the names the speakers mention. */
export function people(transcript: AiTranscript, all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const talk = new Map<string, number>();
  for (const s of transcript.segments) talk.set(s.speaker, (talk.get(s.speaker) ?? 0) + Math.max(0, s.end - s.start));
  const total = [...talk.values()].reduce((a, b) => a + b, 0);
  const speakers = [...talk.entries()].map(
    ([name, sec]) => `- ${readerSpeakerName(name, ui)}: ${t.talkShare} ${total ? Math.round((sec / total) * 100) : 0} %`,
  );
  // Names: in English capitalised words inside a sentence; in German (where every noun is capitalised)
  // only words after Herr/Frau/Dr. or 'hier ist', and the speakers' names when someone else says them.
  const mentioned = new Map<string, Sentence>();
  for (const s of all) {
    const re =
      lang === 'en'
        ? /(?<=[\p{L},;]\s)(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)/gu
        : /(?<=\b(?:Herr|Frau|Herrn|Dr\.|Prof\.|hier ist|ich bin|mein Name ist|ich heiße)\s)(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)|\b(\p{Lu}\p{Ll}+)(?=\s)/gu;
    for (const m of s.text.matchAll(re)) {
      const name = m[1] ?? m[2];
      if (!name || NOT_NAMES.has(name.split(' ')[0]) || STOP[lang].has(name.toLowerCase())) continue;
      if (lang === 'de' && !m[1] && !(talk.has(name) && name !== s.speaker)) continue;
      if (!mentioned.has(name)) mentioned.set(name, s);
    }
  }
  const names = [...mentioned.entries()].map(([name, s]) => `- ${ts(s.start)} ${name}: “${s.text}”`);
  return [t.peopleHeading, `${t.speakersLabel}:`, ...speakers, ...(names.length ? [`${t.mentionedLabel}:`, ...names] : [])].join('\n');
}

function figureLines(all: Sentence[], lang: Lang, keep: (f: Figure) => boolean): string[] {
  const lines: string[] = [];
  for (const s of all) {
    const found = figuresIn(s.text, lang).filter(keep);
    if (found.length) lines.push(`- ${ts(s.start)} ${found.map((f) => f.text).join('; ')} — “${s.text}”`);
  }
  return lines;
}

export function dates(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const lines = figureLines(all, lang, (f) => f.kind === 'date');
  return lines.length ? [T[ui].datesHeading(lines.length), ...lines].join('\n') : T[ui].noDates;
}

// --- statistics ----------------------------------------------------------------------------------

/** The figures spoken (amounts, percentages, counts, durations, dates) with their sentences, then the recording's own numbers. */
export function statistics(transcript: AiTranscript, all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const segs = transcript.segments;
  const figures = figureLines(all, lang, () => true);
  const count = all.reduce((n, s) => n + figuresIn(s.text, lang).length, 0);
  const names = new Set(segs.map((s) => s.speaker.toLowerCase()));
  const first = segs.length ? Math.min(...segs.map((s) => s.start)) : 0;
  const last = segs.length ? Math.max(...segs.map((s) => s.end)) : 0;
  const duration = transcript.durationSeconds ?? last;
  const wordCount = segs.reduce((n, s) => n + words(s.text).length, 0);
  const spoken = Math.max(0, last - first);
  const wpm = spoken > 0 ? Math.round((wordCount / spoken) * 60) : 0;
  const bySpeaker = new Map<string, { seconds: number; words: number; segments: number }>();
  for (const s of segs) {
    const e = bySpeaker.get(s.speaker) ?? { seconds: 0, words: 0, segments: 0 };
    e.seconds += Math.max(0, s.end - s.start);
    e.words += words(s.text).length;
    e.segments += 1;
    bySpeaker.set(s.speaker, e);
  }
  const talk = [...bySpeaker.values()].reduce((n, e) => n + e.seconds, 0);
  const longest = segs.reduce<StoredSegment | undefined>((a, s) => (!a || s.end - s.start > a.end - a.start ? s : a), undefined);
  const freq = new Map<string, number>();
  for (const s of segs) for (const w of topicWords(s.text, lang, names)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const top = [...freq.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
  const lines = [
    t.statsHeading,
    ...(figures.length ? [t.figuresHeading(count, figures.length), ...figures] : [t.noFigures]),
    '',
    t.recordingHeading,
    `- ${t.duration}: ${formatTimestamp(duration)} (${Math.round(duration)} ${t.seconds})`,
    `- ${t.segments}: ${segs.length}`,
    `- ${t.sentences}: ${all.length}`,
    `- ${t.words}: ${wordCount}`,
    `- ${t.wpm}: ${wpm}`,
    `- ${t.questions}: ${all.filter((s) => isQuestion(s.text)).length}`,
    `- ${t.speakers}: ${bySpeaker.size}`,
    ...[...bySpeaker.entries()].map(
      ([name, e]) =>
        `  - ${readerSpeakerName(name, ui)}: ${t.talkShare} ${talk > 0 ? Math.round((e.seconds / talk) * 100) : 0} % (${Math.round(e.seconds)} ${t.seconds}, ${e.words} ${t.words}, ${e.segments} ${t.segments})`,
    ),
  ];
  if (longest)
    lines.push(
      `- ${t.longest}: [${formatTimestamp(longest.start)}] – [${formatTimestamp(longest.end)}] (${Math.round(longest.end - longest.start)} ${t.seconds})`,
    );
  if (top.length) lines.push(`- ${t.topWords}: ${top.map(([w, n]) => `${w} (${n})`).join(', ')}`);
  return lines.join('\n');
}

// --- free prompts --------------------------------------------------------------------------------

/**
 * A free question answered by the passages that hold the answer (ranked retrieval, local/answer.ts):
 * the value asked for first where the passage holds one ('Jana — [02:14] …'), then up to two more
 * passages. `answered` is false when no passage matches well enough: that answer costs nothing.
 */
export function freePrompt(prompt: string, all: Sentence[], lang: Lang, ui: Lang = lang): { output: string; answered: boolean } {
  const t = T[ui];
  // 'Who is responsible for the contract and what is the proposed budget?': each part answered on its own.
  const parts = prompt.split(/\s*(?:,|\band\b|\bund\b)\s+(?=(?:who|what|when|where|which|how|wer|was|wann|wo|welche\w*|wie)\b)/i);
  const names = peopleIn(all, lang);
  const found = parts.map((part) => answerPassages(part, all, lang, names, parts.length > 1 ? 1 : 3));
  const passages = found.flat();
  if (passages.length === 0) return { output: [t.freeNone, '', t.freeNoCharge, t.freeHint].join('\n'), answered: false };
  const lines = passages.map((p, i) => {
    const reply = p.question ? ` (${p.relation === 'after' ? t.after : t.replyTo} ${ts(p.question.start)} “${p.question.text}”)` : '';
    const quote = `${ts(p.sentence.start)} ${speakerPrefix(p.sentence.speaker, ui)}${p.sentence.text}${reply}`;
    return (i === 0 || parts.length > 1) && p.value ? `${p.value} — ${quote}` : `- ${quote}`;
  });
  return { output: [t.freeHeading, ...lines, '', t.freeHint].join('\n'), answered: true };
}

/** German transcripts get German headings; others the reader's interface language. */
export function answerLanguage(transcript: AiTranscript, ui?: Lang): Lang {
  const lang = detectLanguage(transcript);
  return lang === 'de' ? 'de' : (ui ?? lang);
}

/**
 * An answer that costs nothing: the note for what the engine cannot do (translate, write, invent), and
 * the note that no passage answers a free question. Undefined when the engine can answer (and charges).
 */
export function unsupportedAnswer(prompt: string, transcript: AiTranscript, ui?: Lang): string | undefined {
  const intent = classifyPrompt(prompt);
  if (intent === 'translate' || intent === 'write') return T[answerLanguage(transcript, ui)].unsupported(intent);
  if (intent !== null) return undefined;
  const lang = detectLanguage(transcript);
  const segments = transcriptSegments(transcript);
  if (segments.length === 0) return undefined;
  const answer = freePrompt(prompt, sentences(segments, lang), lang, answerLanguage(transcript, ui));
  return answer.answered ? undefined : answer.output;
}

/**
 * The transcript's segments as the engine reads them. One voice named only by speaker detection
 * ('Speaker 1' on every segment) says nothing about who speaks: it is read as no speaker, so quotes
 * carry no 'Speaker 1: ' and "I" has no owner, as before detection named it.
 */
function transcriptSegments(transcript: AiTranscript): StoredSegment[] {
  if (!transcript.segments.length)
    return transcript.content.trim()
      ? [{ start: 0, end: transcript.durationSeconds ?? 0, text: transcript.content, speaker: UNKNOWN_SPEAKER }]
      : [];
  const speakers = new Set(transcript.segments.map((s) => s.speaker));
  const [only] = speakers;
  return speakers.size === 1 && isDetectedSpeakerName(only)
    ? transcript.segments.map((s) => ({ ...s, speaker: UNKNOWN_SPEAKER }))
    : transcript.segments;
}

/**
 * The answer to a prompt. The transcript's language decides how its text is read (sentences, stop
 * words, fillers) and, for German transcripts, the engine's own words; otherwise they follow `ui`.
 */
export function runLocal(prompt: string, transcript: AiTranscript, ui?: Lang): string {
  const lang = detectLanguage(transcript);
  const say = answerLanguage(transcript, ui);
  const segments = transcriptSegments(transcript);
  if (segments.length === 0) return T[say].empty;
  const all = sentences(segments, lang);
  const intent = classifyPrompt(prompt);
  switch (intent) {
    case 'questions':
      return extractQuestions(all, lang, say);
    case 'faq':
      return faq(all, lang, say);
    case 'fillers':
      return fillers(all, lang, say);
    case 'grammar':
      return grammar(all, lang, say);
    case 'bullets':
      return bullets(all, lang, say);
    case 'keyPoints':
      return keyPoints(all, lang, say);
    case 'emotions':
      return emotions(all, lang, say);
    case 'statistics':
      return statistics({ ...transcript, segments }, all, lang, say);
    case 'actionItems':
      return actionItemList(all, lang, say);
    case 'decisions':
      return listOf(decisions(all, lang), lang, say, T[say].decisionsHeading(decisions(all, lang).length), T[say].noDecisions);
    case 'people':
      return people({ ...transcript, segments }, all, lang, say);
    case 'dates':
      return dates(all, lang, say);
    case 'translate':
    case 'write':
      return T[say].unsupported(intent);
    default:
      return freePrompt(prompt, all, lang, say).output;
  }
}

/** What one local answer is made from (the worker thread's task input). */
export interface LocalAnswerInput {
  mode: 'run' | 'free';
  prompt: string;
  transcript: AiTranscript;
  language?: Lang;
}

/** What the local engine computes, by name: the answer to a prompt, or the free note for one it cannot do. */
export function localAnswer(input: LocalAnswerInput): {
  output: string | null;
} {
  const { mode, prompt, transcript, language } = input;
  return { output: (mode === 'run' ? runLocal(prompt, transcript, language) : unsupportedAnswer(prompt, transcript, language)) ?? null };
}

/**
 * The local engine. Reading a long transcript takes it 60-730 ms (3 hours, measured), so with
 * `offThread` (the server's worker pool, ai/engines/index.ts) each answer is made in a worker thread of
 * its own kind, 503 SERVER_BUSY when their queue is full; without, here (tests of the rules, the
 * quality bench). A function rather than the pool: the pool's task table holds `localAnswer`.
 */
export function createLocalEngine(offThread?: (input: LocalAnswerInput) => Promise<ReturnType<typeof localAnswer>>): AiEngine {
  const answer = async (mode: 'run' | 'free', request: AiRequest) => {
    const input = { mode, prompt: request.prompt, transcript: request.transcript, language: request.language };
    return (offThread ? await offThread(input) : localAnswer(input)).output;
  };
  return {
    kind: 'local',
    async freeAnswer(request: AiRequest): Promise<AiResult | undefined> {
      // A prompt to translate or write gets a free note, and so does a free question no passage answers
      // (null intent: the worker looks for its passages). A default prompt (a list kind) is answered and
      // charged; telling it apart reads the prompt alone.
      const intent = classifyPrompt(request.prompt);
      if (intent !== 'translate' && intent !== 'write' && intent !== null) return undefined;
      const output = await answer('free', request);
      return output === null ? undefined : { output, engine: 'local', model: LOCAL_MODEL };
    },
    async run(request: AiRequest): Promise<AiResult> {
      return { output: (await answer('run', request)) ?? '', engine: 'local', model: LOCAL_MODEL };
    },
  };
}
