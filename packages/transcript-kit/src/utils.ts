// @scribe/transcript-kit/utils: the pure helpers and stores behind the components, for embedders who
// build their own surface from the same rules: tree operations (move checks, sort, filter), segment
// editing, find and replace, undo history, time formatting, media errors, recorder choices, AI output
// timestamps, search snippets, shortcuts, the status-card and tutorial stores, the kit's catalogs and
// locale helpers, and the types of the components' finer props.
export { type TreeNodeType } from './types.ts';
export {
  nodeKey,
  folderKey,
  transcriptKey,
  parseKey,
  isFolder,
  isTranscript,
  compareNodes,
  sortTree,
  findNode,
  findParent,
  pathTo,
  flatten,
  descendants,
  isDescendant,
  checkMove,
  canMove,
  moveNode,
  moveTargets,
  moveTargetsForMany,
  libraryComparator,
  filterTree,
  defaultLibrarySort,
  defaultLibraryFilter,
  type LibrarySort,
  type LibrarySortKey,
  type LibraryFilter,
  folderHeight,
  folderKeys,
  ancestorKeys,
  type NodeRef,
  type FlatNode,
  type FlattenOptions,
  type MoveCheck,
  type MoveOptions,
  type MoveTarget,
} from './tree/treeOps.ts';
export {
  TranscriptionChoices,
  checkTranscription,
  isEnglishOnly,
  type TranscriptionCheck,
  type TranscriptionEstimate,
  type TranscriptionChoicesProps,
  type VocabularyChoice,
  type TranscriptionTerms,
} from './TranscriptionChoices/TranscriptionChoices.tsx';
export { SKIP_SECONDS, PLAYBACK_RATES } from './AudioPlayer/AudioPlayer.tsx';
export { transcriptText, type TranscriptView, type TranscriptCopyResult } from './TranscriptViewer/TranscriptViewer.tsx';
export { type UseStatusCardsResult } from './StatusCards/useStatusCards.ts';
export {
  statusCardsReducer,
  createStatusCardsStore,
  type StatusCardItem,
  type StatusCardEntry,
  type StatusCardState,
  type StatusCardsAction,
  type StatusCardsOptions,
  type StatusCardsStore,
  type TranscriptionStatusEvent,
  type TranscriptId,
} from './StatusCards/statusCardsStore.ts';
export { type LiveTextStatus, type LiveTextUnavailableReason } from './RecordAudioDialog/StreamingRecorder.tsx';
export { splitDraft, newlyFinalText, type LiveTextSegment } from './RecordAudioDialog/liveText.ts';
export { segmentAt, speakerColorIndex, SPEAKER_COLOR_COUNT } from './transcript/segments.ts';
export {
  editText,
  splitAt,
  splitPoint,
  wordBoundary,
  mergeWithNext,
  nudgeTime,
  nudgeSplit,
  touchesNext,
  renameSpeaker,
  assignSpeaker,
  speakerNames,
  markReviewed,
  needsReview,
  reviewReasons,
  reviewCount,
  nextToReview,
  segmentChanges,
  cleanSegmentText,
  validateSegmentText,
  validateSpeakerName,
  validateTitle,
  EDIT_LIMITS,
  LOW_CONFIDENCE,
  MIN_SEGMENT_SECONDS,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  type SegmentChange,
  type SegmentEdge,
  type SplitPoint,
  type NameProblem,
  type TextProblem,
} from './transcript/editing.ts';
export { reviewReasonText } from './transcript/reviewText.ts';
export {
  SHORTCUTS,
  EDITING_KEYS,
  SHORTCUT_SKIP_SECONDS,
  matchShortcut,
  matchEditingKey,
  isTypingTarget,
  type Shortcut,
  type ShortcutId,
  type EditingKeyId,
  type KeyPress,
} from './TranscriptEditor/shortcuts.ts';
export { ShortcutsDialog, type ShortcutsDialogProps } from './TranscriptEditor/ShortcutsDialog.tsx';
export {
  formatClock,
  formatTime,
  formatPreciseTime,
  createTimeThrottle,
  type TimeThrottle,
  type TimeThrottleOptions,
} from './media/time.ts';
export {
  playbackErrorMessage,
  playbackErrorHint,
  microphoneErrorMessage,
  MEDIA_ERR_ABORTED,
  MEDIA_ERR_NETWORK,
  MEDIA_ERR_DECODE,
  MEDIA_ERR_SRC_NOT_SUPPORTED,
} from './media/errors.ts';
export {
  pickRecorderMimeType,
  recordingExtension,
  recordingFileName,
  RECORDER_MIME_TYPES,
  DEFAULT_RECORDER_MIME_TYPE,
  RECORDING_CONSTRAINTS,
  type RecordingExtension,
} from './media/recorder.ts';
export { transcriptKitMessages, transcriptKitMessagesEn, transcriptKitMessagesDe, loadTranscriptKitMessages } from './i18n.ts';
export {
  OutputText,
  type AiPendingProgress,
  type AiOutputListState,
  type AiOutputRerun,
  type AiOutputItem,
  type AiExportFormat,
  type AiExportTarget,
} from './AiOutputList/AiOutputList.tsx';
export {
  CreatePromptDialog,
  PromptIcon,
  PROMPT_ICONS,
  useDefaultPrompts,
  type AiModelOption,
  type SavedPromptItem,
  type NewPrompt,
  type PromptIconName,
  type CreatePromptDialogProps,
} from './AiPanel/AiPanel.tsx';
export { splitTimestamps, parseTimestamp, menuName, combinedOutputsText, type OutputPart } from './ai/timestamps.ts';
export { useDefaultTutorialSteps } from './TutorialOverlay/TutorialOverlay.tsx';
export {
  tutorialReducer,
  createTutorialStore,
  initialTutorialState,
  TUTORIAL_STEP_IDS,
  TUTORIAL_AUTO_PLAY_MS,
  type TutorialStepId,
  type TutorialState,
  type TutorialStatus,
  type TutorialAction,
  type TutorialStore,
  type TutorialStoreOptions,
  type TutorialListener,
} from './TutorialOverlay/tutorialStore.ts';
export { Snippet, type SearchResultsState, type SearchHit, type SearchHitKind } from './SearchResults/SearchResults.tsx';
export { parseSnippet, snippetText, MARK_START, MARK_END, type SnippetPart } from './search/snippets.ts';
export {
  findMatches,
  stepMatch,
  firstMatchFrom,
  MAX_FIND_MATCHES,
  replaceAll,
  type FindMatch,
  type Replacement,
} from './transcript/find.ts';
export { REPLACE_PREVIEW_LINES } from './ReplaceDialog/ReplaceDialog.tsx';
export {
  emptyHistory,
  record,
  undo,
  redo,
  canUndo,
  canRedo,
  sameItems,
  UNDO_LIMIT,
  type UndoHistory,
  type UndoStep,
} from './transcript/undoStack.ts';
export { type ThemeTokens } from '@scribe/ui';
export { KIT_LOCALES, kitLocaleOf, type KitLocale as KitLocaleCode } from './locale/chooseLocale.ts';
