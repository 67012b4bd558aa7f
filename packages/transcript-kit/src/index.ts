// @scribe/transcript-kit: the published components, their props and the data they show (the pure
// helpers behind them: '@scribe/transcript-kit/utils'). They fetch nothing; data and callbacks come in
// through props. Each component's module brings its styles (the full sheets '@scribe/ui/style.css' and
// '@scribe/transcript-kit/style.css' are optional); styles are scoped to the kit's roots. No provider is
// needed (English); one KitProvider sets the language and direction of everything inside it.
export { type FolderNode, type TranscriptNode, type TreeNode, type TreeKey, type TranscriptStatus } from './types.ts';
export { FolderTree, type FolderTreeProps } from './FolderTree/FolderTree.tsx';
export { FolderDialog, type FolderDialogProps } from './FolderDialog/FolderDialog.tsx';
export { MoveDialog, type MoveDialogProps } from './MoveDialog/MoveDialog.tsx';
export { UploadDialog, type UploadConfirmation, type UploadDialogProps, type UploadDialogState } from './UploadDialog/UploadDialog.tsx';
export { type RecordingChoices } from './TranscriptionChoices/TranscriptionChoices.tsx';
export { AudioPlayer, type AudioPlayerProps, type AudioPlayerHandle } from './AudioPlayer/AudioPlayer.tsx';
export { TranscriptViewer, type TranscriptViewerProps, type TranscriptViewerState } from './TranscriptViewer/TranscriptViewer.tsx';
export { StatusCards, type StatusCardsProps } from './StatusCards/StatusCards.tsx';
export { useStatusCards } from './StatusCards/useStatusCards.ts';
export { RecordAudioDialog, type RecordAudioDialogProps, type RecordingTranscription } from './RecordAudioDialog/RecordAudioDialog.tsx';
export { type StreamingRecording } from './RecordAudioDialog/StreamingRecorder.tsx';
export { type TranscriptSegment, type ReviewFlag } from './transcript/segments.ts';
export { TranscriptEditor, type TranscriptEditorProps, type SaveState } from './TranscriptEditor/TranscriptEditor.tsx';
export { EditableTitle, type EditableTitleProps } from './EditableTitle/EditableTitle.tsx';
export { AiOutputList, type AiOutputListProps } from './AiOutputList/AiOutputList.tsx';
export { AiPanel, type AiPanelProps } from './AiPanel/AiPanel.tsx';
export { TutorialOverlay, type TutorialOverlayProps, type TutorialStep } from './TutorialOverlay/TutorialOverlay.tsx';
export { ConnectionBanner, type ConnectionBannerProps, type ConnectionState } from './ConnectionBanner/ConnectionBanner.tsx';
export {
  SearchResults,
  LibrarySearch,
  type SearchResultsProps,
  type LibrarySearchProps,
  type SearchResult,
  type SearchSpeakerFilter,
} from './SearchResults/SearchResults.tsx';
export { ReplaceDialog, type ReplaceDialogProps } from './ReplaceDialog/ReplaceDialog.tsx';
export { KitProvider, type KitProviderProps } from './locale/KitProvider.tsx';
export { preloadKitLocale } from './locale/kitCatalogs.ts';
export { ThemeProvider, type ThemeProviderProps } from '@scribe/ui';
