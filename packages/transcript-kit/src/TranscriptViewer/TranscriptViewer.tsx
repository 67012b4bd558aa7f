import { useLingui } from '@lingui/react/macro';
import { withKitLocale, type KitLocaleProps } from '../locale/KitLocale.tsx';
import { KIT_ROOT_CLASS, Alert, Button, ProgressBar, Skeleton, SkeletonGroup, toast, VisuallyHidden } from '@scribe/ui';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useControlledState } from 'react-stately/useControlledState';
import { CopyIcon } from '@scribe/ui/icons';
import { FindBar, useTranscriptFind } from '../FindBar/FindBar.tsx';
import { formatTime } from '../media/time.ts';
import { paragraphRanges, speakerOf, speakerRuns } from '../transcript/paragraphs.ts';
import { DEFAULT_SPEAKER, segmentAt, speakerColorIndex, type TranscriptSegment } from '../transcript/segments.ts';
import { ACTIVE, createRowStore, PLAYING, TAB_STOP, type RowStore } from './rowStore.ts';
import { useVirtualUnits, type VirtualHandle } from './useVirtualUnits.ts';
import * as styles from './TranscriptViewer.css.ts';
import { ViewToggle, type TranscriptView } from './ViewToggle.tsx';

export type TranscriptViewerState = 'loading' | 'processing' | 'error' | 'ready';
export type { TranscriptView } from './ViewToggle.tsx';

/** What a copy attempt did; without `onCopy` the viewer shows the spec's toast itself. */
export interface TranscriptCopyResult {
  ok: boolean;
  text: string;
  error?: unknown;
}

