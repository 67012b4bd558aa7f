import { useLingui } from '@lingui/react/macro';
import { folderLimits, uploadLimits } from '@scribe/api-client';
import { FolderDialog, FolderTree, type FolderNode, type TranscriptNode } from '@scribe/transcript-kit';
import {
  defaultLibraryFilter,
  defaultLibrarySort,
  filterTree,
  libraryComparator,
  sortTree,
  type LibraryFilter,
  type LibrarySort,
} from '@scribe/transcript-kit/utils';
import { Button } from '@scribe/ui';
import { useMemo, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { MicIcon, UploadIcon } from '@scribe/ui/icons';
import { findFolder, transcriptIdsIn, useFolderTree, useLibraryActions } from '../data/library.ts';
import { useUpload } from './UploadProvider.tsx';
import { RecoveryOffer } from '../recording/RecoveryOffer.tsx';
import { api } from '../api.ts';
import { selectionStore } from './selection.ts';
import { useSelection } from './useSelection.ts';
import { RenameTranscriptDialog } from './editing/RenameTranscriptDialog.tsx';
import { BulkBar } from './BulkBar.tsx';
import { LibraryOrder } from './LibraryOrder.tsx';
import { ShareDialog } from './sharing/ShareDialog.tsx';
import * as styles from './workspace.css.ts';

/** The picker offers the spec's four formats (docs/product-spec.md §9); the upload flow checks the file again. */
// The file picker offers what the server accepts (by name, then checked by content); the media types
// let phones offer their audio and video libraries too.
export const ACCEPTED_AUDIO = [...uploadLimits.extensions.map((ext) => `.${ext}`), 'audio/*', 'video/*'];

type FolderDialogState =
  { mode: 'create'; parentId: number | null; parentName?: string; isOpen: boolean } | { mode: 'edit'; folder: FolderNode; isOpen: boolean };

/** Record audio and Upload file. `onUploadStart` lets the mobile drawer close once a file is chosen. */
export function LibraryActions({ onUploadStart }: { onUploadStart?: () => void }) {
  const { t } = useLingui();
  const { upload, isUploading, record, unfinished, recover, discard } = useUpload();
  return (
    <div className={styles.libraryActions} data-tutorial="library-actions">
      {/* A streamed recording an earlier visit did not finish: offered until finished or discarded. */}
      <RecoveryOffer
        recordings={unfinished}
        onRecover={(id) => {
          onUploadStart?.();
          recover(id);
        }}
        onDiscard={discard}
      />
      <Button
        icon={<MicIcon />}
        isDisabled={isUploading}
        fullWidth
        onPress={() => {
          onUploadStart?.();
          record();
        }}
      >
        {t`Record audio`}
      </Button>
      <FileTrigger
        acceptedFileTypes={ACCEPTED_AUDIO}
        onSelect={(files) => {
          const file = files?.[0];
          if (!file) return;
          onUploadStart?.();
          upload(file);
        }}
      >
        <Button variant="primary" icon={<UploadIcon />} isDisabled={isUploading} fullWidth>
          {t`Upload file`}
        </Button>
      </FileTrigger>
    </div>
  );
}

/**
 * The folders and transcripts (transcript-kit's FolderTree) wired to the API, with the create and
 * rename dialog. `onSelected` lets the mobile drawer close after a transcript is chosen.
 */
export function LibraryTree({ isDragAndDropEnabled, onSelected }: { isDragAndDropEnabled: boolean; onSelected?: () => void }) {
  const { tree, isLoading } = useFolderTree();
  const { transcriptId, selectTranscript, setTab } = useSelection();
  const actions = useLibraryActions();
  const [dialog, setDialog] = useState<FolderDialogState | null>(null);
  const [renaming, setRenaming] = useState<{ transcript: TranscriptNode; isOpen: boolean } | null>(null);
  const [sharing, setSharing] = useState<{ transcript: TranscriptNode; isOpen: boolean } | null>(null);
  // The selection mode: several transcripts checked for one action (BulkBar).
  const [isSelecting, setSelecting] = useState(false);
  const [revealFolderId, setRevealFolderId] = useState<number | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set());
  // Sort and filter (the server sends newest first, everything): applied here, in the browser.
  const [sort, setSort] = useState<LibrarySort>(defaultLibrarySort);
  const [filter, setFilter] = useState<LibraryFilter>(defaultLibraryFilter);
  const shown = useMemo(() => {
    const isDefaultSort = sort.by === defaultLibrarySort.by && sort.direction === defaultLibrarySort.direction;
    const filtered = filterTree(tree, filter);
    return isDefaultSort ? filtered : sortTree(filtered, libraryComparator(sort));
  }, [tree, sort, filter]);

  /** The selected transcript leaves with the deleted node, and comes back with Undo. */
  const deleteWithUndo = (node: TranscriptNode | FolderNode) => {
    const selected = selectionStore.getSnapshot().transcriptId;
    const tookSelection = selected !== null && transcriptIdsIn(node).includes(selected);
    if (tookSelection) selectTranscript(null);
    actions.deleteWithUndo(node, {
      onUndo: () => {
        if (tookSelection && selectionStore.getSnapshot().transcriptId === null) selectTranscript(selected);
      },
    });
  };

  return (
    <>
      <LibraryOrder sort={sort} filter={filter} onSortChange={setSort} onFilterChange={setFilter} />
      <FolderTree
        items={shown}
        isLoading={isLoading}
        selectedTranscriptId={transcriptId}
        onSelectTranscript={(id) => {
          if (id !== transcriptId) {
            selectTranscript(id);
            setTab('transcript');
          }
          onSelected?.();
        }}
        onCreateFolder={(parentId) =>
          setDialog({
            mode: 'create',
            parentId,
            parentName: parentId === null ? undefined : findFolder(tree, parentId)?.name,
            isOpen: true,
          })
        }
        onRenameFolder={(folder) => setDialog({ mode: 'edit', folder, isOpen: true })}
        onRenameTranscript={(transcript) => setRenaming({ transcript, isOpen: true })}
        onShareTranscript={(transcript) => setSharing({ transcript, isOpen: true })}
        // Gone from the tree at once, with Undo in a toast; deleted on the server when the toast goes.
        onDeleteFolder={deleteWithUndo}
        onDeleteTranscript={deleteWithUndo}
        onMoveTranscript={(id, folderId) => actions.moveTranscript(id, folderId)}
        onMoveFolder={(id, parentId) => actions.moveFolder(id, parentId)}
        maxFolderDepth={folderLimits.depthMax}
        isDragAndDropEnabled={isDragAndDropEnabled}
        revealFolderId={revealFolderId}
        isSelecting={isSelecting}
        onSelectingChange={(on) => {
          setSelecting(on);
          setChecked(new Set());
        }}
        checkedTranscriptIds={checked}
        onCheckedTranscriptIdsChange={setChecked}
      />
      {isSelecting ? (
        <BulkBar
          tree={tree}
          checkedIds={checked}
          onDone={() => setChecked(new Set())}
          onDeleted={(ids) => {
            if (transcriptId !== null && ids.includes(transcriptId)) selectTranscript(null);
          }}
        />
      ) : null}
      {dialog ? (
        <FolderDialog
          mode={dialog.mode}
          isOpen={dialog.isOpen}
          initialName={dialog.mode === 'edit' ? dialog.folder.name : ''}
          parentName={dialog.mode === 'create' ? dialog.parentName : undefined}
          onOpenChange={(isOpen) => setDialog({ ...dialog, isOpen })}
          onSubmit={async (name) => {
            if (dialog.mode === 'edit') return actions.renameFolder(dialog.folder, name);
            // A new folder shows at once, also inside a closed folder: the tree opens down to it and focuses it.
            setRevealFolderId(await actions.createFolder(name, dialog.parentId));
          }}
        />
      ) : null}
      {renaming ? (
        <RenameTranscriptDialog
          initialTitle={renaming.transcript.name}
          isOpen={renaming.isOpen}
          onOpenChange={(isOpen) => setRenaming({ ...renaming, isOpen })}
          onSubmit={(title) => actions.renameTranscript(renaming.transcript.id, title)}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          transcript={sharing.transcript}
          isOpen={sharing.isOpen}
          onOpenChange={(isOpen) => setSharing({ ...sharing, isOpen })}
          actions={api.shares}
          origin={window.location.origin}
        />
      ) : null}
    </>
  );
}

/** Desktop left panel: the two actions above the tree. */
export function LibraryPanel() {
  const { t } = useLingui();
  return (
    <section className={styles.library} aria-label={t`Library`}>
      <LibraryActions />
      <div className={styles.treeArea} data-tutorial="folders">
        <LibraryTree isDragAndDropEnabled />
      </div>
    </section>
  );
}
