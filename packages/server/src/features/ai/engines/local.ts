/**
 * The built-in rule-based engine (docs/decisions.md): answers the eight default prompts in English and
 * German from the transcript's own sentences and segment times. It never pretends to be a language
 * model: free prompts get the most relevant passages, labelled as such, and a hint about providers.
 */
import type { DefaultPromptKind } from '@scribe/api-client';
import { deu, eng } from 'stopword';
import type { StoredSegment } from '../../../db/schema.ts';
import { formatTimestamp, type AiEngine, type AiRequest, type AiResult, type AiTranscript } from './types.ts';

export type Lang = 'en' | 'de';

export const LOCAL_MODEL = 'rule-based';
/** The engines' word for no speaker (docs/decisions.md); shown in the reader's language. */
const UNKNOWN_SPEAKER = 'Unknown Speaker';

export interface Sentence {
  text: string;
  start: number;
  speaker: string;
  /** Index in the sentence list. */
  index: number;
}

const STOP: Record<Lang, Set<string>> = {
  en: new Set(eng.map((w) => w.toLowerCase())),
  de: new Set(deu.map((w) => w.toLowerCase())),
};

/** Filler words removed by 'Remove filler words' (only sounds with no meaning, nothing else). */
export const FILLERS: Record<Lang, string[]> = {
  en: ['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'hmm', 'hm', 'mhm', 'ah'],
  de: ['ähm', 'äh', 'ähh', 'öhm', 'öh', 'hm', 'hmm', 'mhm', 'ähem', 'em', 'ehm'],
};

/** Which default prompt a prompt text asks for (English or German wording), or null for a free prompt. */
export function classifyPrompt(prompt: string): DefaultPromptKind | null {
  const p = prompt.toLowerCase();
  const rules: Array<[DefaultPromptKind, RegExp]> = [
    ['faq', /\bfaq\b|frequently asked|häufig gestellte/],
    ['fillers', /filler|füllw/],
    ['statistics', /statistic|statistik/],
    ['emotions', /emotion|feeling|gefühl|stimmung/],
    ['grammar', /grammar|punctuation|grammatik|zeichensetzung|rechtschreibung/],
    ['questions', /question|\bfragen\b/],
    ['keyPoints', /key ?points?|kernpunkt|kernaussage|wichtigste/],
    ['bullets', /bullet|stichpunkt|aufzählung/],
  ];
  for (const [kind, re] of rules) if (re.test(p)) return kind;
  return null;
}

const WORD_RE = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
export const words = (text: string): string[] => text.match(WORD_RE) ?? [];

/** English or German: the transcript's language when known, else whichever stop words dominate. */
export function detectLanguage(t: Pick<AiTranscript, 'language' | 'content' | 'segments'>): Lang {
  if (t.language?.toLowerCase().startsWith('de')) return 'de';
  if (t.language?.toLowerCase().startsWith('en')) return 'en';
  const text = t.content || t.segments.map((s) => s.text).join(' ');
  let en = 0;
  let de = 0;
  for (const w of words(text.toLowerCase()).slice(0, 2000)) {
    if (STOP.en.has(w)) en++;
    if (STOP.de.has(w)) de++;
  }
  return de > en ? 'de' : 'en';
}

/** Sentences of every segment (Intl.Segmenter), each with its segment's start time and speaker. */
export function sentences(segments: StoredSegment[], lang: Lang): Sentence[] {
  const seg = new Intl.Segmenter(lang, { granularity: 'sentence' });
  const out: Sentence[] = [];
  for (const s of segments) {
    for (const part of seg.segment(s.text)) {
      const text = part.segment.trim();
      if (words(text).length === 0) continue;
      out.push({ text, start: s.start, speaker: s.speaker, index: out.length });
    }
  }
  return out;
}

const T = {
  en: {
    noQuestions: 'No questions were found in the transcript.',
    questionsHeading: (n: number) => `Questions asked in the transcript (${n}):`,
    faqHeading: 'Frequently asked questions, answered from the transcript:',
    q: 'Q',
    a: 'A',
    noAnswer: '(no answer follows in the transcript)',
    noFaq: 'No questions were found in the transcript, so no FAQ could be made from it.',
    fillersHeading: 'Transcript without filler words:',
    fillersRemoved: (n: number, list: string) => (n ? `Removed ${n} filler words (${list}).` : 'No filler words were found.'),
    grammarHeading: 'Transcript with corrected capitalisation and punctuation:',
    grammarNote:
      'Rule-based corrections only (sentence capitals, end punctuation, spacing, repeated words). Deeper grammar fixes need an AI provider.',
    bulletsHeading: 'Summary as bullet points (one per part of the recording, in the speakers\u2019 own words):',
    keyHeading: 'Key points (the sentences that carry the most frequent topics):',
    keywords: 'Topics',
    emotionsHeading: 'Emotions expressed in the transcript (word lexicon, with the quoted evidence):',
    noEmotions: 'No clearly emotional wording was found in the transcript.',
    overall: 'Overall tone',
    tone: { positive: 'mostly positive', negative: 'mostly negative', mixed: 'mixed', neutral: 'neutral' },
    emotions: { joy: 'Joy', gratitude: 'Gratitude', sadness: 'Sadness', anger: 'Anger', fear: 'Fear', surprise: 'Surprise' },
    statsHeading: 'Statistics of the transcript:',
    duration: 'Duration',
    segments: 'Segments',
    sentences: 'Sentences',
    words: 'Words',
    wpm: 'Words per minute',
    questions: 'Questions',
    speakers: 'Speakers',
    talkShare: 'Talk share',
    longest: 'Longest segment',
    topWords: 'Most frequent words',
    seconds: 's',
    freeHeading: 'Most relevant passages of the transcript for your prompt (found by matching words):',
    freeNone: 'No passage of the transcript matches the words of your prompt.',
    freeHint:
      'Note: this is the built-in rule-based engine, not a language model. It answers the default prompts and shows matching passages for other prompts. For full answers, ask your administrator to connect an AI provider.',
    empty: 'The transcript has no text to work on.',
    unknownSpeaker: 'Unknown Speaker',
  },
  de: {
    noQuestions: 'Im Transkript wurden keine Fragen gefunden.',
    questionsHeading: (n: number) => `Im Transkript gestellte Fragen (${n}):`,
    faqHeading: 'Häufig gestellte Fragen, beantwortet aus dem Transkript:',
    q: 'F',
    a: 'A',
    noAnswer: '(im Transkript folgt keine Antwort)',
    noFaq: 'Im Transkript wurden keine Fragen gefunden, daher ließ sich keine FAQ erstellen.',
    fillersHeading: 'Transkript ohne Füllwörter:',
    fillersRemoved: (n: number, list: string) => (n ? `${n} Füllwörter entfernt (${list}).` : 'Es wurden keine Füllwörter gefunden.'),
    grammarHeading: 'Transkript mit korrigierter Groß-/Kleinschreibung und Zeichensetzung:',
    grammarNote:
      'Nur regelbasierte Korrekturen (Satzanfänge, Satzzeichen am Ende, Leerzeichen, doppelte Wörter). Für weitergehende Grammatik wird ein KI-Anbieter benötigt.',
    bulletsHeading: 'Zusammenfassung in Stichpunkten (einer je Abschnitt der Aufnahme, in den Worten der Sprecher):',
    keyHeading: 'Kernpunkte (die Sätze mit den häufigsten Themen):',
    keywords: 'Themen',
    emotionsHeading: 'Im Transkript ausgedrückte Emotionen (Wortlexikon, mit Belegstellen):',
    noEmotions: 'Im Transkript wurden keine deutlich emotionalen Formulierungen gefunden.',
    overall: 'Gesamtstimmung',
    tone: { positive: 'überwiegend positiv', negative: 'überwiegend negativ', mixed: 'gemischt', neutral: 'neutral' },
    emotions: { joy: 'Freude', gratitude: 'Dankbarkeit', sadness: 'Traurigkeit', anger: 'Ärger', fear: 'Angst', surprise: 'Überraschung' },
    statsHeading: 'Statistik des Transkripts:',
    duration: 'Dauer',
    segments: 'Segmente',
    sentences: 'Sätze',
    words: 'Wörter',
    wpm: 'Wörter pro Minute',
    questions: 'Fragen',
    speakers: 'Sprecher',
    talkShare: 'Redeanteil',
    longest: 'Längstes Segment',
    topWords: 'Häufigste Wörter',
    seconds: 's',
    freeHeading: 'Die relevantesten Stellen des Transkripts zu Ihrem Prompt (gefunden über gemeinsame Wörter):',
    freeNone: 'Keine Stelle des Transkripts passt zu den Wörtern Ihres Prompts.',
    freeHint:
      'Hinweis: Dies ist die eingebaute regelbasierte Engine, kein Sprachmodell. Sie beantwortet die Standard-Prompts und zeigt für andere Prompts passende Stellen. Für vollständige Antworten bitten Sie Ihren Administrator, einen KI-Anbieter anzubinden.',
    empty: 'Das Transkript enthält keinen Text.',
    unknownSpeaker: 'Unbekannter Sprecher',
  },
} as const;

const ts = (seconds: number) => `[${formatTimestamp(seconds)}]`;
const isQuestion = (s: string) => /[?¿]["'»«“”)]*$/.test(s.trim());

function contentWords(text: string, lang: Lang): string[] {
  return words(text.toLowerCase()).filter((w) => w.length > 2 && !STOP[lang].has(w) && !/^\d+$/.test(w));
}

/** A crude stem so 'meeting' and 'meetings' count together (first 6 letters). */
const stem = (w: string) => w.slice(0, 6);

function frequencies(all: Sentence[], lang: Lang): Map<string, number> {
  const freq = new Map<string, number>();
  for (const s of all) for (const w of contentWords(s.text, lang)) freq.set(stem(w), (freq.get(stem(w)) ?? 0) + 1);
  return freq;
}

function score(s: Sentence, freq: Map<string, number>, lang: Lang): number {
  const cw = contentWords(s.text, lang);
  if (cw.length < 3) return 0;
  const total = cw.reduce((sum, w) => sum + (freq.get(stem(w)) ?? 0), 0);
  return total / Math.sqrt(cw.length);
}

// --- the eight default prompts -------------------------------------------------------------------

export function extractQuestions(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const qs = all.filter((s) => isQuestion(s.text));
  if (qs.length === 0) return T[ui].noQuestions;
  return [T[ui].questionsHeading(qs.length), ...qs.map((q) => `- ${ts(q.start)} ${q.text}`)].join('\n');
}

export function faq(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const blocks: string[] = [];
  all.forEach((s, i) => {
    if (!isQuestion(s.text)) return;
    const answer: Sentence[] = [];
    for (let j = i + 1; j < all.length && answer.length < 3; j++) {
      if (isQuestion(all[j].text)) break;
      answer.push(all[j]);
    }
    const a = answer.length ? `${ts(answer[0].start)} ${answer.map((x) => x.text).join(' ')}` : t.noAnswer;
    blocks.push(`${t.q}: ${ts(s.start)} ${s.text}\n${t.a}: ${a}`);
  });
  if (blocks.length === 0) return t.noFaq;
  return [t.faqHeading, ...blocks].join('\n\n');
}

/** Removes filler sounds (and a comma that only framed them); every other word stays as it was. */
export function removeFillerWords(text: string, lang: Lang): { text: string; removed: string[] } {
  const fillers = new Set(FILLERS[lang]);
  const removed: string[] = [];
  // Tokens keep their trailing punctuation; a filler token is a filler word with optional , . ! ? …
  const tokens = text.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const token of tokens) {
    const m = /^([\p{L}]+)([,.;:!?…]*)$/u.exec(token);
    if (m && fillers.has(m[1].toLowerCase())) {
      removed.push(m[1].toLowerCase());
      // Keep sentence-ending punctuation on the previous word; drop a bare comma.
      const end = m[2].replace(/[,;:]/g, '');
      if (end && kept.length) kept[kept.length - 1] = kept[kept.length - 1].replace(/[,;:]$/, '') + end;
      continue;
    }
    kept.push(token);
  }
  let out = kept.join(' ');
  // A sentence that began with a filler now begins lower-case: capitalise it again.
  out = out.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, p: string, c: string) => p + c.toUpperCase());
  return { text: out, removed };
}