export interface TranscriptViewerProps extends KitLocaleProps {
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

/** How long a manual scroll (wheel, touch, keys) pauses following the playback. */
const MANUAL_SCROLL_PAUSE_MS = 4000;

/**
 * From this many segments the list renders only the paragraphs or cards near the viewport (plus the
 * one holding the Tab stop): 5,000 rows in the document render and scroll slower than a plain list.
 */
export const VIRTUALIZE_FROM_SEGMENTS = 300;

/**
 * The transcript, synchronised with the player: a plain view (running text) and a detailed view
 * (speaker cards with start and end time). The segment at `currentTime` is marked (aria-current="time",
 * highlighted and underlined or edged) and scrolled into view inside the viewer without taking focus;
 * clicking a segment calls `onSeek(start)`. Segments are one Tab stop: arrows, Home and End move between
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

const joinText = (segments: readonly TranscriptSegment[]) => segments.map((s) => s.text.trim()).join(' ');

/** The text a copy puts on the clipboard: what the current view shows, in its paragraphs or speaker turns. */
export function transcriptText(
  segments: readonly TranscriptSegment[],
  content: string | undefined,
  view: TranscriptView,
  /** 'Unknown Speaker' in the reader's language. */
  unknownSpeaker: string = DEFAULT_SPEAKER,
): string {
  if (segments.length === 0) return content ?? '';
  if (view === 'plain')
    return paragraphRanges(segments)
      .map((r) => joinText(segments.slice(r.start, r.end)))
      .join('\n\n');
  return speakerRuns(segments)
    .map((run) => {
      const first = segments[run.start];
      const lines = segments.slice(run.start, run.end).map((s) => `[${formatTime(s.start)} - ${formatTime(s.end)}] ${s.text.trim()}`);
      const speaker = speakerOf(first);
      return `${speaker === DEFAULT_SPEAKER ? unknownSpeaker : speaker}:\n${lines.join('\n')}`;
    })
    .join('\n\n');
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

  const virtual = segments.length >= VIRTUALIZE_FROM_SEGMENTS;
  const handleRef = useRef<VirtualHandle | null>(null);
  useFollowPlayback(scrollerRef, activeIndex, view, virtual ? handleRef : null);

  // Virtualised rows come and go while scrolling: the find highlights are painted again on the new ones.
  const [paintKey, setPaintKey] = useState(0);
  const findOpen = useRef(false);
  const onRendered = useCallback(() => {
    if (findOpen.current) setPaintKey((k) => k + 1);
  }, []);
  const focusRow = useCallback((index: number) => {
    if (handleRef.current) handleRef.current.focus(index);
    else scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  }, []);

  // Ctrl/Cmd+F: find in the transcript; closing puts focus on the current match's segment.
  const sectionRef = useRef<HTMLElement>(null);
  const findBar = useTranscriptFind({
    segments,
    sectionRef,
    scrollerRef,
    redrawKey: view,
    paintKey,
    reveal: (index) => handleRef.current?.reveal(index),
    startIndex: () => (activeIndex >= 0 ? activeIndex : store.tabStop),
    onClosed: (found) => {
      const index = found >= 0 ? found : store.tabStop;
      store.setFocused(index);
      focusRow(index);
    },
  });
  findOpen.current = findBar !== null;

  const copyArgs = useRef({ segments, content, view, onCopy, unknownSpeaker: '' });
  copyArgs.current = { segments, content, view, onCopy, unknownSpeaker: t`Unknown Speaker` };
  // Stable, so the header is not rendered again on every time update (only the rows that change are).
  const copy = useCallback(async () => {
    const { segments, content, view, onCopy, unknownSpeaker } = copyArgs.current;
    const text = transcriptText(segments, content, view, unknownSpeaker);
    try {
      await navigator.clipboard.writeText(text);
      if (onCopy) onCopy({ ok: true, text });
      else toast({ title: t`Text copied to clipboard`, variant: 'success' });
    } catch (error) {
      if (onCopy) onCopy({ ok: false, text, error });
      else toast({ title: t`Failed to copy text`, variant: 'destructive' });
    }
  }, [t]);

  const listLabel = t`Transcript segments`;
  const list = useMemo(() => {
    if (segments.length === 0) return null;
    const activate = (index: number, start: number) => {
      store.setFocused(index);
      onSeekRef.current?.(start);
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
    if (virtual)
      return (
        <VirtualRows
          segments={segments}
          view={view}
          store={store}
          label={listLabel}
          onKeyDown={onKeyDown}
          onActivate={activate}
          scrollerRef={scrollerRef}
          handleRef={handleRef}
          onRendered={onRendered}
        />
      );
    if (view === 'plain') {
      // Paragraphs where the speaker pauses after a sentence (or changes): easier to read than one block.
      return (
        <div className={styles.plainParagraphs} role="group" aria-label={listLabel} onKeyDown={onKeyDown}>
          {paragraphRanges(segments).map((range, k, ranges) => (
            <p key={range.start} className={styles.plain}>
              {turnSpeaker(segments, ranges, k)}
              {segments.slice(range.start, range.end).map((segment, k) => (
                <InlineSegment key={range.start + k} index={range.start + k} segment={segment} store={store} onActivate={activate} />
              ))}
            </p>
          ))}
        </div>
      );
    }
    // The speaker is named once per turn; the following cards of the same turn name it for screen readers only.
    const turnStarts = new Set(speakerRuns(segments).map((run) => run.start));
    return (
      <ol className={styles.cards} aria-label={listLabel} onKeyDown={onKeyDown}>
        {segments.map((segment, index) => (
          <SegmentCard key={index} index={index} segment={segment} store={store} onActivate={activate} startsTurn={turnStarts.has(index)} />
        ))}
      </ol>
    );
  }, [segments, view, store, listLabel, virtual, focusRow, onRendered]);

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

/**
 * The plain view names the speaker where a turn starts (paragraph `k` of `ranges`), as the editor's plain
 * view does; nothing when no segment has a known speaker.
 */
function turnSpeaker(segments: readonly TranscriptSegment[], ranges: readonly { start: number }[], k: number) {
  const speaker = speakerOf(segments[ranges[k].start]);
  if (k > 0 && speakerOf(segments[ranges[k - 1].start]) === speaker) return null;
  if (!segments.some((s) => speakerOf(s) !== DEFAULT_SPEAKER)) return null;
  return <PlainSpeaker name={speaker} />;
}

function PlainSpeaker({ name }: { name: string }) {
  const { t } = useLingui();
  return <span className={styles.plainSpeaker}>{name === DEFAULT_SPEAKER ? t`Unknown Speaker` : name}: </span>;
}

interface VirtualRowsProps {
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  store: RowStore;
  label: string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onActivate: (index: number, start: number) => void;
  scrollerRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<VirtualHandle | null>;
  onRendered: () => void;
}

/**
 * The long transcript's list: the same paragraphs and cards as the full list, but only those near the
 * viewport (and the one holding the Tab stop) are rendered; the space of the others stays as padding
 * and margins so the scrollbar, the position and the layout are those of the full list.
 */
function VirtualRows({ segments, view, store, label, onKeyDown, onActivate, scrollerRef, handleRef, onRendered }: VirtualRowsProps) {
  const paragraphs = useMemo(() => (view === 'plain' ? paragraphRanges(segments) : null), [segments, view]);
  const unitOfSegment = useMemo(() => {
    if (!paragraphs) return null;
    const units = new Int32Array(segments.length);
    paragraphs.forEach((range, unit) => units.fill(unit, range.start, range.end));
    return units;
  }, [segments, paragraphs]);
  const unitOf = useCallback((index: number) => (unitOfSegment ? (unitOfSegment[index] ?? 0) : index), [unitOfSegment]);
  const turnStarts = useMemo(() => (view === 'detailed' ? new Set(speakerRuns(segments).map((run) => run.start)) : null), [segments, view]);
  const { listRef, plan } = useVirtualUnits({
    count: paragraphs ? paragraphs.length : segments.length,
    unitOf,
    scrollerRef,
    keepUnit: () => unitOf(store.tabStop),
    subscribeKeep: store.subscribeTabStop,
    resetKey: view,
    handleRef,
    onRendered,
  });
  const padding = { paddingTop: plan.paddingTop, paddingBottom: plan.paddingBottom, overflowAnchor: 'none' as const };
  if (paragraphs) {
    return (
      <div
        ref={listRef as RefObject<HTMLDivElement | null>}
        className={styles.plainParagraphs}
        style={padding}
        role="group"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {plan.units.map(({ index: unit, marginTop }) => {
          const range = paragraphs[unit];
          return (
            <p key={unit} data-unit={unit} className={styles.plain} style={marginTop ? { marginTop } : undefined}>
              {turnSpeaker(segments, paragraphs, unit)}
              {segments.slice(range.start, range.end).map((segment, k) => (
                <InlineSegment key={range.start + k} index={range.start + k} segment={segment} store={store} onActivate={onActivate} />
              ))}
            </p>
          );
        })}
      </div>
    );
  }
  return (
    <ol
      ref={listRef as RefObject<HTMLOListElement | null>}
      className={styles.cards}
      style={padding}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {plan.units.map(({ index, marginTop }) => (
        <SegmentCard
          key={index}
          index={index}
          segment={segments[index]}
          store={store}
          onActivate={onActivate}
          startsTurn={turnStarts?.has(index) ?? false}
          setSize={segments.length}
          marginTop={marginTop}
        />
      ))}
    </ol>
  );
}

interface RowProps {
  index: number;
  segment: TranscriptSegment;
  store: RowStore;
  onActivate: (index: number, start: number) => void;
}

/** This row's ACTIVE / TAB_STOP flags; re-renders the row only when they change. */
function useRowFlags(store: RowStore, index: number) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(index, listener), [store, index]);
  const snapshot = () => store.flags(index);
  // The same getter on a server render: without one, react-dom/server throws.
  const flags = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { isActive: (flags & ACTIVE) !== 0, isPlaying: (flags & PLAYING) !== 0, isTabStop: (flags & TAB_STOP) !== 0 };
}

/**
 * What every row is, in either view: its flags, and the props of its control (the index the keyboard
 * handler finds it by, the current-time mark, the roving Tab stop, activation and focus).
 */
function useRow({ index, segment, store, onActivate }: RowProps) {
  const flags = useRowFlags(store, index);
  const activate = () => onActivate(index, segment.start);
  return {
    ...flags,
    activate,
    rowProps: {
      'data-index': index,
      'aria-current': flags.isActive ? ('time' as const) : undefined,
      tabIndex: flags.isTabStop ? 0 : -1,
      onClick: activate,
      onFocus: () => store.setFocused(index),
    },
  };
}

/**
 * A segment inside running text. A span with role="button" (a real <button> would lay out as an
 * inline block and break the paragraph into one line per segment); Enter and Space activate it.
 */
const InlineSegment = memo(function InlineSegment(props: RowProps) {
  const { segment } = props;
  const { activate, rowProps } = useRow(props);
  return (
    <>
      <span
        role="button"
        className={styles.inlineSegment}
        {...rowProps}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          activate();
        }}
      >
        {segment.text.trim()}
      </span>{' '}
    </>
  );
});

