// @scribe/transcript-kit: the published components. They fetch nothing; data and callbacks come in
// through props. Styles come from @scribe/ui's theme; load ui's global styles (import '@scribe/ui') once.
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
  folderKeys,
  ancestorKeys,
  type NodeRef,
  type FlatNode,
  type FlattenOptions,
  type MoveCheck,
} from './tree/treeOps.ts';
export { FolderTree, type FolderTreeProps } from './FolderTree/FolderTree.tsx';
export { FolderDialog, type FolderDialogProps } from './FolderDialog/FolderDialog.tsx';
export { UploadDialog, type UploadDialogProps, type UploadDialogState } from './UploadDialog/UploadDialog.tsx';
export {
  transcriptKitMessages,
  transcriptKitMessagesEn,
  transcriptKitMessagesDe,
  loadTranscriptKitMessages,
} from './i18n.ts';
