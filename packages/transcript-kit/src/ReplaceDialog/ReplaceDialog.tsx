import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, TextField } from '@scribe/ui';
import { Fragment, useDeferredValue, useMemo, useState } from 'react';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { formatTime } from '../media/time.ts';
import { EDIT_LIMITS } from '../transcript/editing.ts';
import { findMatches, replaceAll, shownText, type FindMatch } from '../transcript/find.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import * as styles from './ReplaceDialog.css.ts';

/** Matching lines shown in the preview; the count always covers all of them. */
export const REPLACE_PREVIEW_LINES = 100;

export interface ReplaceDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  segments: readonly TranscriptSegment[];
  /**
   * 'Replace all': the whole transcript's new segments in one step (one change, so one revision where
   * the host saves revisions), with how many matches in how many segments were replaced.
   */
  onReplaceAll: (next: TranscriptSegment[], replaced: { count: number; segmentCount: number }) => void;
}

/**
 * Find and replace in one transcript: a Find and a Replace with field, a preview of what would change
 * (the number of matches and segments, and the matching lines with each match marked), and 'Replace all',
 * which replaces every match at once. Matching is the find bar's: case-insensitive, and spaces inside the
 * query match any whitespace. The replacement is taken literally.
 */
function ReplaceDialogView({ isOpen, onOpenChange, segments, onReplaceAll }: ReplaceDialogProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownQuery = useDeferredValue(query);
  const matches = useMemo(() => findMatches(segments, shownQuery), [segments, shownQuery]);
  const lines = useMemo(() => {
    const bySegment = new Map<number, FindMatch[]>();
    for (const match of matches) {
      const list = bySegment.get(match.index);
      if (list) list.push(match);
      else bySegment.set(match.index, [match]);
    }
    return [...bySegment.entries()];
  }, [matches]);

  const segmentCount = lines.length;
  const summary = !shownQuery.trim()
    ? ''
    : matches.length === 0
      ? t`No matches`
      : t`${plural(matches.length, { one: '# match', other: '# matches' })} in ${plural(segmentCount, { one: '# segment', other: '# segments' })}`;

  const replace = (close: () => void) => {
    const result = replaceAll(segments, query, replacement);
    if (result.problem) {
      setProblem(t`A segment would have more than ${EDIT_LIMITS.segmentTextMaxChars} characters. Nothing was replaced.`);
      return;
    }
    if (result.count === 0) return;
    onReplaceAll([...result.segments], { count: result.count, segmentCount: result.segmentCount });
    close();
  };

  return (
    <Dialog
      title={t`Find and replace`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      footer={({ close }) => (
        <>
          <Button onPress={close}>{t`Cancel`}</Button>
          <Button variant="primary" isDisabled={query !== shownQuery || matches.length === 0} onPress={() => replace(close)}>
            {t`Replace all`}
          </Button>
        </>
      )}
    >
      <div className={styles.fields}>
        <TextField
          label={t`Find`}
          value={query}
          autoFocus
          onChange={(value) => {
            setQuery(value);
            setProblem(null);
          }}
        />
        <TextField
          label={t`Replace with`}
          value={replacement}
          onChange={(value) => {
            setReplacement(value);
            setProblem(null);
          }}
        />
      </div>
      <p className={styles.summary} role="status">
        {summary}
      </p>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {lines.length > 0 ? (
        <>
          <ul className={styles.lines} aria-label={t`Matching lines`} tabIndex={0}>
            {lines.slice(0, REPLACE_PREVIEW_LINES).map(([index, found]) => (
              <li key={index} className={styles.line}>
                <span className={styles.time}>{formatTime(segments[index].start)}</span>
                <span>
                  <MarkedText text={shownText(segments[index])} ranges={found} />
                </span>
              </li>
            ))}
          </ul>
          {lines.length > REPLACE_PREVIEW_LINES ? (
            <p className={styles.more}>{t`The first ${REPLACE_PREVIEW_LINES} lines are shown; Replace all changes every one.`}</p>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}

/** A line's text with its matches in <mark> (read as the text itself). */
function MarkedText({ text, ranges }: { text: string; ranges: readonly FindMatch[] }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { from, to } of ranges) {
    if (from > at) parts.push({ text: text.slice(at, from), marked: false });
    parts.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part.marked ? <mark className={styles.mark}>{part.text}</mark> : part.text}</Fragment>
      ))}
    </>
  );
}

export const ReplaceDialog = withKitProvider(ReplaceDialogView, 'ReplaceDialog');