const SegmentCard = memo(function SegmentCard({
  startsTurn,
  setSize,
  marginTop = 0,
  ...props
}: RowProps & {
  startsTurn: boolean;
  /** Virtualised: the list's length, for screen readers (only some cards are in the document). */
  setSize?: number;
  marginTop?: number;
}) {
  const { t } = useLingui();
  const { segment } = props;
  const { isPlaying, rowProps } = useRow(props);
  const speaker = speakerOf(segment);
  // The engine's word for no speaker, shown in the reader's language.
  const speakerName = speaker === DEFAULT_SPEAKER ? t`Unknown Speaker` : speaker;
  return (
    <li
      // Virtualised cards are measured as they are, so they skip the off-screen placeholder size.
      className={setSize === undefined ? styles.cardItem : undefined}
      data-unit={setSize === undefined ? undefined : props.index}
      aria-setsize={setSize}
      aria-posinset={setSize === undefined ? undefined : props.index + 1}
      style={marginTop ? { marginTop } : undefined}
    >
      <button type="button" className={styles.card} {...rowProps}>
        <span className={styles.cardMeta}>
          {startsTurn ? (
            <span className={styles.speakerBadge[speakerColorIndex(speaker)]}>{speakerName}</span>
          ) : (
            <VisuallyHidden>{speakerName}</VisuallyHidden>
          )}
          <span className={styles.cardTime}>
            <span aria-hidden="true">
              {formatTime(segment.start)} – {formatTime(segment.end)}
            </span>
            <VisuallyHidden>{t`from ${formatTime(segment.start)} to ${formatTime(segment.end)}`}</VisuallyHidden>
          </span>
          {isPlaying ? <span className={styles.playingTag}>{t`Playing`}</span> : null}
        </span>
        <span className={styles.cardText} data-find-text="">
          {segment.text.trim()}
        </span>
      </button>
    </li>
  );
});

