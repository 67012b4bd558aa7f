/**
 * Scores AI answers against the hand-written corpus beside this file: per prompt, how many of the listed
 * facts an answer covers and which errors it introduces (cut sentences, broken punctuation, invented
 * numbers or names, fillers left). Pure apart from `loadCorpus`; any engine can be scored through `answer`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredSegment } from '../../src/db/schema.ts';

export interface Keyed {
  keys: string[];
}
export interface CorpusTranscript {
  id: string;
  kind: string;
  language: 'en' | 'de';
  title: string;
  segments: StoredSegment[];
  keyFacts: Array<Keyed & { fact: string }>;
  questions: Array<Keyed & { question: string }>;
  figures: Array<Keyed & { figure: string }>;
  /** Each filler occurrence with the words around it (lower case, no punctuation). */
  fillers: Array<{ filler: string; context: string }>;
  /** Phrases that look like fillers but are not (the verb 'like'): they must stay. */
  keep: string[];
  actionItems: Array<Keyed & { item: string }>;
  decisions: Array<Keyed & { decision: string }>;
}

export function loadCorpus(dir = import.meta.dirname): CorpusTranscript[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusTranscript);
}

export function corpusTranscript(t: CorpusTranscript) {
  return {
    title: t.title,
    language: t.language,
    content: t.segments.map((s) => s.text).join(' '),
    segments: t.segments,
    durationSeconds: t.segments.at(-1)?.end ?? 0,
  };
}

// --- text helpers ------------------------------------------------------------------------------

const TIME = /\[\d{1,2}:\d{2}(?::\d{2})?\]/g;
const CONTENT_LINE = /^\s*(?:[-*•]|\d+\.|[QFA]:)?\s*\[\d{1,2}:\d{2}(?::\d{2})?\]/u;

/** The answer's lines that carry transcript text (they start with a time), without times and speaker labels. */
export function contentLines(output: string, speakers: string[]): string[] {
  return output
    .split('\n')
    .filter((l) => CONTENT_LINE.test(l))
    .map((l) => {
      let s = l.replace(/^\s*(?:[-*•]|\d+\.|[QFA]:)?\s*/u, '').replace(TIME, ' ');
      s = s.replace(/\s*[–-]\s*(?=\[|$)/g, ' ').trim();
      for (const sp of speakers) if (s.startsWith(`${sp}: `)) s = s.slice(sp.length + 2);
      return s.trim();
    });
}

/** Lower case, one space, '3%' and '3 %' alike, typographic spaces and apostrophes as plain ones. */
export const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/’/g, "'")
    .replace(/\s*%/g, ' %')
    .replace(/\s+/g, ' ')
    .trim();

const wordsOf = (s: string) => norm(s).match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu) ?? [];
/** Words only, punctuation dropped: how filler contexts and kept phrases are compared. */
const plain = (s: string) => (norm(s).match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).join(' ');

