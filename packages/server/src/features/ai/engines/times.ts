/**
 * Times in a model's answer made clickable and trustworthy: cited times are normalised to [mm:ss] /
 * [h:mm:ss] (the forms the output view turns into buttons), times beyond the recording are dropped, and a
 * claim without a time gains the time of the transcript line it matches best.
 */
import { formatTimestamp } from './types.ts';

const TIME = String.raw`\d{1,2}(?::\d{1,2}){1,2}`;
const SEP = String.raw`\s*(?:[-–—,;/]|to|bis|and|und)\s*`;
/** A bracketed or parenthesised time, range or list of times: [1:02], (01:02 - 01:10), [00:01:02, 00:03:04]. */
const CITED_RE = new RegExp(String.raw`([ \t]*(?:\b(?:at|around|from|bei|um|ab)\s+)?)[\[(]\s*(${TIME}(?:${SEP}${TIME})*)\s*[\])]`, 'giu');
/** A bare h:mm:ss (two-part bare times may be clock times or scores: left alone). */
const BARE_LONG_RE = /(?<![\d:[(])(\d{1,2}:\d{2}:\d{2})(?![\d:\])])/gu;
/** What the output view makes clickable: m:ss, mm:ss, h:mm:ss. */
const CLICKABLE_RE = /(?<![\d:])\d{1,2}:[0-5]\d(?::[0-5]\d)?(?![\d:])/u;

/** Seconds of m:ss, mm:ss, h:mm:ss or hh:mm:ss; null when minutes or seconds are out of range. */
export function parseTime(text: string): number | null {
  const parts = text.split(':').map(Number);
  if (parts.some((n) => !Number.isInteger(n))) return null;
  if (parts.length === 2) {
    const [m, s] = parts;
    return s < 60 ? m * 60 + s : null;
  }
  if (parts.length === 3) {
    const [h, m, s] = parts;
    return m < 60 && s < 60 ? h * 3600 + m * 60 + s : null;
  }
  return null;
}

/** Small slack: a time rounded up from the last second is still in the recording. */
const SLACK_SECONDS = 1;

function within(seconds: number | null, duration: number | null): seconds is number {
  return seconds !== null && (duration === null || seconds <= duration + SLACK_SECONDS);
}

/**
 * Rewrites every cited time as [mm:ss] or [h:mm:ss]; ranges become '[a]–[b]', lists '[a], [b]'. Times
 * past `durationSeconds` are removed (a citation left with none disappears with its brackets).
 */
export function normaliseTimes(text: string, durationSeconds: number | null): string {
  const cited = text.replace(CITED_RE, (_all, lead: string, inner: string) => {
    const times = inner.match(new RegExp(TIME, 'gu')) ?? [];
    const kept = times.map(parseTime).filter((s) => within(s, durationSeconds));
    // Gone with its lead-in ('at', 'bei'): 'discussed at [9:00:00].' becomes 'discussed.'
    if (kept.length === 0) return '';
    const isRange = times.length === 2 && /[-–—]|to|bis/u.test(inner.replace(new RegExp(TIME, 'gu'), ''));
    return lead + kept.map((s) => `[${formatTimestamp(s)}]`).join(isRange && kept.length === 2 ? '–' : ', ');
  });
  const bare = cited.replace(BARE_LONG_RE, (all: string) => {
    const seconds = parseTime(all);
    return within(seconds, durationSeconds) ? `[${formatTimestamp(seconds)}]` : '';
  });
  if (bare === text) return text;
  // Tidy what a removed time leaves behind: doubled spaces, a space before punctuation, empty 'at'.
  return bare
    .replace(/[ \t]+([,.;:!?])/gu, '$1')
    .replace(/[ \t]{2,}/gu, ' ')
    .replace(/[ \t]+$/gmu, '');
}

// Words that say nothing about which passage a claim comes from (English and German).
const STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out has have him his how its may new now old see two way who did ' +
    'get let say she too use that with this from they will would there their what when which were been into than then them these ' +
    'those about also just some more most such only other over very your what where while should could said says each both ' +
    'der die das und ist nicht ein eine einer eines einem einen den dem des mit von für auf aus bei nach sich auch noch wie wir ' +
    'sie ihr ich mich uns euch war sind wird werden wurde hat haben hatte dass aber oder wenn weil dann doch schon nur sehr ' +
    'über unter zum zur vom beim als man kein keine dieser diese dieses jetzt hier dort'
  ).split(/\s+/u),
);

function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return new Set(words.filter((w) => (w.length >= 3 || /\d/u.test(w)) && !STOPWORDS.has(w)));
}

export interface SourceLine {
  start: number;
  text: string;
}

/** A heading or label, not a claim: '# Title', '**Summary**', 'Action items:'. */
function isHeading(line: string): boolean {
  const t = line.trim();
  return /^#{1,6}\s/u.test(t) || /^\*\*[^*]+\*\*:?$/u.test(t) || (/:$/u.test(t) && t.split(/\s+/u).length <= 6);
}

/** Shared content words a claim needs with a line to take its time (fewer for very short claims). */
function enoughOverlap(shared: number, claimWords: number): boolean {
  return shared >= Math.min(2, claimWords);
}

/**
 * Every claim (a bullet or line of text, not a heading, table row or code) that carries no time gains, at
 * its end, the time of the transcript line sharing the most content words with it; a claim that matches
 * no line well enough (e.g. a translation) stays as it is.
 */
export function anchorClaims(text: string, sources: readonly SourceLine[]): string {
  if (sources.length === 0) return text;
  const indexed = sources.map((s) => ({ start: s.start, words: contentWords(s.text) }));
  let inCode = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(?:```|~~~)/u.test(line)) inCode = !inCode;
      if (inCode || /^\s*(?:```|~~~|\|)/u.test(line)) return line;
      if (!line.trim() || isHeading(line) || CLICKABLE_RE.test(line)) return line;
      const words = contentWords(line);
      if (words.size === 0) return line;
      let best: { start: number; score: number } | null = null;
      for (const source of indexed) {
        let shared = 0;
        for (const w of words) if (source.words.has(w)) shared += 1;
        // Ties go to the earlier line: where the subject first comes up.
        if (enoughOverlap(shared, words.size) && (!best || shared > best.score)) best = { start: source.start, score: shared };
      }
      return best ? `${line.trimEnd()} [${formatTimestamp(best.start)}]` : line;
    })
    .join('\n');
}
