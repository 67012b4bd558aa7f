// Search across the library (GET /api/search): the limits and the snippet markers, without zod.

/** Around each matched word of a snippet: plain text, never HTML (transcript-kit parseSnippet renders <mark>). */
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
  /** A longer `speaker` is cut to this many characters, not refused (a stored name has at most editLimits.speakerMaxChars). */
  speakerMax: 100,
  /** Names GET /api/search/speakers answers at most (in order; the rest are left out). */
  speakersMax: 500,
} as const;
