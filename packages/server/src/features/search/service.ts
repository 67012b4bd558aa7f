import {
  searchLimits,
  UNKNOWN_SPEAKER,
  type SearchHit,
  type SearchResponse,
  type SearchResult,
  type SearchSpeakersResponse,
} from '@scribe/api-client';
import { HttpError } from '../../http/errors.ts';
import type { SearchRepository } from './repository.ts';
import { searchTerms } from './terms.ts';

/** Documents rebuilt per run: each can take a moment on a long transcript, and PGlite runs one query at a time. */
const REFRESH_BATCH = 5;
const REFRESH_QUIET_SECONDS = 60;

export interface SearchRequest {
  q: string;
  folderId?: number;
  limit: number;
  /** Only this speaker's segments (the name as stored); titles and AI outputs are then left out. */
  speaker?: string;
}

/**
 * `inSteps` (the embedded database): documents are rebuilt in small statements (document-steps.ts), not
 * by the database's one-statement rebuild, which held the request thread for seconds on a long transcript.
 */
export function createSearchService(repo: SearchRepository, { inSteps = false } = {}) {
  return {
    /** The user's transcripts matching `q`, best first, grouped with their hits; `folderId` includes its subfolders. */
    async search(userId: number, { q, folderId, limit, speaker }: SearchRequest): Promise<SearchResponse> {
      if (folderId !== undefined && !(await repo.folderExists(userId, folderId))) throw new HttpError(404, 'FOLDER_NOT_FOUND');
      const terms = searchTerms(q);
      if (terms.length === 0) return { results: [] };
      const rows = await repo.search(userId, terms, { folderId, limit, speaker });
      const results: SearchResult[] = [];
      for (const row of rows) {
        let result = results.at(-1);
        if (result?.transcriptId !== row.transcriptId) {
          result = { transcriptId: row.transcriptId, title: row.title, folderId: row.folderId, hits: [] };
          results.push(result);
        }
        const hit: SearchHit = { kind: row.kind, snippet: row.snippet };
        if (row.kind === 'segment' && row.start !== null) hit.start = Number(row.start);
        if (row.kind === 'ai_output' && row.aiOutputId !== null) hit.aiOutputId = row.aiOutputId;
        result.hits.push(hit);
      }
      return { results };
    },

    /** The speaker names of the user's current segments, each once, in order; 'Unknown Speaker' left out. */
    async speakers(userId: number): Promise<SearchSpeakersResponse> {
      const names = await repo.speakers(userId, searchLimits.speakersMax, UNKNOWN_SPEAKER);
      return { speakers: names };
    },

    /**
     * Rebuilds a few search documents of transcripts edited and then left alone for a minute. Run from
     * time to time (routes.ts), not per save: a document is built from the whole transcript, and an
     * editor's autosave saves every few seconds.
     */
    refreshStale: () =>
      inSteps ? repo.refreshStaleInSteps(REFRESH_BATCH, REFRESH_QUIET_SECONDS) : repo.refreshStale(REFRESH_BATCH, REFRESH_QUIET_SECONDS),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
