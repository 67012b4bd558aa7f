import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, Alert, Button, ProgressBar, Skeleton, SkeletonGroup, toast } from '@scribe/ui';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useControlledState } from 'react-stately/useControlledState';
import { CopyIcon } from '@scribe/ui/icons';
import { FindBar, useTranscriptFind } from '../FindBar/FindBar.tsx';
import { segmentAt, type TranscriptSegment } from '../transcript/segments.ts';
import { createRowStore } from '../segmentList/rowStore.ts';
import { transcriptText } from './transcriptText.ts';
import { useSpokenWord } from '../highlight/useSpokenWord.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';
import { useFollowPlayback } from '../segmentList/useFollowPlayback.ts';
import type { VirtualHandle } from '../segmentList/useVirtualUnits.ts';
import { SegmentRows } from '../segmentList/SegmentRows.tsx';
import * as styles from './TranscriptViewer.css.ts';
import { ViewToggle, type TranscriptView } from './ViewToggle.tsx';

export type TranscriptViewerState = 'loading' | 'processing' | 'error' | 'ready';
export type { TranscriptView } from './ViewToggle.tsx';
export { transcriptText } from './transcriptText.ts';

/** What a copy attempt did; without `onCopy` the viewer shows the spec's toast itself. */
export interface TranscriptCopyResult {
  ok: boolean;
  text: string;
  error?: unknown;
}

export interface TranscriptViewerProps {
  state: TranscriptViewerState;
  /** Heading above the text; 'Transcript' without one. */
  title?: string;
  /** Timed segments, sorted by start. Without them, `content` shows as plain paragraphs (no seeking). */
  segments?: readonly TranscriptSegment[];
  /** The transcript's full text (GET /api/transcripts/{id} `content`). */
  content?: string;
  /** Processing: 0-100; indeterminate without it. */
  progress?: number;
  /** Error: the reason, under 'Failed to load transcript'. */
  error?: string;
  /** Error: 'Try Again' calls this. */
  onRetry?: () => void;
  /** The player's position in seconds: the segment containing it is highlighted and scrolled into view. */
  currentTime?: number;
  /**
   * Whether the player is playing (from the media element's play and pause events): the segment at
   * `currentTime` is tagged 'Playing' only then; while paused it stays marked as the current one.
   */
  isPlaying?: boolean;
  /** A segment was clicked (or Enter/Space on it): seek the player to its start. */
  onSeek?: (seconds: number) => void;
  /** Controlled view; leave out for the viewer's own state starting at `defaultView` ('plain'). */
  view?: TranscriptView;
  defaultView?: TranscriptView;
  onViewChange?: (view: TranscriptView) => void;
  /** Replaces the default toasts ('Text copied to clipboard' / 'Failed to copy text'). */
  onCopy?: (result: TranscriptCopyResult) => void;
  /** Slot next to the copy button, e.g. the app's export menu (pdf, docx, txt). */
  exportMenu?: ReactNode;
}

/**
 * The transcript, synchronised with the player: a plain view (running text) and a detailed view
 * (speaker cards with start and end time). The segment at `currentTime` is marked (aria-current="time",
 * highlighted and underlined or edged) and scrolled into view inside the viewer without taking focus;
 * clicking a segment calls `onSeek(start)`, or with the start of the word clicked when the segment's
 * `words` are timed; while playing, the word being spoken is painted (CSS Highlight API, no re-render).
 * Segments are one Tab stop: arrows, Home and End move between
 * them, Enter or Space seeks. Rows are memoised, so a time update re-renders only the old and new
 * active segment. From 300 segments the list is virtualised: only the rows near the viewport are in
 * the document (the detailed view's cards carry aria-setsize and aria-posinset); following the
 * playback, the keyboard, find (Ctrl/Cmd+F) and copy still reach every segment. Give the viewer a
 * height: its body scrolls.
 */
