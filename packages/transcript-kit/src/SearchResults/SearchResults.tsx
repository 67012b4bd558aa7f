import { useLingui } from '@lingui/react/macro';
import { Button, KIT_ROOT_CLASS, Spinner, VisuallyHidden } from '@scribe/ui';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { CloseIcon } from '@scribe/ui/icons';
import { useId, useMemo, useState, type FocusEvent } from 'react';
import { Autocomplete, Button as RACButton, Header, Input, ListBox, ListBoxItem, ListBoxSection, SearchField } from 'react-aria-components';
import { formatTime } from '../media/time.ts';
import * as controls from '../styles/controls.css.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';
import { hitKey, hitOfKey, parseSnippet, snippetText, type SearchHit, type SearchResult } from '../search/snippets.ts';
import * as styles from './SearchResults.css.ts';

export type { SearchHit, SearchHitKind, SearchResult } from '../search/snippets.ts';

/** What the app has for the current query. */
export type SearchResultsState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `message` already translated (e.g. the app's translateError). */
  | { status: 'error'; message: string }
  | { status: 'ready'; results: SearchResult[] };

export interface SearchResultsProps {
  state: SearchResultsState;
  /** The query the state is for (the empty state names it). */
  query: string;
  /** A hit was chosen (click, or Enter on the focused hit). */
  onSelect: (result: SearchResult, hit: SearchHit) => void;
  /** Error state: 'Try again'. */
  onRetry?: () => void;
  /** The speaker the results are limited to, as stored (the empty state names them); null or left out: everyone. */
  speaker?: string | null;
}

/** A hit's snippet with the matched words in <mark> (never HTML from the server: the markers are split). */
export function Snippet({ snippet }: { snippet: string }) {
  return <>{parseSnippet(snippet).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>;
}

/**
 * Library search results, grouped by transcript (title as the group's heading), each hit with its
 * marked snippet and where it is (the segment's time, 'Title' or 'AI output'). A react-aria ListBox:
 * arrows move, Enter chooses; inside `LibrarySearch` focus stays in the field (virtual focus). Loading,
 * error (with 'Try again') and empty states; the result count is announced politely.
 */
function SearchResultsView({ state, query, onSelect, onRetry, speaker }: SearchResultsProps) {
  const { t } = useLingui();
  const speakerLabel = useSpeakerLabel();
  const speakerName = speaker ? speakerLabel(speaker) : null;
  const nothing = speakerName ? t`No results for “${query}” from ${speakerName}` : t`No results for “${query}”`;
  const results = state.status === 'ready' ? state.results : [];
  const hitCount = results.reduce((n, r) => n + r.hits.length, 0);
  const announcement =
    state.status === 'loading'
      ? ''
      : state.status === 'error'
        ? '' // the message itself is an alert
        : state.status === 'ready'
          ? hitCount === 0
            ? nothing
            : t`Transcripts found: ${results.length}`
          : '';
  return (
    <div className={`${KIT_ROOT_CLASS} ${styles.root}`}>
      <VisuallyHidden>
        <span role="status">{announcement}</span>
      </VisuallyHidden>
      {state.status === 'loading' ? (
        // A div: the spinner is a progress bar (a div), which a paragraph may not hold.
        <div className={styles.message}>
          <Spinner size="sm" aria-label={t`Searching…`} />
          <span aria-hidden="true">{t`Searching…`}</span>
        </div>
      ) : state.status === 'error' ? (
        <div className={styles.message}>
          <span className={styles.errorText} role="alert">
            {state.message}
          </span>
          {onRetry ? (
            <Button size="sm" onPress={onRetry}>
              {t`Try again`}
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <ListBox
          aria-label={t`Search results`}
          className={styles.list}
          selectionMode="none"
          items={results}
          onAction={(key) => {
            const found = hitOfKey(results, String(key));
            if (found) onSelect(found.result, found.hit);
          }}
          renderEmptyState={() => <p className={styles.message}>{nothing}</p>}
        >
          {(result) => (
            <ListBoxSection id={`t${result.transcriptId}`} className={styles.section}>
              <Header className={styles.sectionTitle}>{result.title || t`Untitled transcript`}</Header>
              {result.hits.map((hit, i) => (
                <HitItem key={hitKey(result.transcriptId, i)} id={hitKey(result.transcriptId, i)} hit={hit} />
              ))}
            </ListBoxSection>
          )}
        </ListBox>
      ) : null}
    </div>
  );
}

function HitItem({ id, hit }: { id: string; hit: SearchHit }) {
  const { t } = useLingui();
  const where =
    hit.kind === 'title'
      ? t`Title`
      : hit.kind === 'ai_output'
        ? t`AI output`
        : typeof hit.start === 'number'
          ? formatTime(hit.start)
          : t`Text`;
  const text = snippetText(hit.snippet);
  return (
    <ListBoxItem id={id} textValue={`${where}: ${text}`} className={styles.item}>
      <span className={styles.kind}>
        {where}
        <VisuallyHidden>: </VisuallyHidden>
      </span>
      <span className={styles.snippet}>
        <Snippet snippet={hit.snippet} />
      </span>
    </ListBoxItem>
  );
}

/** The search's speaker filter (LibrarySearch `speakerFilter`). */
export interface SearchSpeakerFilter {
  /** The names to offer, as stored (GET /api/search/speakers): 'Speaker 1' is shown in the reader's language. */
  speakers: readonly string[];
  /** The chosen name; null: all speakers. */
  value: string | null;
  onChange: (speaker: string | null) => void;
}

/**
 * 'Speaker' with 'All speakers' and the names, sorted as shown (numbers in order: 'Speaker 2' before
 * 'Speaker 10'). A native select, as the kit's other choices: it keeps focus inside the search, so
 * the results stay open while it is used.
 */
function SpeakerFilterField({ speakers, value, onChange }: SearchSpeakerFilter) {
  const { t, i18n } = useLingui();
  const label = useSpeakerLabel();
  const id = useId();
  const options = useMemo(() => {
    // A chosen name that is no longer offered (renamed meanwhile) stays choosable, so the field shows it.
    const names = value !== null && !speakers.includes(value) ? [...speakers, value] : [...speakers];
    const collator = new Intl.Collator(i18n.locale || 'en', { numeric: true, sensitivity: 'base' });
    return names.map((name) => ({ name, shown: label(name) })).sort((a, b) => collator.compare(a.shown, b.shown));
  }, [speakers, value, label, i18n.locale]);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={controls.label}>
        {t`Speaker`}
      </label>
      <select
        id={id}
        className={`${controls.select} ${styles.filterSelect}`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{t`All speakers`}</option>
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {o.shown}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface LibrarySearchProps extends Omit<SearchResultsProps, 'query' | 'speaker'> {
  query: string;
  onQueryChange: (query: string) => void;
  /** 'floating' (header: results over the page while the field has focus) or 'inline' (phone drawer). */
  layout?: 'floating' | 'inline';
  /** Set true to open the results (e.g. a story); otherwise they show while the search has focus and a query. */
  defaultOpen?: boolean;
  /**
   * A 'Speaker' choice above the results ('All speakers', then `speakers`), shown while there is a name
   * to offer or one is chosen; the app searches with the chosen name. Left out: no such choice.
   */
  speakerFilter?: SearchSpeakerFilter;
}

/**
 * The library's search field with its results as you type: arrows move through the hits while typing
 * goes on in the field, Enter opens the focused hit, Escape clears the field (and so closes the results).
 * The app debounces and fetches; this only shows.
 */
function LibrarySearchView({
  query,
  onQueryChange,
  layout = 'floating',
  defaultOpen = false,
  onSelect,
  speakerFilter,
  ...rest
}: LibrarySearchProps) {
  const { t } = useLingui();
  const [hasFocus, setHasFocus] = useState(defaultOpen);
  const panelId = useId();
  const open = query.trim() !== '' && hasFocus && rest.state.status !== 'idle';
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
  };
  return (
    <div
      className={`${KIT_ROOT_CLASS} ${styles.search}`}
      role="search"
      aria-label={t`Search transcripts`}
      onFocus={() => setHasFocus(true)}
      onBlur={onBlur}
    >
      <Autocomplete
        inputValue={query}
        onInputChange={(next) => {
          // Typing again after a choice (focus stayed in the field) shows the results again.
          setHasFocus(true);
          onQueryChange(next);
        }}
      >
        <SearchField aria-label={t`Search transcripts`} className={styles.field}>
          <Input className={styles.input} placeholder={t`Search transcripts`} />
          {query ? (
            <RACButton className={styles.clear} aria-label={t`Clear search`}>
              <CloseIcon size={14} />
            </RACButton>
          ) : null}
        </SearchField>
        {open ? (
          <div id={panelId} className={`${styles.panel} ${layout === 'floating' ? styles.floating : ''}`}>
            {speakerFilter && (speakerFilter.speakers.length > 0 || speakerFilter.value !== null) ? (
              <SpeakerFilterField {...speakerFilter} />
            ) : null}
            <SearchResults
              {...rest}
              query={query}
              speaker={speakerFilter?.value ?? null}
              onSelect={(result, hit) => {
                setHasFocus(false);
                onSelect(result, hit);
              }}
            />
          </div>
        ) : null}
      </Autocomplete>
    </div>
  );
}

export const SearchResults = withKitProvider(SearchResultsView, 'SearchResults');
export const LibrarySearch = withKitProvider(LibrarySearchView, 'LibrarySearch');
