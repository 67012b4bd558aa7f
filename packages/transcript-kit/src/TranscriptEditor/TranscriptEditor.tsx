import { useLingui } from '@lingui/react/macro';
import { withKitLocale } from '../locale/KitLocale.tsx';
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { KIT_ROOT_CLASS, Button, IconButton, VisuallyHidden } from '@scribe/ui';
import { CheckIcon, WarningIcon } from '@scribe/ui/icons';
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
  type RefObject,
} from 'react';
import { TextArea, TextField } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { formatTime } from '../media/time.ts';
import {
  assignSpeaker,
  cleanSegmentText,
  editText,
  markReviewed,
  mergeWithNext,
  nextToReview,
  nudgeSplit,
  nudgeTime,
  NUDGE_STEP,
  renameSpeaker,
  reviewCount,
  reviewReasons,
  splitAt,
  touchesNext,
  validateSegmentText,
  EDIT_LIMITS,
  type SegmentChange,
  type SegmentEdge,
} from '../transcript/editing.ts';
import { paragraphRanges, speakerOf } from '../transcript/paragraphs.ts';
import { canRedo, canUndo, emptyHistory, record, redo, sameItems, undo, type UndoHistory } from '../transcript/undoStack.ts';
import { DEFAULT_SPEAKER, segmentAt, speakerColorIndex, type ReviewFlag, type TranscriptSegment } from '../transcript/segments.ts';
import { ACTIVE, createRowStore, EDITING, PLAYING, TAB_STOP, type RowStore } from '../TranscriptViewer/rowStore.ts';
import * as viewerStyles from '../TranscriptViewer/TranscriptViewer.css.ts';
import type { TranscriptView } from '../TranscriptViewer/TranscriptViewer.tsx';
import { ViewToggle } from '../TranscriptViewer/ViewToggle.tsx';
import { isTypingTarget, matchEditingKey, matchShortcut, SHORTCUT_SKIP_SECONDS, type ShortcutId } from './shortcuts.ts';
import { FindBar, useTranscriptFind } from '../FindBar/FindBar.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { ReplaceDialog } from '../ReplaceDialog/ReplaceDialog.tsx';
import { SpeakerPopover } from './SpeakerPopover.tsx';
import * as styles from './TranscriptEditor.css.ts';
import type { SaveState, TranscriptEditorProps } from './types.ts';

export type { SaveState, TranscriptEditorProps } from './types.ts';

/** Times in the editor show tenths: a 0.1 s nudge must be visible. */
export function formatPreciseTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10) % 10;
  return `${formatTime(Math.floor(Math.round(safe * 10) / 10))}.${tenths}`;
}

const REASONS: Record<ReviewFlag, MessageDescriptor> = {
  low_confidence: msg`Low confidence`,
  repetition: msg`Repeated words`,
  silence: msg`Text over silence`,
  speech_rate: msg`Unusual speech rate`,
};

/** What an undo or redo takes back or does again, in the announcement 'Undone: …'. */
const CHANGE_WORDS: Record<SegmentChange, MessageDescriptor> = {
  text: msg`text edit`,
  split: msg`split`,
  merge: msg`merge`,
  timing: msg`time change`,
  speakers: msg`speaker change`,
  review: msg`review mark`,
};

type EditHistory = UndoHistory<readonly TranscriptSegment[], SegmentChange>;

/** The words for a review reason (shown next to the mark's icon and read as the segment's description). */
export function reviewReasonText(i18n: I18n, flag: ReviewFlag): string {
  return i18n._(REASONS[flag]);
}

/*
 * Rows come in chunks that skip layout and paint while off-screen (content-visibility). Per row, as in
 * the viewer, the browser re-checked 5,000 rows' visibility on every keystroke (about 16 ms); per chunk
 * it checks a hundred.
 */
const CARD_CHUNK = 50;
const PLAIN_CHUNK = 20;

/** [from, to) index ranges of `size` items each. */
function chunksOf(count: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += size) out.push([from, Math.min(count, from + size)]);
  return out;
}

