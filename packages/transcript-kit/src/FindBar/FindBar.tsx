import { useLingui } from '@lingui/react/macro';
import { IconButton, KIT_ROOT_CLASS } from '@scribe/ui';
import { ChevronDownIcon, CloseIcon } from '@scribe/ui/icons';
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Input, TextField } from 'react-aria-components';
import { findMatches, firstMatchFrom, MAX_FIND_MATCHES, stepMatch, type FindMatch } from '../transcript/find.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import { highlightRegistry, rowTextRange } from '../highlight/textHighlight.ts';
import * as styles from './FindBar.css.ts';

export const FIND_HIGHLIGHT = 'scribe-find';
export const FIND_HIGHLIGHT_CURRENT = 'scribe-find-current';

export interface FindBarProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Index into `matches` of the current one, or -1. */
  current: number;
  matches: readonly FindMatch[];
  onStep: (direction: 1 | -1) => void;
  onClose: () => void;
}

/** The transcript's find bar (Ctrl/Cmd+F): Enter next, Shift+Enter previous, Escape closes; 'n of m'. */
export function FindBar({ query, onQueryChange, current, matches, onStep, onClose }: FindBarProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const countId = useId();
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const total = matches.length >= MAX_FIND_MATCHES ? `${MAX_FIND_MATCHES}+` : String(matches.length);
  const count = !query.trim() ? '' : matches.length === 0 ? t`No matches` : t`${current + 1} of ${total}`;
  return (
    <div className={`${KIT_ROOT_CLASS} ${styles.findBar}`} role="search" aria-label={t`Find in transcript`}>
      <TextField aria-label={t`Find in transcript`} value={query} onChange={onQueryChange} className={styles.findField}>
        <Input
          ref={inputRef}
          className={styles.findInput}
          placeholder={t`Find in transcript`}
          aria-describedby={countId}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onStep(event.shiftKey ? -1 : 1);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
              event.preventDefault();
              event.currentTarget.select();
            }
            // The editor's shortcuts never see what is typed here.
            event.stopPropagation();
          }}
        />
      </TextField>
      {/* Announced politely as it changes: typing and stepping tell where the user is. */}
      <span id={countId} role="status" className={styles.findCount}>
        {count}
      </span>
      <IconButton
        aria-label={t`Previous match`}
        size="sm"
        icon={
          <span className={styles.flip}>
            <ChevronDownIcon size={16} />
          </span>
        }
        isDisabled={matches.length === 0}
        onPress={() => onStep(-1)}
      />
      <IconButton
        aria-label={t`Next match`}
        size="sm"
        icon={<ChevronDownIcon size={16} />}
        isDisabled={matches.length === 0}
        onPress={() => onStep(1)}
      />
      <IconButton aria-label={t`Close find`} size="sm" icon={<CloseIcon size={16} />} onPress={onClose} />
    </div>
  );
}

/** The range of a match in the rendered row, or null (the row is being edited, or not rendered). */
const rangeOf = (scroller: HTMLElement, match: FindMatch) => rowTextRange(scroller, match.index, match.from, match.to);

/**
 * Paints the matches (and the current one apart) in the scroller and keeps the current one in view.
 * Browsers without the Highlight API still get the count and the scrolling.
 */
export function useFindHighlights(
  scrollerRef: RefObject<HTMLElement | null>,
  matches: readonly FindMatch[],
  current: number,
  redrawKey: unknown,
  {
    paintKey,
    reveal,
  }: {
    /** Changes when other rows are rendered (a virtualised list scrolled): paint again, without scrolling. */
    paintKey?: unknown;
    /** Brings a row that is not rendered into view (a virtualised list); it is painted once rendered. */
    reveal?: (segmentIndex: number) => void;
  } = {},
) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    const api = highlightRegistry();
    if (!scroller || !api) return;
    const ranges = matches.map((m) => rangeOf(scroller, m)).filter((r): r is Range => r !== null);
    api.highlights.set(FIND_HIGHLIGHT, new api.Highlight(...ranges));
    const currentRange = matches[current] ? rangeOf(scroller, matches[current]) : null;
    api.highlights.set(FIND_HIGHLIGHT_CURRENT, new api.Highlight(...(currentRange ? [currentRange] : [])));
    return () => {
      api.highlights.delete(FIND_HIGHLIGHT);
      api.highlights.delete(FIND_HIGHLIGHT_CURRENT);
    };
  }, [scrollerRef, matches, current, redrawKey, paintKey]);

  const revealRef = useRef(reveal);
  useLayoutEffect(() => {
    revealRef.current = reveal;
  });
  useEffect(() => {
    const scroller = scrollerRef.current;
    const match = matches[current];
    if (!scroller || !match) return;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${match.index}"]`);
    if (row) {
      const box = scroller.getBoundingClientRect();
      const rect = row.getBoundingClientRect();
      if (rect.top < box.top || rect.bottom > box.bottom) {
        scroller.scrollTo({ top: Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3) });
      }
    } else revealRef.current?.(match.index);
  }, [scrollerRef, matches, current, redrawKey]);
}