function TranscriptViewerView({
  state,
  title,
  segments,
  content,
  progress,
  error,
  onRetry,
  currentTime,
  isPlaying = false,
  onSeek,
  view: viewProp,
  defaultView = 'plain',
  onViewChange,
  onCopy,
  exportMenu,
}: TranscriptViewerProps) {
  const { t } = useLingui();
  const headingId = useId();
  const [view, setView] = useControlledState<TranscriptView>(viewProp, defaultView, onViewChange);
  const heading = title || t`Transcript`;

  if (state === 'loading') {
    return (
      <ViewerFrame headingId={headingId} heading={heading}>
        <div className={styles.scroller}>
          <SkeletonGroup aria-label={t`Loading transcript`}>
            <Skeleton lines={4} />
            <div style={{ height: 16 }} />
            <Skeleton lines={5} />
            <div style={{ height: 16 }} />
            <Skeleton lines={3} />
          </SkeletonGroup>
        </div>
      </ViewerFrame>
    );
  }

  if (state === 'processing') {
    // 0 is 'nothing measured yet': a moving bar rather than a 0 % that seems stuck.
    const value = typeof progress === 'number' && Number.isFinite(progress) && progress > 0 ? Math.min(100, progress) : undefined;
    return (
      <ViewerFrame headingId={headingId} heading={heading}>
        <div className={styles.state}>
          <h3 className={styles.stateHeading}>{t`Processing Transcript`}</h3>
          <ProgressBar label={t`Transcription progress`} value={value} isIndeterminate={value === undefined} />
          <p className={styles.stateText}>{t`Your audio file is being processed.`}</p>
        </div>
      </ViewerFrame>
    );
  }

  if (state === 'error') {
    return (
      <ViewerFrame headingId={headingId} heading={heading}>
        <div className={styles.state}>
          <Alert tone="danger" title={t`Failed to load transcript`}>
            {error || null}
          </Alert>
          {onRetry ? (
            <div>
              <Button onPress={onRetry}>{t`Try Again`}</Button>
            </div>
          ) : null}
        </div>
      </ViewerFrame>
    );
  }

  return (
    <ReadyViewer
      headingId={headingId}
      heading={heading}
      segments={segments ?? EMPTY}
      content={content}
      currentTime={currentTime}
      isPlaying={isPlaying}
      onSeek={onSeek}
      view={view}
      onViewChange={setView}
      onCopy={onCopy}
      exportMenu={exportMenu}
    />
  );
}

const EMPTY: readonly TranscriptSegment[] = [];

