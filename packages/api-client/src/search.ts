// Search across the library (GET /api/search): the limits and the snippet markers, without zod.

/** Around each matched word of a snippet: plain text, never HTML (the app renders them as <mark>). */
export const SNIPPET_MATCH_START = '\u0002';
export const SNIPPET_MATCH_END = '\u0003';

export const searchLimits = {
  /** Longer queries are cut to this many characters, not refused (the field searches as you type). */
  queryMax: 200,
  /** Transcripts per answer, when the request names no `limit`. */
  limitDefault: 20,
  limitMax: 50,
  /** Hits listed per transcript, best first. */
  hitsPerTranscript: 5,
} as const;

export interface SnippetPart {
  text: string;
  /** A word the query matched. */
  match: boolean;
}

/** A snippet cut at its markers, for rendering matched words as <mark>; a stray marker is dropped. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, match });
    text = '';
  };
  for (const ch of snippet) {
    if (ch === SNIPPET_MATCH_START || ch === SNIPPET_MATCH_END) {
      flush();
      match = ch === SNIPPET_MATCH_START;
    } else text += ch;
  }
  flush();
  return parts;
}
