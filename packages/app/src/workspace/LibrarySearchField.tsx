import { LibrarySearch, type SearchResult } from '@scribe/transcript-kit';
import { parseSnippet, type SearchHit } from '@scribe/transcript-kit/utils';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLibrarySearch, useSearchSpeakers } from '../data/search.ts';
import { jumpStore, outputJumpStore } from './searchJump.ts';
import { selectionStore } from './selection.ts';

/**
 * The library search of the header (desktop) and the left drawer (phone): results as you type;
 * choosing a hit opens its transcript on the workspace, on the tab the hit is in, and a text hit plays
 * from its word (the first word the search matched in its segment, when the words are timed; else from the
 * segment's start). A 'Speaker' choice above the results limits the hits to one speaker's segments.
 */
export function LibrarySearchField({ layout = 'floating', onChosen }: { layout?: 'floating' | 'inline'; onChosen?: () => void }) {
  const [query, setQuery] = useState('');
  // Kept while the field is cleared and typed in again: the filter shows above the results.
  const [speaker, setSpeaker] = useState<string | null>(null);
  const { state, retry } = useLibrarySearch(query, speaker);
  const speakers = useSearchSpeakers(query.trim() !== '');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = (result: SearchResult, hit: SearchHit) => {
    selectionStore.selectTranscript(result.transcriptId);
    selectionStore.setTab(hit.kind === 'ai_output' ? 'ai-output' : 'transcript');
    if (hit.kind === 'segment' && typeof hit.start === 'number') {
      const matched = parseSnippet(hit.snippet).flatMap((part) => (part.marked ? part.text.split(/\s+/).filter(Boolean) : []));
      jumpStore.request(result.transcriptId, hit.start, matched);
    } else jumpStore.clear();
    // An AI output hit: that output is shown, not just the newest one.
    outputJumpStore.setState(
      hit.kind === 'ai_output' && typeof hit.aiOutputId === 'number'
        ? { transcriptId: result.transcriptId, outputId: hit.aiOutputId }
        : null,
    );
    if (pathname !== '/') navigate('/');
    onChosen?.();
  };
  return (
    <LibrarySearch
      query={query}
      onQueryChange={setQuery}
      layout={layout}
      state={state}
      onRetry={retry}
      onSelect={open}
      speakerFilter={{ speakers, value: speaker, onChange: setSpeaker }}
    />
  );
}
