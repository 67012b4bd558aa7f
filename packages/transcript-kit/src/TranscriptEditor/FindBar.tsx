import { useLingui } from '@lingui/react/macro';
import { IconButton, VisuallyHidden } from '@scribe/ui';
import { ChevronDownIcon, CloseIcon } from '@scribe/ui/icons';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Input, TextField } from 'react-aria-components';
import { MAX_FIND_MATCHES, type FindMatch } from '../transcript/find.ts';
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

/** The editor's find bar (Ctrl/Cmd+F): Enter next, Shift+Enter previous, Escape closes; 'n of m'. */
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
    <div className={styles.findBar} role="search" aria-label={t`Find in transcript`}>
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
      <span id={countId} className={styles.findCount} aria-hidden={count ? undefined : true}>
        {count}
      </span>
      <VisuallyHidden>
        <span role="status">{count}</span>
      </VisuallyHidden>
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
      <IconButton aria-label={t`Next match`} size="sm" icon={<ChevronDownIcon size={16} />} isDisabled={matches.length === 0} onPress={() => onStep(1)} />
      <IconButton aria-label={t`Close find`} size="sm" icon={<CloseIcon size={16} />} onPress={onClose} />
    </div>
  );
}

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry(): { highlights: HighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : null;
}

/** The range of a match in the rendered row, or null (the row is being edited, or not rendered). */
function rangeOf(scroller: HTMLElement, match: FindMatch): Range | null {
  const row = scroller.querySelector<HTMLElement>(`[data-index="${match.index}"]`);
  const node = row?.firstChild;
  if (!node || node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').length < match.to) return null;
  const range = document.createRange();
  range.setStart(node, match.from);
  range.setEnd(node, match.to);
  return range;
}

/**
 * Paints the matches (and the current one apart) in the scroller and keeps the current one in view.
 * Browsers without the Highlight API still get the count and the scrolling.
 */
export function useFindHighlights(
  scrollerRef: RefObject<HTMLElement | null>,
  matches: readonly FindMatch[],
  current: number,
  redrawKey: unknown,
) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    const api = registry();
    if (!scroller) return;
    if (api) {
      const ranges = matches.map((m) => rangeOf(scroller, m)).filter((r): r is Range => r !== null);
      api.highlights.set(FIND_HIGHLIGHT, new api.Highlight(...ranges));
      const currentRange = matches[current] ? rangeOf(scroller, matches[current]) : null;
      api.highlights.set(FIND_HIGHLIGHT_CURRENT, new api.Highlight(...(currentRange ? [currentRange] : [])));
    }
    const match = matches[current];
    const row = match ? scroller.querySelector<HTMLElement>(`[data-index="${match.index}"]`) : null;
    if (row) {
      const box = scroller.getBoundingClientRect();
      const rect = row.getBoundingClientRect();
      if (rect.top < box.top || rect.bottom > box.bottom) {
        scroller.scrollTo({ top: Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3) });
      }
    }
    return () => {
      api?.highlights.delete(FIND_HIGHLIGHT);
      api?.highlights.delete(FIND_HIGHLIGHT_CURRENT);
    };
  }, [scrollerRef, matches, current, redrawKey]);
}