/** What rows call; one object for the editor's lifetime, so a commit re-renders only the rows that changed. */
interface RowActions {
  startEdit(index: number): void;
  finishEdit(index: number, draft: string, how: 'save' | 'blur'): string | null;
  cancelEdit(index: number): void;
  /** Whether the segment was split (false: no word boundary there, editing goes on). */
  splitEdit(index: number, draft: string, caret: number): boolean;
  mergeEdit(index: number, draft: string): void;
  seek(index: number): void;
  /** Seek the player to the segment and play from there (a click or tap on its text). */
  playFrom(index: number): void;
  confirm(index: number): void;
  openSpeaker(index: number, anchor: HTMLElement): void;
  focusRow(index: number): void;
}

interface RowProps {
  index: number;
  segment: TranscriptSegment;
  store: RowStore;
  actions: RowActions;
  ids: string;
  isReadOnly: boolean;
}

/**
 * The transcript as a document to correct while listening (docs/product-spec.md §9 for the colours):
 * a click or tap on a segment's text plays from there (the synchronised viewer); a double-click, Enter on
 * the focused segment or the Edit button edits it in place (the audio keeps its position); Enter or
 * leaving the field saves, Escape cancels, Shift+Enter splits at the cursor, Delete at the end merges
 * with the next segment. The keyboard shortcuts (SHORTCUTS, dialog on '?') work while focus is in the
 * transcript and never while typing. Speaker labels open a popover to rename a speaker everywhere or to
 * assign the segment to another speaker. Flagged and low-confidence segments carry a mark (icon and
 * words); 'Next to review' plays the next one. The editor keeps no segments of its own: every edit comes
 * out through `onChange`. Rows are memoised and the draft text lives in the edited row, so typing
 * re-renders one row even with 5,000 segments.
 */