/** The section every state of the viewer shows: its heading, the actions beside it, and the body. */
function ViewerFrame({
  headingId,
  heading,
  actions,
  toolbar,
  sectionRef,
  children,
}: {
  headingId: string;
  heading: string;
  actions?: ReactNode;
  /** Under the header, e.g. the find bar. */
  toolbar?: ReactNode;
  sectionRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section ref={sectionRef} className={`${KIT_ROOT_CLASS} ${styles.viewer}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {heading}
        </h2>
        {actions}
      </div>
      {toolbar}
      {children}
    </section>
  );
}

interface ReadyViewerProps {
  headingId: string;
  heading: string;
  segments: readonly TranscriptSegment[];
  content?: string;
  currentTime?: number;
  isPlaying: boolean;
  onSeek?: (seconds: number) => void;
  view: TranscriptView;
  onViewChange: (view: TranscriptView) => void;
  onCopy?: (result: TranscriptCopyResult) => void;
  exportMenu?: ReactNode;
}

function ReadyViewer({
  headingId,
  heading,
  segments,
  content,
  currentTime,
  isPlaying,
  onSeek,
  view,
  onViewChange,
  onCopy,
  exportMenu,
}: ReadyViewerProps) {
  const { t } = useLingui();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const activeIndex = useMemo(() => (typeof currentTime === 'number' ? segmentAt(segments, currentTime) : -1), [segments, currentTime]);

  // Rows read "playing" and "Tab stop" from this store, so the list below is built once per
  // transcript and view and a time update re-renders just the two rows that change.
  const [store] = useState(createRowStore);
  useLayoutEffect(() => store.setActive(activeIndex), [store, activeIndex]);
  useLayoutEffect(() => store.setPlaying(isPlaying), [store, isPlaying]);

  const onSeekRef = useRef(onSeek);
  useEffect(() => {
    onSeekRef.current = onSeek;
  });

  const handleRef = useRef<VirtualHandle | null>(null);
  useFollowPlayback(scrollerRef, activeIndex, view, handleRef);
  useSpokenWord(scrollerRef, segments[activeIndex], activeIndex, currentTime, isPlaying, view);

  const focusRow = useCallback((index: number) => handleRef.current?.focus(index), []);

  // Ctrl/Cmd+F: find in the transcript; closing puts focus on the current match's segment.
  const sectionRef = useRef<HTMLElement>(null);
  const { bar: findBar, onRowsRendered: onRendered } = useTranscriptFind({
    segments,
    sectionRef,
    scrollerRef,
    redrawKey: view,
    reveal: (index) => handleRef.current?.reveal(index),
    startIndex: () => (activeIndex >= 0 ? activeIndex : store.tabStop),
    onClosed: (found) => {
      const index = found >= 0 ? found : store.tabStop;
      store.setFocused(index);
      focusRow(index);
    },
  });

  const speakerLabel = useSpeakerLabel();
  const copyArgs = useRef({ segments, content, view, onCopy, speakerLabel });
  copyArgs.current = { segments, content, view, onCopy, speakerLabel };
  // Stable, so the header is not rendered again on every time update (only the rows that change are).
  const copy = useCallback(async () => {
    const { segments, content, view, onCopy, speakerLabel } = copyArgs.current;
    const text = transcriptText(segments, content, view, speakerLabel);
    try {
      await navigator.clipboard.writeText(text);
      if (onCopy) onCopy({ ok: true, text });
      else toast({ title: t`Text copied to clipboard`, variant: 'success' });
    } catch (error) {
      if (onCopy) onCopy({ ok: false, text, error });
      else toast({ title: t`Failed to copy text`, variant: 'destructive' });
    }
  }, [t]);

  const list = useMemo(() => {
    if (segments.length === 0) return null;
    const playFrom = (index: number, seconds?: number) => {
      store.setFocused(index);
      onSeekRef.current?.(seconds ?? segments[index].start);
    };
    // Arrows, Home and End move the one Tab stop between segments (roving tabindex).
    const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
      const from = store.tabStop;
      let next: number | null = null;
      if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = Math.min(segments.length - 1, from + 1);
      else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = Math.max(0, from - 1);
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = segments.length - 1;
      if (next === null) return;
      event.preventDefault();
      store.setFocused(next);
      focusRow(next);
    };
    return (
      <SegmentRows
        segments={segments}
        view={view}
        store={store}
        playFrom={playFrom}
        onKeyDown={onKeyDown}
        scrollerRef={scrollerRef}
        handleRef={handleRef}
        onRendered={onRendered}
      />
    );
  }, [segments, view, store, focusRow, onRendered]);

  const hasText = segments.length > 0 || Boolean(content?.trim());
  const actions = useMemo(
    () => (
      <div className={styles.actions}>
        {segments.length > 0 ? <ViewToggle view={view} onChange={onViewChange} /> : null}
        <Button size="sm" icon={<CopyIcon />} onPress={() => void copy()} isDisabled={!hasText}>
          {t`Copy`}
        </Button>
        {exportMenu}
      </div>
    ),
    [segments.length, view, onViewChange, copy, hasText, exportMenu, t],
  );

  return (
    <ViewerFrame
      headingId={headingId}
      heading={heading}
      sectionRef={sectionRef}
      toolbar={findBar ? <FindBar {...findBar} /> : null}
      actions={actions}
    >
      <div className={styles.scroller} ref={scrollerRef}>
        {list ??
          (content?.trim() ? (
            content
              .split(/\n\s*\n/)
              .filter((p) => p.trim())
              .map((paragraph, i) => (
                <p key={i} className={styles.paragraph}>
                  {paragraph.trim()}
                </p>
              ))
          ) : (
            <p className={styles.empty}>{t`This transcript has no text.`}</p>
          ))}
      </div>
    </ViewerFrame>
  );
}

export const TranscriptViewer = withKitProvider(TranscriptViewerView, 'TranscriptViewer');