function speakerPrefix(seg: StoredSegment): string {
  return seg.speaker && seg.speaker !== UNKNOWN_SPEAKER ? `${seg.speaker}: ` : '';
}

export function fillers(segments: StoredSegment[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const lines: string[] = [];
  const counts = new Map<string, number>();
  for (const seg of segments) {
    const r = removeFillerWords(seg.text, lang);
    for (const w of r.removed) counts.set(w, (counts.get(w) ?? 0) + 1);
    if (r.text.trim()) lines.push(`${ts(seg.start)} ${speakerPrefix(seg)}${r.text}`);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const list = [...counts.entries()].map(([w, n]) => `${w} ×${n}`).join(', ');
  return [t.fillersHeading, ...lines, '', t.fillersRemoved(total, list)].join('\n');
}

/** Capitals at sentence starts, spacing around punctuation, doubled words, end punctuation. */
export function correctText(text: string, lang: Lang): string {
  let s = text.replace(/\s+/g, ' ').trim();
  s = s.replace(/\s+([,.;:!?])/g, '$1');
  s = s.replace(/([,;:!?])(?=[\p{L}])/gu, '$1 ');
  s = s.replace(/\.(?=\p{Lu}\p{Ll})/gu, '. ');
  s = s.replace(/\b(\p{L}+)(\s+\1\b)+/giu, '$1');
  if (lang === 'en') s = s.replace(/\bi\b(?=[\s'’,.!?]|$)/g, 'I');
  s = s.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, p: string, c: string) => p + c.toUpperCase());
  if (s && !/[.!?…"“”»]$/.test(s)) s += '.';
  return s;
}

export function grammar(segments: StoredSegment[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const lines = segments.filter((s) => s.text.trim()).map((s) => `${ts(s.start)} ${speakerPrefix(s)}${correctText(s.text, lang)}`);
  return [t.grammarHeading, ...lines, '', t.grammarNote].join('\n');
}

function topSentences(pool: Sentence[], freq: Map<string, number>, lang: Lang, n: number): Sentence[] {
  return pool
    .map((s) => ({ s, v: score(s, freq, lang) }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v || a.s.index - b.s.index)
    .slice(0, n)
    .map((x) => x.s)
    .sort((a, b) => a.index - b.index);
}

export function bullets(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const freq = frequencies(all, lang);
  const parts = Math.min(8, Math.max(1, Math.ceil(all.length / 6)));
  const size = Math.ceil(all.length / parts);
  const picked: Sentence[] = [];
  for (let p = 0; p < parts; p++) {
    const chunk = all.slice(p * size, (p + 1) * size).filter((s) => !isQuestion(s.text));
    const [best] = topSentences(chunk, freq, lang, 1);
    if (best) picked.push(best);
  }
  if (picked.length === 0) picked.push(...all.slice(0, 3));
  return [T[ui].bulletsHeading, ...picked.map((s) => `- ${ts(s.start)} ${s.text}`)].join('\n');
}

export function keyPoints(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const freq = frequencies(all, lang);
  const n = Math.min(7, Math.max(3, Math.ceil(all.length / 5)));
  const picked = topSentences(all, freq, lang, n);
  const topics = [...frequencies(all, lang).entries()]
    .filter(([, c]) => c > 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => representative(all, w, lang));
  const lines = (picked.length ? picked : all.slice(0, 3)).map((s, i) => `${i + 1}. ${ts(s.start)} ${s.text}`);
  return [T[ui].keyHeading, ...lines, ...(topics.length ? ['', `${T[ui].keywords}: ${topics.join(', ')}`] : [])].join('\n');
}

/** The most common full word behind a stem. */
function representative(all: Sentence[], st: string, lang: Lang): string {
  const counts = new Map<string, number>();
  for (const s of all) for (const w of contentWords(s.text, lang)) if (stem(w) === st) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? st;
}

type Emotion = 'joy' | 'gratitude' | 'sadness' | 'anger' | 'fear' | 'surprise';
/** Word stems per emotion (matched at word starts), English and German. */
const EMOTION_LEXICON: Record<Lang, Record<Emotion, string[]>> = {
  en: {
    joy: [
      'happy',
      'happi',
      'glad',
      'joy',
      'delight',
      'love',
      'loving',
      'wonderful',
      'great',
      'excit',
      'enjoy',
      'pleas',
      'fantastic',
      'amazing',
      'proud',
      'cheer',
      'fun',
    ],
    gratitude: ['thank', 'grateful', 'gratitude', 'appreciat'],
    sadness: [
      'sad',
      'unhappy',
      'sorrow',
      'miss',
      'lonely',
      'disappoint',
      'depress',
      'grief',
      'griev',
      'cry',
      'tears',
      'regret',
      'unfortunate',
    ],
    anger: ['angry', 'anger', 'furious', 'annoy', 'frustrat', 'hate', 'outrag', 'mad', 'irritat', 'upset'],
    fear: ['afraid', 'fear', 'scared', 'worr', 'anxious', 'anxiety', 'nervous', 'panic', 'terrif', 'concern'],
    surprise: ['surpris', 'amaz', 'astonish', 'unexpected', 'shock', 'wow'],
  },
  de: {
    joy: [
      'freu',
      'glücklich',
      'froh',
      'toll',
      'wunderbar',
      'super',
      'liebe',
      'begeister',
      'spaß',
      'schön',
      'stolz',
      'großartig',
      'fantastisch',
    ],
    gratitude: ['dank', 'dankbar'],
    sadness: ['traurig', 'trauer', 'vermiss', 'einsam', 'enttäusch', 'leider', 'schade', 'weinen', 'bedauer'],
    anger: ['wütend', 'wut', 'ärger', 'sauer', 'hass', 'frustrier', 'empör', 'genervt', 'nervt'],
    fear: ['angst', 'ängst', 'sorge', 'besorg', 'fürcht', 'befürcht', 'nervös', 'panik', 'beunruhig'],
    surprise: ['überrasch', 'erstaun', 'unerwartet', 'schock', 'verblüff'],
  },
};
const NEGATIONS: Record<Lang, Set<string>> = {
  en: new Set(['not', "don't", 'never', 'no', "isn't", "wasn't", "aren't", "didn't"]),
  de: new Set(['nicht', 'nie', 'kein', 'keine', 'keinen', 'niemals']),
};

export function emotions(all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const found = new Map<Emotion, Array<{ s: Sentence; word: string }>>();
  for (const s of all) {
    const ws = words(s.text.toLowerCase());
    ws.forEach((w, i) => {
      if (i > 0 && NEGATIONS[lang].has(ws[i - 1])) return;
      for (const [emotion, stems] of Object.entries(EMOTION_LEXICON[lang]) as Array<[Emotion, string[]]>) {
        // Short stems ('sad', 'mad') only as whole words.
        if (!stems.some((st) => (st.length >= 4 ? w.startsWith(st) : w === st))) continue;
        const list = found.get(emotion) ?? [];
        if (!list.some((x) => x.s === s)) list.push({ s, word: w });
        found.set(emotion, list);
      }
    });
  }
  if (found.size === 0) return t.noEmotions;
  const order = [...found.entries()].sort((a, b) => b[1].length - a[1].length);
  const positive = (found.get('joy')?.length ?? 0) + (found.get('gratitude')?.length ?? 0);
  const negative = (found.get('sadness')?.length ?? 0) + (found.get('anger')?.length ?? 0) + (found.get('fear')?.length ?? 0);
  const tone =
    positive === 0 && negative === 0
      ? t.tone.neutral
      : positive >= 2 * negative
        ? t.tone.positive
        : negative >= 2 * positive
          ? t.tone.negative
          : t.tone.mixed;
  const blocks = order.map(([emotion, list]) =>
    [`${t.emotions[emotion]} (${list.length}):`, ...list.slice(0, 5).map(({ s, word }) => `- ${ts(s.start)} “${s.text}” (${word})`)].join(
      '\n',
    ),
  );
  return [t.emotionsHeading, '', ...blocks.flatMap((b) => [b, '']), `${t.overall}: ${tone}`].join('\n');
}

function mmss(seconds: number): string {
  return formatTimestamp(seconds);
}

export function statistics(transcript: AiTranscript, all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const segs = transcript.segments;
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
  for (const s of segs) for (const w of contentWords(s.text, lang)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const top = [...freq.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
  const lines = [
    t.statsHeading,
    `- ${t.duration}: ${mmss(duration)} (${Math.round(duration)} ${t.seconds})`,
    `- ${t.segments}: ${segs.length}`,
    `- ${t.sentences}: ${all.length}`,
    `- ${t.words}: ${wordCount}`,
    `- ${t.wpm}: ${wpm}`,
    `- ${t.questions}: ${all.filter((s) => isQuestion(s.text)).length}`,
    `- ${t.speakers}: ${bySpeaker.size}`,
    ...[...bySpeaker.entries()].map(
      ([name, e]) =>
        `  - ${name && name !== UNKNOWN_SPEAKER ? name : t.unknownSpeaker}: ${t.talkShare} ${talk > 0 ? Math.round((e.seconds / talk) * 100) : 0} % (${Math.round(e.seconds)} ${t.seconds}, ${e.words} ${t.words}, ${e.segments} ${t.segments})`,
    ),
  ];
  if (longest)
    lines.push(
      `- ${t.longest}: [${mmss(longest.start)}] – [${mmss(longest.end)}] (${Math.round(longest.end - longest.start)} ${t.seconds})`,
    );
  if (top.length) lines.push(`- ${t.topWords}: ${top.map(([w, n]) => `${w} (${n})`).join(', ')}`);
  return lines.join('\n');
}

export function freePrompt(prompt: string, all: Sentence[], lang: Lang, ui: Lang = lang): string {
  const t = T[ui];
  const promptLang = detectLanguage({ language: null, content: prompt, segments: [] });
  const terms = new Set([...contentWords(prompt, lang), ...contentWords(prompt, promptLang)].map(stem));
  const ranked = all
    .map((s) => {
      const cw = contentWords(s.text, lang).map(stem);
      const hits = new Set(cw.filter((w) => terms.has(w)));
      return { s, v: hits.size + hits.size / Math.max(1, cw.length) };
    })
    .filter((x) => x.v >= 1)
    .sort((a, b) => b.v - a.v || a.s.index - b.s.index)
    .slice(0, 5)
    .map((x) => x.s)
    .sort((a, b) => a.index - b.index);
  const body = ranked.length ? [t.freeHeading, ...ranked.map((s) => `- ${ts(s.start)} ${s.text}`)] : [t.freeNone];
  return [...body, '', t.freeHint].join('\n');
}

/**
 * The answer to a prompt. The transcript's language decides how its text is read (sentences, stop
 * words, fillers); `ui`, the reader's interface language, decides the engine's own headings and notes.
 */
export function runLocal(prompt: string, transcript: AiTranscript, ui?: Lang): string {
  const lang = detectLanguage(transcript);
  const say: Lang = ui ?? lang;
  const segments = transcript.segments.length
    ? transcript.segments
    : transcript.content.trim()
      ? [{ start: 0, end: transcript.durationSeconds ?? 0, text: transcript.content, speaker: UNKNOWN_SPEAKER }]
      : [];
  if (segments.length === 0) return T[say].empty;
  const all = sentences(segments, lang);
  switch (classifyPrompt(prompt)) {
    case 'questions':
      return extractQuestions(all, lang, say);
    case 'faq':
      return faq(all, lang, say);
    case 'fillers':
      return fillers(segments, lang, say);
    case 'grammar':
      return grammar(segments, lang, say);
    case 'bullets':
      return bullets(all, lang, say);
    case 'keyPoints':
      return keyPoints(all, lang, say);
    case 'emotions':
      return emotions(all, lang, say);
    case 'statistics':
      return statistics({ ...transcript, segments }, all, lang, say);
    default:
      return freePrompt(prompt, all, lang, say);
  }
}

export function createLocalEngine(): AiEngine {
  return {
    kind: 'local',
    async run(request: AiRequest): Promise<AiResult> {
      return { output: runLocal(request.prompt, request.transcript, request.language), engine: 'local', model: LOCAL_MODEL };
    },
  };
}
