// The zod schemas of search.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';

export const searchHitKinds = ['title', 'segment', 'ai_output'] as const;
export const searchHitKindSchema = z.enum(searchHitKinds);
export type SearchHitKind = z.infer<typeof searchHitKindSchema>;

export const searchHitSchema = z.object({
  kind: searchHitKindSchema,
  /** A short piece of the text, matched words between SNIPPET_MATCH_START and SNIPPET_MATCH_END (search.ts). */
  snippet: z.string(),
  /** kind 'segment': the segment's start in seconds. */
  start: z.number().optional(),
  /** kind 'ai_output': the output's id (GET /api/transcripts/{id}/prompt-outputs). */
  aiOutputId: z.number().int().optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** One transcript of the user with its best hits; results are ranked, best first. */
export const searchResultSchema = z.object({
  transcriptId: z.number().int(),
  title: z.string(),
  folderId: z.number().int().nullable(),
  hits: z.array(searchHitSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/search/speakers: the speaker names of the user's segments, to filter a search by (`speaker`). */
export const searchSpeakersResponseSchema = z.object({
  /** In order, each once; 'Unknown Speaker' (no speaker known) left out. */
  speakers: z.array(z.string()),
});
export type SearchSpeakersResponse = z.infer<typeof searchSpeakersResponseSchema>;