export function hasKey(text: string, key: string): boolean {
  const k = norm(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${k}(?![\\p{L}\\p{N}])`, 'u').test(norm(text));
}
export const covers = (text: string, item: Keyed) => item.keys.every((k) => hasKey(text, k));

const MONTHS =
  'Januar|January|Februar|February|März|March|April|Mai|May|Juni|June|Juli|July|August|September|Oktober|October|November|Dezember|December';
/** Sentences: split after . ! ? … but not inside 'am 1. April', 'a.m. and' or after a lone letter ('Mr. T.'). */
export function splitSentences(text: string): string[] {
  return text
    .split(new RegExp(`(?<=(?<!\\b\\p{L})[.!?…]["”»]?)\\s+(?!\\p{Ll}|(?<=\\d\\.\\s+)(?:${MONTHS})\\b)`, 'u'))
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length > 0);
}

// --- errors --------------------------------------------------------------------------------------

/** An output sentence whose words are a strict beginning of a source sentence: it stops mid-clause. */
export function cutSentences(content: string[], source: string): string[] {
  const raw = splitSentences(source).map((s) => s.replace(/[“”"»«]/g, ''));
  const src = raw.map(wordsOf);
  const cut: string[] = [];
  for (const line of content) {
    for (const sentence of splitSentences(line.replace(/[“”"»«]/g, ''))) {
      const w = wordsOf(sentence).map((x) => x.replace(/[.,]$/, ''));
      if (w.length < 2) continue;
      const whole = src.some((s) => s.length === w.length && s.every((x, i) => x.replace(/[.,]$/, '') === w[i]));
      if (whole) continue;
      // A whole clause before ', and' / ', und' / ';' is a complete item of a list, not a cut sentence.
      const clause = (k: number) => new RegExp(`^\\W*(?:\\S+\\s+){${w.length - 1}}\\S+?(?:,\\s*(?:and|und)\\b|;)`, 'u').test(raw[k]);
      const prefix = src.some((s, k) => s.length > w.length && w.every((x, i) => s[i].replace(/[.,]$/, '') === x) && !clause(k));
      if (prefix) cut.push(sentence);
    }
  }
  return cut;
}

const PUNCT_ERRORS: RegExp[] = [
  /\b(?:the|a|an|and|or|to|of|in|for|with|at|der|die|das|den|dem|und|oder|zu|mit|für|am)[.!?](?=\s|$)/giu,
  /[,;:][.!?]/g,
  /\s[,.;:!?](?!\d)/g,
  /([,;:!?])\1|(?<!\.)\.\.(?!\.)/g,
  /^[,.;:!?]/g,
];

/** Broken punctuation in the answer that the source does not have at the same place. */
export function brokenPunctuation(content: string[], source: string): string[] {
  const src = norm(source);
  const found: string[] = [];
  for (const line of content) {
    for (const re of PUNCT_ERRORS) {
      for (const m of line.matchAll(re)) {
        const at = m.index ?? 0;
        const window = norm(line.slice(Math.max(0, at - 12), at + m[0].length));
        if (!src.includes(window)) found.push(window);
      }
    }
  }
  return found;
}

/** Numbers that the source never says, and capitalised words (names) that it never uses. */
export function invented(content: string[], source: string, speakers: string[]): string[] {
  const srcNumbers = new Set(source.match(/\d+(?:[.,]\d+)*/g) ?? []);
  const srcWords = new Set([...wordsOf(source), ...speakers.flatMap(wordsOf)].map((w) => w.replace(/[.,]$/, '')));
  const out: string[] = [];
  for (const line of content) {
    for (const n of line.match(/\d+(?:[.,]\d+)*/g) ?? []) if (!srcNumbers.has(n.replace(/[.,]$/, ''))) out.push(n);
    for (const m of line.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’-]*/gu))
      if (!srcWords.has(m[0].toLowerCase().replace(/['’]s$/, '')) && !srcWords.has(m[0].toLowerCase())) out.push(m[0]);
  }
  return out;
}

// --- scoring -------------------------------------------------------------------------------------

export type Metric = 'keyFacts' | 'figures' | 'questions' | 'actionItems' | 'decisions' | null;

/** Which listed facts a default prompt is judged on. */
export const metricOf: Record<string, Metric> = {
  bullets: 'keyFacts',
  keyPoints: 'keyFacts',
  statistics: 'figures',
  questions: 'questions',
  faq: 'questions',
  actionItems: 'actionItems',
  decisions: 'decisions',
  grammar: null,
  emotions: null,
  fillers: null,
};

export interface TranscriptScore {
  transcript: string;
  language: 'en' | 'de';
  covered: number;
  total: number;
  missed: string[];
  cut: string[];
  punctuation: string[];
  invented: string[];
  fillersLeft: string[];
  keptLost: string[];
  ms: number;
}
export interface PromptScore {
  kind: string;
  prompt: string;
  metric: Metric;
  transcripts: TranscriptScore[];
}

export function scoreAnswer(kind: string, output: string, t: CorpusTranscript, ms = 0): TranscriptScore {
  const speakers = [...new Set(t.segments.map((s) => s.speaker))];
  const source = t.segments.map((s) => s.text).join(' ');
  const content = contentLines(output, speakers);
  const metric = metricOf[kind] ?? null;
  const items: Keyed[] = metric ? (t[metric] as Keyed[]) : [];
  // Statistics: a figure counts only when listed as an item, not because its sentence is quoted.
  const judged = (kind === 'statistics' ? content.map((l) => l.replace(/“[^”]*”/g, ' ')) : content).join('\n');
  const missed = items.filter((i) => !covers(judged, i));
  const joinedPlain = ` ${plain(content.join(' '))} `;
  const isFillers = kind === 'fillers';
  return {
    transcript: t.id,
    language: t.language,
    covered: items.length - missed.length,
    total: items.length,
    missed: missed.map((i) => i.keys.join(' + ')),
    cut: cutSentences(content, source),
    punctuation: brokenPunctuation(content, source),
    invented: invented(content, source, speakers),
    fillersLeft: isFillers ? t.fillers.filter((f) => joinedPlain.includes(` ${f.context} `)).map((f) => f.context) : [],
    keptLost: isFillers ? t.keep.filter((k) => !joinedPlain.includes(` ${k} `)) : [],
    ms,
  };
}

export function scoreCorpus(
  prompts: ReadonlyArray<{ kind: string; prompt: string }>,
  corpus: CorpusTranscript[],
  answer: (prompt: string, transcript: ReturnType<typeof corpusTranscript>) => string,
): PromptScore[] {
  return prompts.map((p) => ({
    kind: p.kind,
    prompt: p.prompt,
    metric: metricOf[p.kind] ?? null,
    transcripts: corpus.map((t) => {
      const t0 = performance.now();
      const output = answer(p.prompt, corpusTranscript(t));
      return scoreAnswer(p.kind, output, t, performance.now() - t0);
    }),
  }));
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${Math.round((a / b) * 100)} %`);

/** One row per prompt: coverage overall and its lowest value on one English transcript, and error counts. */
export function formatScores(scores: PromptScore[]): string {
  const rows = [['prompt', 'facts', 'coverage', 'min EN', 'cut', 'punct.', 'invented', 'fillers left', 'kept lost', 'ms']];
  for (const p of scores) {
    const sum = (f: (t: TranscriptScore) => number) => p.transcripts.reduce((n, t) => n + f(t), 0);
    const en = p.transcripts.filter((t) => t.language === 'en' && t.total > 0);
    const minEn = en.length ? Math.min(...en.map((t) => t.covered / t.total)) : NaN;
    rows.push([
      p.kind,
      p.metric ?? '–',
      pct(
        sum((t) => t.covered),
        sum((t) => t.total),
      ),
      Number.isNaN(minEn) ? '–' : `${Math.round(minEn * 100)} %`,
      String(sum((t) => t.cut.length)),
      String(sum((t) => t.punctuation.length)),
      String(sum((t) => t.invented.length)),
      p.kind === 'fillers' ? String(sum((t) => t.fillersLeft.length)) : '–',
      p.kind === 'fillers' ? String(sum((t) => t.keptLost.length)) : '–',
      sum((t) => t.ms).toFixed(1),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ')).join('\n');
}

/** What each prompt missed or broke, transcript by transcript (only the non-empty entries). */
export function formatDetails(scores: PromptScore[]): string {
  const lines: string[] = [];
  for (const p of scores)
    for (const t of p.transcripts) {
      const parts = [
        t.missed.length ? `missed: ${t.missed.join('; ')}` : '',
        t.cut.length ? `cut: ${t.cut.join(' | ')}` : '',
        t.punctuation.length ? `punct.: ${t.punctuation.join(' | ')}` : '',
        t.invented.length ? `invented: ${t.invented.join(', ')}` : '',
        t.fillersLeft.length ? `fillers left: ${t.fillersLeft.join('; ')}` : '',
        t.keptLost.length ? `kept lost: ${t.keptLost.join('; ')}` : '',
      ].filter(Boolean);
      if (parts.length) lines.push(`${p.kind} / ${t.transcript}: ${parts.join(' · ')}`);
    }
  return lines.join('\n');
}