export interface TranscriptFindOptions {
  segments: readonly TranscriptSegment[];
  /** The transcript's region: Ctrl/Cmd+F inside it (or with nothing focused) opens the find bar. */
  sectionRef: RefObject<HTMLElement | null>;
  scrollerRef: RefObject<HTMLElement | null>;
  /** Changes when the rows render anew (e.g. the view): the highlights are drawn again. */
  redrawKey: unknown;
  /** Brings the current match's row into view when it is not rendered (a virtualised list). */
  reveal?: (segmentIndex: number) => void;
  /** Where the first match is looked for when the bar opens (e.g. the playing segment). */
  startIndex: () => number;
  /** The bar closed: put focus back in the transcript (the current match's segment, or -1). */
  onClosed: (segmentIndex: number) => void;
}

export interface TranscriptFind {
  /** The bar's props while it is open, else null. */
  bar: FindBarProps | null;
  /** For the list: call it after a commit that rendered other rows (a virtualised list scrolled). */
  onRowsRendered: () => void;
}

/**
 * Find in an open transcript (the editor's and the viewer's): Ctrl/Cmd+F opens the bar, matches are
 * highlighted, Enter / Shift+Enter step, Escape closes.
 */
export function useTranscriptFind({
  segments,
  sectionRef,
  scrollerRef,
  redrawKey,
  reveal,
  startIndex,
  onClosed,
}: TranscriptFindOptions): TranscriptFind {
  const [open, setOpen] = useState(false);
  // Rows of a virtualised list come and go while it scrolls: while open, the highlights are painted on the new ones.
  const [paintKey, setPaintKey] = useState(0);
  const isOpen = useRef(open);
  isOpen.current = open;
  const onRowsRendered = useCallback(() => {
    if (isOpen.current) setPaintKey((k) => k + 1);
  }, []);
  const [query, setQuery] = useState('');
  // null: the query just changed, start from `from`.
  const [current, setCurrent] = useState<number | null>(null);
  const [from, setFrom] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => (open ? findMatches(segments, deferredQuery) : []), [open, segments, deferredQuery]);
  const currentMatch = matches.length === 0 ? -1 : current === null ? firstMatchFrom(matches, from) : Math.min(current, matches.length - 1);
  useFindHighlights(scrollerRef, matches, currentMatch, redrawKey, { paintKey, reveal });

  const openFind = () => {
    if (!open) {
      setFrom(Math.max(0, startIndex()));
      setCurrent(null);
    }
    setOpen(true);
    // Open already: Ctrl/Cmd+F goes back to the field.
    sectionRef.current?.querySelector<HTMLInputElement>('[role="search"] input')?.select();
  };
  const latestOpen = useRef(openFind);
  useLayoutEffect(() => {
    latestOpen.current = openFind;
  });
  // Ctrl/Cmd+F inside the transcript, or with nothing focused on the page, finds in the transcript
  // instead of the browser's find (which cannot see rows skipped while off-screen).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'f') return;
      const target = event.target as Node | null;
      const inside = target !== null && sectionRef.current?.contains(target);
      if (!inside && target !== document.body) return;
      event.preventDefault();
      latestOpen.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sectionRef]);

  if (!open) return { bar: null, onRowsRendered };
  const bar: FindBarProps = {
    query,
    onQueryChange: (next) => {
      setQuery(next);
      setCurrent(null);
    },
    matches,
    current: currentMatch,
    onStep: (direction) => setCurrent(stepMatch(currentMatch, matches.length, direction)),
    onClose: () => {
      setOpen(false);
      onClosed(matches[currentMatch]?.index ?? -1);
    },
  };
  return { bar, onRowsRendered };
}
