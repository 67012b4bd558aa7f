// Words, stop words, language and sentences for the built-in engine. Sentences are rebuilt across
// segment boundaries: a transcriber cuts segments by time, not by grammar, so a sentence may run over
// two or more segments; each sentence keeps the start of the segment it begins in.
import { deu, eng } from 'stopword';
import type { StoredSegment } from '../../../../db/schema.ts';

export type Lang = 'en' | 'de';

export interface Sentence {
  text: string;
  /** Start of the segment the sentence begins in (seconds). */
  start: number;
  speaker: string;
  /** Index in the sentence list. */
  index: number;
  /** True when the sentence begins a segment (a paragraph may start there). */
  startsSegment: boolean;
}

export const STOP: Record<Lang, Set<string>> = {
  en: new Set(eng.map((w) => w.toLowerCase())),
  de: new Set(deu.map((w) => w.toLowerCase())),
};

const WORD_RE = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
export const words = (text: string): string[] => text.match(WORD_RE) ?? [];

/** English or German: the transcript's language when known, else whichever stop words dominate. */
export function detectLanguage(t: { language: string | null; content: string; segments: StoredSegment[] }): Lang {
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

export const isQuestion = (s: string) => /[?¿]["'»«“”)]*$/.test(s.trim());
/** Ends like a finished sentence (. ! ? … possibly inside closing quotes). */
export const isFinished = (s: string) => /[.!?…]["'»«“”)]*$/.test(s.trim());

export function contentWords(text: string, lang: Lang): string[] {
  return words(text.toLowerCase()).filter((w) => w.length > 2 && !STOP[lang].has(w) && !/^\d+$/.test(w));
}

/**
 * Words that are frequent in speech but name no topic ('know', 'think', 'next', 'ähm'): never shown as
 * a topic or a most frequent word.
 */
const NOT_TOPICS: Record<Lang, Set<string>> = {
  en: new Set(
    "um umm uh uhh uhm erm hmm mhm ah okay yeah yes know think thing things going want get got gets say said says tell told like just really actually basically right well sure lot lots kind sort mean means next last also still good great fine nice thanks thank let let's maybe need needs make made way time times today now see look come came give take put one two three first second third".split(
      ' ',
    ),
  ),
  de: new Set(
    'ähm äh ähh öhm öh hm hmm mhm ähem em ehm okay ja nein naja also halt eben quasi sozusagen irgendwie genau gut klar mal schon eigentlich wirklich sagen gesagt sagt machen macht gemacht gibt geht gehen kommen kommt sehen glaube denke finde nächste nächsten letzte letzten heute jetzt dann ganz viel mehr eins zwei drei'.split(
      ' ',
    ),
  ),
};

/** Content words that can name a topic: no fillers, no speech verbs, no speakers' names. */
export function topicWords(text: string, lang: Lang, names: ReadonlySet<string> = new Set()): string[] {
  return contentWords(text, lang).filter((w) => !NOT_TOPICS[lang].has(w) && !NOT_TOPICS.en.has(w) && !names.has(w));
}

/** A crude stem so 'meeting' and 'meetings' count together (first 6 letters). */
export const stem = (w: string) => w.slice(0, 6);

const MONTH_RE =
  /^(?:Jan(?:uar|uary)?|Feb(?:ruar|ruary)?|März|March|Mar|April|Apr|Mai|May|Juni|June|Jun|Juli|July|Jul|August|Aug|September|Sept?|Oktober|October|Oct|Okt|November|Nov|Dezember|December|Dec|Dez)\b/;
const ABBREVIATION_RE =
  /(?:\b(?:Mr|Mrs|Ms|Dr|Prof|St|vs|etc|ca|bzw|usw|Nr|Hr|Fr|approx|incl|excl|fig|dept|no|evtl|ggf|inkl|vgl|z\.\s?B|d\.\s?h|u\.\s?a|e\.g|i\.e)|\b\p{L})\.$/iu;

/**
 * Splits one speaker's running text into sentences (Intl.Segmenter), then mends its known misses:
 * '… am 1. | April', '… 10 a.m. | and', 'Dr. | Weber'.
 */
export function splitSentences(text: string, lang: Lang): Array<{ text: string; offset: number }> {
  const seg = new Intl.Segmenter(lang, { granularity: 'sentence' });
  const parts: Array<{ text: string; offset: number }> = [];
  for (const p of seg.segment(text)) {
    const t = p.segment.trim();
    if (!t) continue;
    const offset = p.index + p.segment.indexOf(t);
    const prev = parts.at(-1);
    const mend =
      prev &&
      ((/\d\.$/.test(prev.text) && (MONTH_RE.test(t) || /^\p{Ll}/u.test(t))) || ABBREVIATION_RE.test(prev.text) || words(t).length === 0);
    if (mend) prev.text = text.slice(prev.offset, offset + t.length);
    else parts.push({ text: t, offset });
  }
  // Intl.Segmenter does not break before a lower-case word ('… migration. i will …'), which
  // transcribers write often: break there unless the full stop ends an abbreviation.
  return parts.flatMap((p) => {
    const out: Array<{ text: string; offset: number }> = [];
    let from = 0;
    for (const m of p.text.matchAll(/(?<=[\p{L}\p{N}%)"”][.!?…])\s+(?=\p{Ll})/gu)) {
      const head = p.text.slice(from, m.index);
      if (ABBREVIATION_RE.test(head) || /(?:^|\s)\S*\.\S+\.$/.test(head) || /\d\.$/.test(head)) continue;
      out.push({ text: head, offset: p.offset + from });
      from = (m.index ?? 0) + m[0].length;
    }
    out.push({ text: p.text.slice(from), offset: p.offset + from });
    return out;
  });
}

/**
 * The transcript's sentences, rebuilt across segment boundaries within one speaker's turn (a change of
 * speaker always ends a sentence), each with the start time of the segment it begins in.
 */
export function sentences(segments: StoredSegment[], lang: Lang): Sentence[] {
  const out: Sentence[] = [];
  let i = 0;
  while (i < segments.length) {
    // One turn: consecutive segments of the same speaker.
    let text = '';
    const starts: Array<{ offset: number; seg: StoredSegment }> = [];
    const speaker = segments[i].speaker;
    for (; i < segments.length && segments[i].speaker === speaker; i++) {
      const t = segments[i].text.trim();
      if (!t) continue;
      if (text) text += ' ';
      starts.push({ offset: text.length, seg: segments[i] });
      text += t;
    }
    for (const part of splitSentences(text, lang)) {
      if (words(part.text).length === 0) continue;
      let at = starts[0];
      for (const s of starts) if (s.offset <= part.offset) at = s;
      out.push({ text: part.text, start: at.seg.start, speaker, index: out.length, startsSegment: at.offset === part.offset });
    }
  }
  return out;
}

/**
 * Sentences grouped into paragraphs for whole-transcript answers (grammar, fillers): a paragraph starts
 * where a sentence starts a segment or the speaker changes, so lines follow the segments without ever
 * cutting a sentence.
 */
export function paragraphs(all: Sentence[]): Sentence[][] {
  const out: Sentence[][] = [];
  for (const s of all) {
    const last = out.at(-1);
    if (last && last[0].speaker === s.speaker && !s.startsSegment) last.push(s);
    else out.push([s]);
  }
  return out;
}
