// @scribe/transcript-kit: the published components. They fetch nothing; data and callbacks come in
// through props. Each component's module brings its styles (the full sheets '@scribe/ui/style.css' and
// '@scribe/transcript-kit/style.css' are optional); styles are scoped to the kit's roots. No I18nProvider
// is needed (English; `locale` prop for German, whose catalog preloadKitLocale('de') loads).
export type { FolderNode, TranscriptNode, TreeNode, TreeNodeType, TreeKey, TranscriptStatus } from './types.ts';
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
export { FolderTree, type FolderTreeProps } from './FolderTree/FolderTree.tsx';
export { FolderDialog, type FolderDialogProps } from './FolderDialog/FolderDialog.tsx';
export { MoveDialog, type MoveDialogProps } from './MoveDialog/MoveDialog.tsx';
export { UploadDialog, type UploadConfirmation, type UploadDialogProps, type UploadDialogState } from './UploadDialog/UploadDialog.tsx';
export {
  TranscriptionChoices,
  checkTranscription,
  isEnglishOnly,
  startedMinutes,
  type TranscriptionCheck,
  type TranscriptionChoicesProps,
  type VocabularyChoice,
  type TranscriptionTerms,
  type RecordingChoices,
} from './TranscriptionChoices/TranscriptionChoices.tsx';
export { AudioPlayer, SKIP_SECONDS, PLAYBACK_RATES, type AudioPlayerProps, type AudioPlayerHandle } from './AudioPlayer/AudioPlayer.tsx';
export {
  TranscriptViewer,
  transcriptText,
  type TranscriptViewerProps,
  type TranscriptViewerState,
  type TranscriptView,
  type TranscriptCopyResult,
} from './TranscriptViewer/TranscriptViewer.tsx';
export { StatusCards, type StatusCardsProps } from './StatusCards/StatusCards.tsx';
export { useStatusCards, type UseStatusCardsResult } from './StatusCards/useStatusCards.ts';
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
export { RecordAudioDialog, type RecordAudioDialogProps, type RecordingTranscription } from './RecordAudioDialog/RecordAudioDialog.tsx';
export { type StreamingRecording, type LiveTextStatus, type LiveTextUnavailableReason } from './RecordAudioDialog/StreamingRecorder.tsx';
export { splitDraft, newlyFinalText, type LiveTextSegment } from './RecordAudioDialog/liveText.ts';
export {
  segmentAt,
  speakerColorIndex,
  SPEAKER_COLOR_COUNT,
  DEFAULT_SPEAKER,
  type TranscriptSegment,
  type ReviewFlag,
} from './transcript/segments.ts';
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
export {
  TranscriptEditor,
  formatPreciseTime,
  reviewReasonText,
  type TranscriptEditorProps,
  type SaveState,
} from './TranscriptEditor/TranscriptEditor.tsx';
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
export { EditableTitle, type EditableTitleProps } from './EditableTitle/EditableTitle.tsx';
export { formatClock, formatTime, createTimeThrottle, type TimeThrottle, type TimeThrottleOptions } from './media/time.ts';
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
  AiOutputList,
  OutputText,
  type AiOutputListProps,
  type AiPendingProgress,
  type AiOutputListState,
  type AiOutputRerun,
  type AiOutputItem,
  type AiExportFormat,
  type AiExportTarget,
} from './AiOutputList/AiOutputList.tsx';
export {
  AiPanel,
  CreatePromptDialog,
  PromptIcon,
  PROMPT_ICONS,
  useDefaultPrompts,
  type AiPanelProps,
  type AiModelOption,
  type SavedPromptItem,
  type NewPrompt,
  type PromptIconName,
  type CreatePromptDialogProps,
} from './AiPanel/AiPanel.tsx';
export { splitTimestamps, parseTimestamp, menuName, combinedOutputsText, type OutputPart } from './ai/timestamps.ts';
export {
  TutorialOverlay,
  useDefaultTutorialSteps,
  type TutorialOverlayProps,
  type TutorialStep,
} from './TutorialOverlay/TutorialOverlay.tsx';
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
export { ConnectionBanner, type ConnectionBannerProps, type ConnectionState } from './ConnectionBanner/ConnectionBanner.tsx';
export {
  SearchResults,
  LibrarySearch,
  Snippet,
  type SearchResultsProps,
  type SearchResultsState,
  type LibrarySearchProps,
  type SearchHit,
  type SearchHitKind,
  type SearchResult,
} from './SearchResults/SearchResults.tsx';
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
export { ReplaceDialog, REPLACE_PREVIEW_LINES, type ReplaceDialogProps } from './ReplaceDialog/ReplaceDialog.tsx';
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
export { KitLocale, withKitLocale, type KitLocaleProps } from './locale/KitLocale.tsx';
export { preloadKitLocale } from './locale/kitCatalogs.ts';
export { ThemeProvider, type ThemeProviderProps, type ThemeTokens } from '@scribe/ui';
export { KIT_LOCALES, kitLocaleOf, type KitLocale as KitLocaleCode } from './locale/chooseLocale.ts';