/**
 * Scrolls the active segment into view inside the viewer's own scroller (never the page, never moving
 * focus): smoothly, or instantly under reduced motion. A wheel, touch or key scroll by the user pauses
 * this for a few seconds so reading ahead is not fought.
 */
function useFollowPlayback(
  scrollerRef: RefObject<HTMLDivElement | null>,
  activeIndex: number,
  view: TranscriptView,
  /** Virtualised: the list renders (and then corrects) a row that is not in the document. */
  virtual: RefObject<VirtualHandle | null> | null,
) {
  const pausedUntil = useRef(0);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const pause = () => {
      pausedUntil.current = performance.now() + MANUAL_SCROLL_PAUSE_MS;
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (['PageUp', 'PageDown', ' ', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key) && event.target === scroller) pause();
    };
    scroller.addEventListener('wheel', pause, { passive: true });
    scroller.addEventListener('touchmove', pause, { passive: true });
    scroller.addEventListener('keydown', onKey);
    return () => {
      scroller.removeEventListener('wheel', pause);
      scroller.removeEventListener('touchmove', pause);
      scroller.removeEventListener('keydown', onKey);
    };
  }, [scrollerRef]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || activeIndex < 0 || performance.now() < pausedUntil.current) return;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) {
      virtual?.current?.reveal(activeIndex);
      return;
    }
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    const margin = Math.min(48, box.height / 4);
    if (rect.top >= box.top + margin && rect.bottom <= box.bottom - margin) return;
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    const top = Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3);
    // Smooth for the next lines; a far jump (a seek) lands at once rather than scrolling through pages.
    const far = Math.abs(top - scroller.scrollTop) > box.height * 2;
    const behavior = reduce || far ? 'auto' : 'smooth';
    if (virtual?.current) virtual.current.reveal(activeIndex, behavior);
    else scroller.scrollTo({ top, behavior });
  }, [scrollerRef, activeIndex, view, virtual]);
}

export const TranscriptViewer = withKitLocale(TranscriptViewerView, 'TranscriptViewer');
