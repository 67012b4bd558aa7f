/*
 * Library search results as the server sends them (GET /api/search): grouped by transcript, each hit a
 * snippet whose matched words sit between \u0002 and \u0003 (plain text, never HTML: the kit renders
 * <mark>). Pure, unit-tested.
 */

export type SearchHitKind = 'segment' | 'title' | 'ai_output';

export interface SearchHit {
  kind: SearchHitKind;
  snippet: string;
  /** Segment hits: where the segment starts (seconds). */
  start?: number;
  /** AI output hits: which output. */
  aiOutputId?: number;
}

export interface SearchResult {
  transcriptId: number;
  title: string;
  folderId: number | null;
  hits: SearchHit[];
}

/** One run of a snippet: matched (to be marked) or not. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/**
 * The snippet's runs, in order, empty runs dropped. A start marker without its end marks to the end; a
 * stray end marker is dropped; markers never show.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
    text = '';
  };
  for (const ch of snippet) {
    if (ch === MARK_START || ch === MARK_END) {
      flush();
      marked = ch === MARK_START;
    } else {
      text += ch;
    }
  }
  flush();
  return parts;
}

/** The snippet as plain text (markers removed): what a screen reader reads and type-ahead matches. */
export function snippetText(snippet: string): string {
  return snippet.replaceAll(MARK_START, '').replaceAll(MARK_END, '');
}

/** A stable key for a hit inside the results (the listbox's item id). */
export function hitKey(transcriptId: number, hitIndex: number): string {
  return `${transcriptId}:${hitIndex}`;
}

/** The result and hit a key names, or null. */
export function hitOfKey(results: readonly SearchResult[], key: string): { result: SearchResult; hit: SearchHit } | null {
  const [id, index] = key.split(':').map(Number);
  const result = results.find((r) => r.transcriptId === id);
  const hit = result?.hits[index];
  return result && hit ? { result, hit } : null;
}
