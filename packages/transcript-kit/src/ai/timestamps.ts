/** A piece of AI output text: plain text, or a time stamp that can seek the player. */
export type OutputPart = { kind: 'text'; text: string } | { kind: 'time'; text: string; seconds: number };

// m:ss, mm:ss and h:mm:ss (also inside [brackets]); not part of a longer digit/colon run such as 1:2:3:4.
const TIME_RE = /(?<![\d:])(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?![\d:])/g;

/** Seconds of a time stamp (m:ss, mm:ss, h:mm:ss), or null when it is not one. */
export function parseTimestamp(text: string): number | null {
  const m = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!m) return null;
  return m[3] !== undefined ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number(m[1]) * 60 + Number(m[2]);
}

/** Splits output text into plain runs and time stamps, in order; joining every part's text gives the input. */
export function splitTimestamps(text: string): OutputPart[] {
  const parts: OutputPart[] = [];
  let last = 0;
  for (const m of text.matchAll(TIME_RE)) {
    const start = m.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const seconds = m[3] !== undefined ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number(m[1]) * 60 + Number(m[2]);
    parts.push({ kind: 'time', text: m[0], seconds });
    last = start + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Names in the export menu are cut at 30 characters (docs/decisions.md). */
export function menuName(name: string): string {
  const chars = Array.from(name);
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : name;
}

export interface CombinableOutput {
  prompt: string;
  output: string;
  createdAt: string;
}

/** The copy/share text of all outputs (docs/product-spec.md §2): each as time stamp, prompt, output, separated by dashes. */
export function combinedOutputsText(outputs: CombinableOutput[], formatDate: (iso: string) => string): string {
  return outputs.map((o) => `${formatDate(o.createdAt)}\n${o.prompt}\n\n${o.output}`).join('\n\n---\n\n');
}