function TranscriptEditorView({
  title,
  titleSlot,
  segments,
  onChange,
  currentTime,
  isPlaying = false,
  onSeek,
  onPlayFrom,
  onTogglePlay,
  onSkip,
  view: viewProp,
  defaultView = 'detailed',
  onViewChange,
  saveState = 'idle',
  saveError,
  onReload,
  onKeepMine,
  exportMenu,
  isReadOnly = false,
}: TranscriptEditorProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const ids = useId();
  const [view, setView] = useControlledState<TranscriptView>(viewProp, defaultView, onViewChange);
  const heading = title || t`Transcript`;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [store] = useState(createRowStore);
  const [announcement, setAnnouncement] = useState('');
  const [speakerFor, setSpeakerFor] = useState<{ index: number; anchor: HTMLElement } | null>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [replaceOpen, setReplaceOpen] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  // Undo and redo: the steps, and the segments the editor last produced (its host passes them back).
  const history = useRef<{ steps: EditHistory; present: readonly TranscriptSegment[] | null }>({ steps: emptyHistory(), present: null });
  const [undoable, setUndoable] = useState({ undo: false, redo: false });
  const setHistory = useCallback((steps: EditHistory, present: readonly TranscriptSegment[] | null) => {
    history.current = { steps, present };
    setUndoable((was) => {
      const next = { undo: canUndo(steps), redo: canRedo(steps) };
      return was.undo === next.undo && was.redo === next.redo ? was : next;
    });
  }, []);
  // Segments that came from elsewhere (a reload, another tab's revision, a restore) end the history:
  // an undo must never take back what someone else did.
  useLayoutEffect(() => {
    const { present } = history.current;
    if (present && !sameItems(segments, present)) setHistory(emptyHistory(), null);
  }, [segments, setHistory]);

  const activeIndex = useMemo(() => (typeof currentTime === 'number' ? segmentAt(segments, currentTime) : -1), [segments, currentTime]);
  useLayoutEffect(() => store.setActive(activeIndex), [store, activeIndex]);
  useLayoutEffect(() => store.setPlaying(isPlaying), [store, isPlaying]);
  useFollowActive(scrollerRef, activeIndex, view);

  // Rows and key handlers read the latest props through one ref, so they never need to re-render for them.
  const latest = useRef({ segments, onChange, onSeek, onPlayFrom, onTogglePlay, onSkip, isReadOnly, i18n });
  useLayoutEffect(() => {
    latest.current = { segments, onChange, onSeek, onPlayFrom, onTogglePlay, onSkip, isReadOnly, i18n };
  });

  const focusRow = useCallback(
    (index: number) => {
      store.setFocused(index);
      const find = () => scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      find()?.focus();
      // After an edit the row's text renders anew (the field goes): focus it again once it is there.
      requestAnimationFrame(() => {
        const row = find();
        if (row && document.activeElement !== row) row.focus();
      });
    },
    [store],
  );

  // Find in the transcript (Ctrl/Cmd+F); closing puts focus on the current match's segment.
  const findBar = useTranscriptFind({
    segments,
    sectionRef,
    scrollerRef,
    redrawKey: view,
    startIndex: () => (activeIndex >= 0 ? activeIndex : (store.focused ?? 0)),
    onClosed: (index) => focusRow(index >= 0 ? index : store.tabStop),
  });

  const ops = useMemo(() => {
    const commit = (next: readonly TranscriptSegment[], change: SegmentChange, message?: string) => {
      const { segments: current, onChange: emit } = latest.current;
      if (next === current) return false;
      emit([...next], change);
      setHistory(record(history.current.steps, { before: current, after: next, kind: change }), next);
      if (message) setAnnouncement(message);
      return true;
    };
    // Translated when said: the rows' actions live as long as the editor, the language may change.
    const say = (descriptor: MessageDescriptor) => latest.current.i18n._(descriptor);
    const withDraft = (index: number, draft: string) => {
      const current = latest.current.segments;
      return current.map((s, i) => (i === index ? { ...s, text: draft, reviewed: true } : s));
    };
    const play = (seconds: number) => {
      const { onPlayFrom: playFrom, onSeek: seek } = latest.current;
      if (playFrom) playFrom(seconds);
      else seek?.(seconds);
    };
    const row: RowActions = {
      startEdit(index) {
        if (latest.current.isReadOnly) return;
        store.setFocused(index);
        store.setEditing(index);
      },
      finishEdit(index, draft, how) {
        if (validateSegmentText(draft)) return say(msg`The text can have at most ${EDIT_LIMITS.segmentTextMaxChars} characters.`);
        store.setEditing(null);
        commit(editText(latest.current.segments, index, draft), 'text', say(msg`Text saved`));
        if (how === 'save') focusRow(index);
        return null;
      },
      cancelEdit(index) {
        store.setEditing(null);
        setAnnouncement(say(msg`Edit cancelled`));
        focusRow(index);
      },
      splitEdit(index, draft, caret) {
        const base = withDraft(index, draft);
        const split = splitAt(base, index, caret);
        if (split === base) {
          setAnnouncement(say(msg`This segment cannot be split here.`));
          return false;
        }
        const next = split.map((s, i) => (i === index || i === index + 1 ? { ...s, text: cleanSegmentText(s.text) } : s));
        store.setEditing(null);
        commit(next, 'split', say(msg`Segment split at ${formatPreciseTime(next[index + 1].start)}`));
        focusRow(index + 1);
        return true;
      },
      mergeEdit(index, draft) {
        const base = withDraft(index, cleanSegmentText(draft));
        const merged = mergeWithNext(base, index);
        if (merged === base) return;
        store.setEditing(null);
        commit(merged, 'merge', say(msg`Merged with the next segment`));
        focusRow(index);
      },
      seek(index) {
        const segment = latest.current.segments[index];
        if (segment) latest.current.onSeek?.(segment.start);
      },
      playFrom(index) {
        const segment = latest.current.segments[index];
        if (segment) play(segment.start);
      },
      confirm(index) {
        if (latest.current.isReadOnly) return;
        commit(markReviewed(latest.current.segments, index), 'review', say(msg`Marked as reviewed`));
      },
      openSpeaker(index, anchor) {
        if (latest.current.isReadOnly) return;
        anchorRef.current = anchor;
        setSpeakerFor({ index, anchor });
      },
      focusRow,
    };
    /** Ctrl/Cmd+Z and the Undo button; Shift+Ctrl/Cmd+Z and Redo. */
    const travel = (direction: 'undo' | 'redo') => {
      const moved = direction === 'undo' ? undo(history.current.steps) : redo(history.current.steps);
      if (!moved) {
        setAnnouncement(say(direction === 'undo' ? msg`Nothing to undo` : msg`Nothing to redo`));
        return;
      }
      const target = direction === 'undo' ? moved.step.before : moved.step.after;
      store.setEditing(null);
      latest.current.onChange([...target], moved.step.kind);
      setHistory(moved.history, target);
      const what = say(CHANGE_WORDS[moved.step.kind]);
      setAnnouncement(direction === 'undo' ? say(msg`Undone: ${what}`) : say(msg`Redone: ${what}`));
    };
    return { row, play, commit, travel };
  }, [store, focusRow, setHistory]);
  const actions = ops.row;
  const extra = ops;

  const toReview = useMemo(() => reviewCount(segments), [segments]);

  const goToNextReview = () => {
    const from = store.focused ?? -1;
    const index = nextToReview(segments, from);
    if (index < 0) return;
    extra.play(segments[index].start);
    focusRow(index);
  };

  /** The Edit button: the segment the user last clicked or focused, else the playing one. */
  const editChosen = () => {
    const index = store.focused ?? (activeIndex >= 0 ? activeIndex : store.tabStop);
    if (segments[index]) actions.startEdit(index);
  };

  const nudge = (index: number, edge: SegmentEdge, delta: number) => {
    const current = latest.current.segments;
    let next: readonly TranscriptSegment[];
    if (edge === 'start' && index > 0 && touchesNext(current, index - 1)) next = nudgeSplit(current, index - 1, delta);
    else if (edge === 'end' && touchesNext(current, index)) next = nudgeSplit(current, index, delta);
    else next = nudgeTime(current, index, edge, delta);
    if (next === current) {
      setAnnouncement(t`This time cannot move further.`);
      return;
    }
    const segment = next[index];
    extra.commit(next, 'timing', t`From ${formatPreciseTime(segment.start)} to ${formatPreciseTime(segment.end)}`);
  };

  const runShortcut = (id: ShortcutId, rowIndex: number | null) => {
    const index = rowIndex ?? store.tabStop;
    const current = latest.current.segments;
    switch (id) {
      case 'togglePlay':
        onTogglePlay?.();
        return true;
      case 'back':
        onSkip?.(-SHORTCUT_SKIP_SECONDS);
        return true;
      case 'forward':
        onSkip?.(SHORTCUT_SKIP_SECONDS);
        return true;
      case 'help':
        setHelpOpen(true);
        return true;
      case 'nextToReview':
        goToNextReview();
        return true;
      case 'replay':
        if (current[index]) extra.play(current[index].start);
        return true;
      case 'previous':
      case 'next':
        if (rowIndex === null) return false;
        focusRow(Math.max(0, Math.min(current.length - 1, index + (id === 'next' ? 1 : -1))));
        return true;
      case 'edit':
        if (rowIndex === null) return false;
        actions.startEdit(rowIndex);
        return true;
      default:
        break;
    }
    if (isReadOnly) return false;
    if (id === 'undo' || id === 'redo') {
      extra.travel(id);
      return true;
    }
    if (!current[index]) return false;
    switch (id) {
      case 'confirm':
        actions.confirm(index);
        return true;
      case 'merge':
        extra.commit(mergeWithNext(current, index), 'merge', t`Merged with the next segment`);
        return true;
      case 'speaker': {
        const row = scrollerRef.current?.querySelector<HTMLElement>(`[data-row="${index}"] [data-speaker]`);
        const text = scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const anchor = row ?? text;
        if (anchor) actions.openSpeaker(index, anchor);
        return true;
      }
      case 'startEarlier':
        nudge(index, 'start', -NUDGE_STEP);
        return true;
      case 'startLater':
        nudge(index, 'start', NUDGE_STEP);
        return true;
      case 'endEarlier':
        nudge(index, 'end', -NUDGE_STEP);
        return true;
      case 'endLater':
        nudge(index, 'end', NUDGE_STEP);
        return true;
      default:
        return false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Never while typing, and never for keys pressed in a popover or dialog the editor opened.
    if (event.defaultPrevented || isTypingTarget(target) || !event.currentTarget.contains(target)) return;
    const rowElement = target.closest<HTMLElement>('[data-index]');
    const onRow = rowElement !== null && rowElement === target;
    // Home and End move between segments, as in the viewer.
    if (onRow && (event.key === 'Home' || event.key === 'End') && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      focusRow(event.key === 'Home' ? 0 : segments.length - 1);
      return;
    }
    const id = matchShortcut(event);
    if (!id) return;
    // Space and Enter keep their meaning on buttons and switches; arrows on the view switch.
    const isControl = !onRow && target.closest('button, [role="button"], [role="radio"], a, [role="menuitem"]') !== null;
    if (isControl && (event.key === ' ' || event.key === 'Enter' || event.key.startsWith('Arrow'))) return;
    const rowIndex = rowElement ? Number(rowElement.dataset.index) : (target.closest<HTMLElement>('[data-row]')?.dataset.row ?? null);
    const handled = runShortcut(id, rowIndex === null ? null : Number(rowIndex));
    if (handled) event.preventDefault();
  };

  const listLabel = t`Transcript segments`;
  const showNames = useMemo(() => segments.some((s) => speakerOf(s) !== DEFAULT_SPEAKER), [segments]);
  const list = useMemo(() => {
    if (segments.length === 0) return null;
    if (view === 'plain') {
      const ranges = paragraphRanges(segments);
      return (
        <div className={viewerStyles.plainParagraphs} role="group" aria-label={listLabel}>
          {chunksOf(ranges.length, PLAIN_CHUNK).map(([from, to]) => (
            <div key={from} className={styles.plainChunk}>
              {ranges.slice(from, to).map((range, j) => {
                const k = from + j;
                const speaker = speakerOf(segments[range.start]);
                const turn = showNames && (k === 0 || speakerOf(segments[ranges[k - 1].start]) !== speaker);
                return (
                  // A div, not a p: the edit field inside is block content.
                  <div key={range.start} className={viewerStyles.plain}>
                    {turn ? <PlainSpeaker name={speaker} /> : null}
                    {segments.slice(range.start, range.end).map((segment, j) => (
                      <InlineRow
                        key={range.start + j}
                        index={range.start + j}
                        segment={segment}
                        store={store}
                        actions={actions}
                        ids={ids}
                        isReadOnly={isReadOnly}
                      />
                    ))}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      );
    }
    return (
      <div className={styles.cards} role="list" aria-label={listLabel}>
        {chunksOf(segments.length, CARD_CHUNK).map(([from, to]) => (
          <div key={from} className={styles.cardChunk} role="none">
            {segments.slice(from, to).map((segment, j) => (
              <CardRow
                key={from + j}
                index={from + j}
                segment={segment}
                continuesTurn={from + j > 0 && speakerOf(segments[from + j - 1]) === speakerOf(segment)}
                store={store}
                actions={actions}
                ids={ids}
                isReadOnly={isReadOnly}
              />
            ))}
          </div>
        ))}
      </div>
    );
  }, [segments, view, store, actions, ids, isReadOnly, listLabel, showNames]);

  const speakerSegment = speakerFor ? segments[speakerFor.index] : undefined;

  return (
    <section
      ref={sectionRef}
      className={`${KIT_ROOT_CLASS} ${viewerStyles.viewer}`}
      aria-labelledby={titleSlot ? undefined : headingId}
      aria-label={titleSlot ? heading : undefined}
      onKeyDown={onKeyDown}
    >
      <div className={viewerStyles.header}>
        {titleSlot ?? (
          <h2 id={headingId} className={viewerStyles.title}>
            {heading}
          </h2>
        )}
        <div className={viewerStyles.actions}>
          {segments.length > 0 ? <ViewToggle view={view} onChange={setView} /> : null}
          {/* Keys need a keyboard: not on touch screens (the shortcuts still work with one attached). */}
          <span className={styles.shortcutsButton}>
            <IconButton
              aria-label={t`Keyboard shortcuts`}
              icon={<span aria-hidden="true">?</span>}
              size="sm"
              onPress={() => setHelpOpen(true)}
            />
          </span>
          {exportMenu}
        </div>
      </div>
      <div className={styles.bar}>
        {isReadOnly || segments.length === 0 ? null : (
          <Button size="sm" aria-describedby={`${ids}-edit-hint`} onPress={editChosen}>
            {t`Edit`}
          </Button>
        )}
        {isReadOnly ? null : (
          <>
            <Button size="sm" aria-keyshortcuts="Control+Z Meta+Z" isDisabled={!undoable.undo} onPress={() => extra.travel('undo')}>
              {t`Undo`}
            </Button>
            <Button
              size="sm"
              aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
              isDisabled={!undoable.redo}
              onPress={() => extra.travel('redo')}
            >
              {t`Redo`}
            </Button>
          </>
        )}
        {isReadOnly || segments.length === 0 ? null : (
          <Button size="sm" aria-haspopup="dialog" onPress={() => setReplaceOpen(true)}>
            {t`Find and replace`}
          </Button>
        )}
        {toReview > 0 ? (
          <>
            <span className={styles.reviewCount}>{t`${toReview} to review`}</span>
            <Button size="sm" onPress={goToNextReview}>
              {t`Next to review`}
            </Button>
          </>
        ) : segments.some((s) => reviewReasons(s).length > 0) ? (
          <span className={styles.reviewCount}>{t`All segments reviewed`}</span>
        ) : null}
        <SaveStatus state={saveState} error={saveError} onReload={onReload} onKeepMine={onKeepMine} />
      </div>
      {findBar ? <FindBar {...findBar} /> : null}
      <div className={viewerStyles.scroller} ref={scrollerRef}>
        {list ?? <p className={viewerStyles.empty}>{t`This transcript has no text.`}</p>}
      </div>
      {/* One hint for every segment, and the editor's own announcements (edits), politely. */}
      <VisuallyHidden>
        <span id={`${ids}-edit-hint`}>{t`Edits the segment last clicked or focused, else the one playing.`}</span>
        <span id={`${ids}-hint`}>{t`Click: play from here. Enter or double-click: edit. S: speaker. Question mark: all shortcuts.`}</span>
        <span role="status">{announcement}</span>
      </VisuallyHidden>
      {speakerFor && speakerSegment ? (
        <SpeakerPopover
          triggerRef={anchorRef as RefObject<HTMLElement>}
          speaker={speakerOf(speakerSegment)}
          segments={segments}
          onClose={() => setSpeakerFor(null)}
          onRename={(from, to) => {
            extra.commit(renameSpeaker(latest.current.segments, from, to), 'speakers', t`Renamed ${from} to ${to}`);
            setSpeakerFor(null);
          }}
          onAssign={(name) => {
            extra.commit(assignSpeaker(latest.current.segments, speakerFor.index, name), 'speakers', t`Segment assigned to ${name}`);
            setSpeakerFor(null);
          }}
        />
      ) : null}
      <ShortcutsDialog isOpen={helpOpen} onOpenChange={setHelpOpen} />
      {replaceOpen ? (
        <ReplaceDialog
          isOpen
          onOpenChange={setReplaceOpen}
          segments={segments}
          onReplaceAll={(next, { count }) => {
            // One change for the whole replacement: one step to undo, one revision where the host saves them.
            extra.commit(next, 'text', t`Replaced ${plural(count, { one: '# match', other: '# matches' })}`);
          }}
        />
      ) : null}
    </section>
  );
}

/** The status line: saving, saved, offline, conflict (with Reload / Keep my text) or an error. */
function SaveStatus({
  state,
  error,
  onReload,
  onKeepMine,
}: {
  state: SaveState;
  error?: string;
  onReload?: () => void;
  onKeepMine?: () => void;
}) {
  const { t } = useLingui();
  const text =
    state === 'saving'
      ? t`Saving…`
      : state === 'saved'
        ? t`All changes saved`
        : state === 'offline'
          ? t`Offline: changes are kept on this device`
          : state === 'conflict'
            ? t`Conflict: this transcript was changed elsewhere.`
            : state === 'error'
              ? error || t`Changes could not be saved.`
              : '';
  // Announced once per change of state, and 'Saving…' not at all: an autosave every few seconds must
  // not talk over the user's listening.
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    if (state !== 'saving' && state !== 'idle') setSpoken(text);
  }, [state, text]);
  if (!text && !spoken) return null;
  return (
    <div className={styles.status}>
      <span
        className={state === 'conflict' || state === 'error' ? styles.statusConflict : undefined}
        aria-hidden="true"
        data-status-text=""
      >
        {text}
      </span>
      <VisuallyHidden>
        <span role="status">{spoken}</span>
      </VisuallyHidden>
      {state === 'conflict' ? (
        <>
          {onReload ? (
            <Button size="sm" onPress={onReload}>
              {t`Reload`}
            </Button>
          ) : null}
          {onKeepMine ? (
            <Button size="sm" variant="primary" onPress={onKeepMine}>
              {t`Keep my text`}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function PlainSpeaker({ name }: { name: string }) {
  const { t } = useLingui();
  return <span className={styles.plainSpeaker}>{name === DEFAULT_SPEAKER ? t`Unknown Speaker` : name}:</span>;
}

function useRowFlags(store: RowStore, index: number) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(index, listener), [store, index]);
  const snapshot = () => store.flags(index);
  // The same getter on a server render: without one, react-dom/server throws.
  const flags = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    isActive: (flags & ACTIVE) !== 0,
    isPlaying: (flags & PLAYING) !== 0,
    isTabStop: (flags & TAB_STOP) !== 0,
    isEditing: (flags & EDITING) !== 0,
  };
}

/** The text's element: the roving Tab stop of the list; a click plays from it, a double-click or Enter edits. */
function textPropsOf(
  { index, segment, store, actions, ids, isReadOnly }: RowProps,
  flags: ReturnType<typeof useRowFlags>,
  reasons: ReviewFlag[],
) {
  const described = [`${ids}-hint`, reasons.length > 0 ? `${ids}-why-${index}` : ''].filter(Boolean).join(' ');
  return {
    role: 'button' as const,
    'data-index': index,
    'aria-current': flags.isActive ? ('time' as const) : undefined,
    'aria-describedby': isReadOnly ? (reasons.length > 0 ? `${ids}-why-${index}` : undefined) : described,
    'data-review': reasons.length > 0 && !segment.reviewed ? '' : undefined,
    tabIndex: flags.isTabStop ? 0 : -1,
    onClick: () => actions.playFrom(index),
    onDoubleClick: () => actions.startEdit(index),
    onFocus: () => store.setFocused(index),
  };
}

const CardRow = memo(function CardRow({ continuesTurn, ...props }: RowProps & { continuesTurn: boolean }) {
  const { t, i18n } = useLingui();
  const { index, segment, actions, ids, isReadOnly } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = segment.reviewed ? [] : reviewReasons(segment);
  const speaker = speakerOf(segment);
  const speakerName = speaker === DEFAULT_SPEAKER ? t`Unknown Speaker` : speaker;
  // The list is one Tab stop (the text); a row's buttons are for the pointer and screen readers' browsing,
  // the keyboard reaches them through shortcuts (s: speaker, r: play, c: confirm).
  const tab = -1;
  return (
    <div role="listitem" data-row={index}>
      <div className={styles.card} data-current={flags.isActive ? '' : undefined} data-review={reasons.length > 0 ? '' : undefined}>
        <span className={viewerStyles.cardMeta}>
          {/* Native buttons in the rows (react-aria's cost on 5,000 rows shows at load); the popover they open is react-aria. */}
          <button
            type="button"
            tabIndex={tab}
            className={`${viewerStyles.speakerBadge[speakerColorIndex(speaker)]} ${styles.speakerButton}`}
            aria-haspopup="dialog"
            data-speaker=""
            aria-label={t`Speaker: ${speakerName}`}
            disabled={isReadOnly}
            onClick={(event) => actions.openSpeaker(index, event.currentTarget)}
          >
            {/* The speaker is named once a turn (as in the viewer); later cards of the turn keep the colour and the button. */}
            {continuesTurn ? <VisuallyHidden>{speakerName}</VisuallyHidden> : speakerName}
          </button>
          <button type="button" tabIndex={tab} className={styles.timeButton} onClick={() => actions.seek(index)}>
            <VisuallyHidden>{t`Go to`} </VisuallyHidden>
            {formatPreciseTime(segment.start)} – {formatPreciseTime(segment.end)}
          </button>
          {reasons.length > 0 ? (
            <>
              <span className={styles.reviewMark} id={`${ids}-why-${index}`}>
                <span className={styles.reviewIcon} aria-hidden="true">
                  <WarningIcon size={14} />
                </span>
                {reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}
              </span>
              {isReadOnly ? null : (
                <button type="button" tabIndex={tab} className={styles.smallButton} onClick={() => actions.confirm(index)}>
                  {t`Confirm`}
                </button>
              )}
            </>
          ) : segment.reviewed && reviewReasons(segment).length > 0 ? (
            <span className={styles.reviewedTag}>
              <CheckIcon size={14} />
              {t`Reviewed`}
            </span>
          ) : null}
          {flags.isPlaying ? <span className={viewerStyles.playingTag}>{t`Playing`}</span> : null}
        </span>
        {flags.isEditing ? (
          <EditField {...props} />
        ) : (
          <span className={styles.text} {...textPropsOf(props, flags, reasons)}>
            {segment.text.trim() || <em>{t`(no text)`}</em>}
          </span>
        )}
      </div>
    </div>
  );
});

const InlineRow = memo(function InlineRow(props: RowProps) {
  const { t, i18n } = useLingui();
  const { index, segment, ids } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = segment.reviewed ? [] : reviewReasons(segment);
  const textProps = textPropsOf(props, flags, reasons);
  if (flags.isEditing)
    return (
      <span className={styles.inlineEdit} data-row={index}>
        <EditField {...props} />
      </span>
    );
  return (
    <>
      {reasons.length > 0 ? (
        <span className={styles.flagIcon} id={`${ids}-why-${index}`}>
          <WarningIcon size={14} />
          <VisuallyHidden>{reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}</VisuallyHidden>
        </span>
      ) : null}
      <span className={styles.inlineText} {...textProps}>
        {segment.text.trim() || t`(no text)`}
      </span>{' '}
    </>
  );
});

/** The edit field of one row. Its draft stays here: typing re-renders this row only. */
function EditField({ index, segment, actions }: RowProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(segment.text.trim());
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const errorId = useId();
  const hintId = useId();

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const finish = (how: 'save' | 'blur') => {
    if (done.current) return;
    const problem = actions.finishEdit(index, draft, how);
    if (problem) setError(problem);
    else done.current = true;
  };

  return (
    <TextField
      aria-label={t`Segment text`}
      value={draft}
      onChange={(value) => {
        setDraft(value);
        if (error) setError(null);
      }}
      isInvalid={error !== null}
      maxLength={EDIT_LIMITS.segmentTextMaxChars}
    >
      <TextArea
        ref={ref}
        className={styles.textArea}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onKeyDown={(event) => {
          const key = matchEditingKey(event);
          const field = event.currentTarget;
          if (key === 'save') {
            event.preventDefault();
            finish('save');
          } else if (key === 'cancel') {
            event.preventDefault();
            done.current = true;
            actions.cancelEdit(index);
          } else if (key === 'split') {
            event.preventDefault();
            done.current = true;
            done.current = actions.splitEdit(index, field.value, field.selectionStart);
          } else if (key === 'mergeAtEnd' && field.selectionStart === field.value.length && field.selectionEnd === field.value.length) {
            event.preventDefault();
            done.current = true;
            actions.mergeEdit(index, field.value);
          }
          // Typing stays here: no editor shortcut sees these keys.
          event.stopPropagation();
        }}
        onBlur={() => finish('blur')}
      />
      <span id={hintId} className={styles.editHint}>
        {t`Enter saves, Escape cancels, Shift+Enter splits at the cursor.`}
      </span>
      {error ? (
        <span id={errorId} className={styles.editError} role="alert">
          {error}
        </span>
      ) : null}
    </TextField>
  );
}

/** Keeps the playing segment in view inside the editor's scroller (never the page, never moving focus). */
function useFollowActive(scrollerRef: RefObject<HTMLDivElement | null>, activeIndex: number, view: TranscriptView) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || activeIndex < 0) return;
    // Not while the user types or works in the list: the text must not move under the cursor.
    if (scroller.contains(document.activeElement)) return;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) return;
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    if (rect.top >= box.top && rect.bottom <= box.bottom) return;
    scroller.scrollTo({ top: Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3) });
  }, [scrollerRef, activeIndex, view]);
}

export const TranscriptEditor = withKitLocale(TranscriptEditorView, 'TranscriptEditor');
