import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { KIT_ROOT_CLASS, Button, IconButton, VisuallyHidden } from '@scribe/ui';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useControlledState } from 'react-stately/useControlledState';
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
import { speakerOf } from '../transcript/paragraphs.ts';
import { record, redo, undo } from '../transcript/undoStack.ts';
import { segmentAt, type TranscriptSegment } from '../transcript/segments.ts';
import { speechStart } from '../transcript/words.ts';
import { createRowStore } from '../segmentList/rowStore.ts';
import type { TranscriptView } from '../segmentList/segmentLayout.ts';
import { useFollowPlayback } from '../segmentList/useFollowPlayback.ts';
import type { VirtualHandle } from '../segmentList/useVirtualUnits.ts';
import * as viewerStyles from '../TranscriptViewer/TranscriptViewer.css.ts';
import { ViewToggle } from '../TranscriptViewer/ViewToggle.tsx';
import { isTypingTarget, matchShortcut, SHORTCUT_SKIP_SECONDS, type ShortcutId } from './shortcuts.ts';
import { FindBar, useTranscriptFind } from '../FindBar/FindBar.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { ReplaceDialog } from '../ReplaceDialog/ReplaceDialog.tsx';
import { SpeakerPopover } from './SpeakerPopover.tsx';
import { CHANGE_WORDS } from './editorText.ts';
import { formatPreciseTime } from '../media/time.ts';
import type { RowActions, RowEditing } from '../segmentList/rowActions.ts';
import { SaveStatus } from './SaveStatus.tsx';
import { SegmentRows } from '../segmentList/SegmentRows.tsx';
import { EditField } from './EditField.tsx';
import * as styles from './TranscriptEditor.css.ts';
import type { TranscriptEditorProps } from './types.ts';
import { useEditHistory } from './useEditHistory.ts';
import { useSpokenWord } from '../highlight/useSpokenWord.ts';

export type { SaveState, TranscriptEditorProps } from './types.ts';

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
  const { history, undoable, setHistory } = useEditHistory(segments);

  const activeIndex = useMemo(() => (typeof currentTime === 'number' ? segmentAt(segments, currentTime) : -1), [segments, currentTime]);
  useLayoutEffect(() => store.setActive(activeIndex), [store, activeIndex]);
  useLayoutEffect(() => store.setPlaying(isPlaying), [store, isPlaying]);
  const listRef = useRef<VirtualHandle | null>(null);
  useFollowPlayback(scrollerRef, activeIndex, view, listRef, true);
  useSpokenWord(scrollerRef, segments[activeIndex], activeIndex, currentTime, isPlaying, view);

  // Rows and key handlers read the latest props through one ref, so they never need to re-render for them.
  const latest = useRef({ segments, onChange, onSeek, onPlayFrom, onTogglePlay, onSkip, isReadOnly, i18n });
  useLayoutEffect(() => {
    latest.current = { segments, onChange, onSeek, onPlayFrom, onTogglePlay, onSkip, isReadOnly, i18n };
  });

  const focusRow = useCallback(
    (index: number) => {
      store.setFocused(index);
      // The list renders the row first when it is scrolled away (a long transcript).
      listRef.current?.focus(index);
      // After an edit the row's text renders anew (the field goes): focus it again once it is there. Only
      // when focus was lost with the field: a row or field the user moved to within that frame keeps it.
      requestAnimationFrame(() => {
        const row = scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const lost = !document.activeElement || document.activeElement === document.body;
        if (row && lost) row.focus();
      });
    },
    [store],
  );

  // Find in the transcript (Ctrl/Cmd+F); closing puts focus on the current match's segment.
  const { bar: findBar, onRowsRendered } = useTranscriptFind({
    segments,
    sectionRef,
    scrollerRef,
    redrawKey: view,
    reveal: (index) => listRef.current?.reveal(index),
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
      playFrom(index, seconds) {
        const segment = latest.current.segments[index];
        if (segment) play(seconds ?? segment.start);
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
  }, [store, focusRow, setHistory, history]);
  const actions = ops.row;
  const extra = ops;
  // What the rows get of the editor: stable, so the list is not rebuilt for the editor's own state.
  const editing = useMemo<RowEditing>(() => ({ actions, ids, isReadOnly, Field: EditField }), [actions, ids, isReadOnly]);

  const toReview = useMemo(() => reviewCount(segments), [segments]);

  const goToNextReview = () => {
    const from = store.focused ?? -1;
    const index = nextToReview(segments, from);
    if (index < 0) return;
    // From the first spoken word, not a breath or pause the segment may begin with.
    extra.play(speechStart(segments[index]));
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
        {segments.length > 0 ? (
          <SegmentRows
            segments={segments}
            view={view}
            store={store}
            playFrom={actions.playFrom}
            editing={editing}
            scrollerRef={scrollerRef}
            handleRef={listRef}
            onRendered={onRowsRendered}
          />
        ) : (
          <p className={viewerStyles.empty}>{t`This transcript has no text.`}</p>
        )}
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

export const TranscriptEditor = withKitProvider(TranscriptEditorView, 'TranscriptEditor');
