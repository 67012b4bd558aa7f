import { useLingui } from '@lingui/react/macro';
import { ApiError, paths, type Transcript } from '@scribe/api-client';
import { type FolderNode, type TranscriptNode, type TreeNode } from '@scribe/transcript-kit';
import { descendants, findNode, folderKey, moveNode, transcriptKey } from '@scribe/transcript-kit/utils';
import { toast } from '@scribe/ui';
import { useCallback, useEffect, useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useFailureToast } from './failureToast.ts';
import { pendingDeletes, UNDO_MS, usePendingDeletes, withoutPending } from './pendingDeletes.ts';
import { shouldRetryTranscript, transcriptRetryDelay, transcriptSWRConfig } from './transcriptCache.ts';

const EMPTY_TREE: TreeNode[] = [];

/** GET /api/folders/tree, cached under its path (never stale: mutations below refresh it). */
export function useFolderTree() {
  const { user } = useSession();
  const { t } = useLingui();
  const { data, error, isLoading, mutate } = useSWR<TreeNode[] | null>(user ? paths.folderTree : null, () => api.folders.tree());
  useEffect(() => {
    if (error) toast({ title: t`Failed to fetch folder tree`, variant: 'destructive' });
  }, [error, t]);
  // Deleted nodes whose Undo is still offered stay hidden, whatever refreshes the tree meanwhile.
  const pending = usePendingDeletes();
  const tree = useMemo(() => withoutPending(data ?? EMPTY_TREE, pending), [data, pending]);
  return { tree, isLoading, error: error as unknown, mutate };
}

/** The current name of each transcript in the tree, by id (read from the tree's cache key; no toast of its own). */
export function useTranscriptNames(): ReadonlyMap<number, string> {
  const { user } = useSession();
  const { data } = useSWR<TreeNode[] | null>(user ? paths.folderTree : null, () => api.folders.tree());
  return useMemo(() => {
    const names = new Map<number, string>();
    const walk = (nodes: readonly TreeNode[]) => {
      for (const node of nodes) {
        if (node.type === 'transcript') names.set(node.id, node.name);
        else if (node.children) walk(node.children);
      }
    };
    walk(data ?? EMPTY_TREE);
    return names;
  }, [data]);
}

/** GET /api/transcripts/{id} with the transcript settings of docs/product-spec.md §9 (a 404 is the caller's to handle). */
export function useTranscript(id: number | null) {
  const { user } = useSession();
  const { t } = useLingui();
  const config = useMemo<SWRConfiguration>(
    () => ({
      ...transcriptSWRConfig,
      onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
        if (shouldRetryTranscript(error, retryCount)) {
          setTimeout(() => void revalidate({ retryCount }), transcriptRetryDelay(retryCount));
        } else if (!(error instanceof ApiError && error.status === 404)) {
          // Given up after the retries (a 404 just clears the selection).
          toast({ title: t`Failed to fetch transcript`, variant: 'destructive' });
        }
      },
    }),
    [t],
  );
  return useSWR<Transcript | null>(user && id !== null ? paths.transcript(id) : null, () => api.transcripts.get(id!), config);
}

/** Folder and transcript operations of the tree, each refreshing the tree and reporting failures. */
export function useLibraryActions() {
  const { t } = useLingui();
  const { mutate } = useSWRConfig();
  const fail = useFailureToast();

  const refreshTree = useCallback(() => mutate(paths.folderTree), [mutate]);

  return useMemo(() => {
    /** Rethrows with the user-facing message, so FolderDialog shows it inline as well. */
    const createFolder = async (name: string, parentId: number | null): Promise<number> => {
      let id: number;
      try {
        ({ id } = await api.folders.create({ name, parentId }));
      } catch (error) {
        throw new Error(fail(t`Failed to create folder`, error));
      }
      await refreshTree();
      return id;
    };

    const renameFolder = async (folder: FolderNode, name: string) => {
      try {
        await api.folders.update(folder.id, { name });
      } catch (error) {
        throw new Error(fail(t`Failed to update folder`, error));
      }
      await refreshTree();
    };

    /**
     * A new title (PATCH with the title alone: a new revision, the text untouched). Rethrows with the
     * user-facing message for the dialog. An open editor follows the new revision (editSession.ts).
     */
    const renameTranscript = async (transcriptId: number, title: string) => {
      let revision: number;
      try {
        ({ revision } = await api.transcripts.update(transcriptId, { title }));
      } catch (error) {
        throw new Error(fail(t`Failed to rename transcript`, error));
      }
      void mutate<Transcript | null>(
        paths.transcript(transcriptId),
        (current) => (current ? { ...current, title, revision: Math.max(revision, current.revision) } : current),
        { revalidate: false },
      );
      await refreshTree();
    };

    /** Resolves to the ids of the transcripts that went with the folder (none when it failed). */
    const deleteFolder = async (folder: FolderNode): Promise<number[]> => {
      try {
        await api.folders.remove(folder.id);
      } catch (error) {
        fail(t`Failed to delete folder`, error);
        return [];
      }
      for (const node of descendants(folder)) {
        if (node.type === 'transcript') void mutate(paths.transcript(node.id), undefined, { revalidate: false });
      }
      await refreshTree();
      return descendants(folder).flatMap((node) => (node.type === 'transcript' ? [node.id] : []));
    };

    /** Resolves to whether the transcript is gone. */
    const deleteTranscript = async (transcript: TranscriptNode): Promise<boolean> => {
      try {
        await api.transcripts.remove(transcript.id);
      } catch (error) {
        fail(t`Failed to delete transcript`, error);
        return false;
      }
      void mutate(paths.transcript(transcript.id), undefined, { revalidate: false });
      await refreshTree();
      return true;
    };

    /**
     * A folder with Undo: deleted on the server at once (with its sub-folders and transcripts, so closing
     * the tab keeps it deleted); the toast's Undo restores it within the server's undo time.
     */
    const deleteFolderWithUndo = async (node: FolderNode, onUndo?: () => void) => {
      const ids = transcriptIdsIn(node);
      // Hidden while the DELETE is under way; nothing to send on leaving (it is sent already).
      const entry = pendingDeletes.add(node, { sendOnUnload: () => undefined });
      try {
        await api.folders.remove(node.id);
      } catch (error) {
        pendingDeletes.remove(entry.key);
        fail(t`Failed to delete folder`, error);
        return;
      }
      for (const id of ids) void mutate(paths.transcript(id), undefined, { revalidate: false });
      await refreshTree();
      pendingDeletes.remove(entry.key);
      const undo = async () => {
        try {
          await api.folders.restore(node.id);
        } catch (error) {
          fail(t`Failed to restore folder`, error);
          return;
        }
        await refreshTree();
        onUndo?.();
      };
      toast({
        title: t`Folder deleted`,
        description: node.name,
        duration: UNDO_MS,
        action: { label: t`Undo`, onAction: () => void undo() },
      });
    };

    /**
     * Deletes a transcript or folder with Undo: it leaves the tree (and the selection) at once and the
     * toast offers Undo for UNDO_MS. A transcript's DELETE is sent only when the toast goes
     * (pendingDeletes.ts); a folder's at once (deleteFolderWithUndo).
     */
    const deleteWithUndo = (node: TranscriptNode | FolderNode, { onUndo }: { onUndo?: () => void } = {}) => {
      if (node.type === 'folder') {
        void deleteFolderWithUndo(node, onUndo);
        return;
      }
      const ids = transcriptIdsIn(node);
      const entry = pendingDeletes.add(node);
      const commit = async () => {
        // Sent already (the page is being left): nothing more to do here.
        if (!pendingDeletes.has(entry.key)) return;
        try {
          await api.transcripts.remove(node.id);
        } catch (error) {
          // Not deleted after all: it shows again, with the reason.
          pendingDeletes.remove(entry.key);
          fail(t`Failed to delete transcript`, error);
          return;
        }
        for (const id of ids) void mutate(paths.transcript(id), undefined, { revalidate: false });
        await refreshTree();
        pendingDeletes.remove(entry.key);
      };
      toast({
        title: t`Transcript deleted`,
        description: node.name,
        duration: UNDO_MS,
        action: {
          label: t`Undo`,
          onAction: () => {
            pendingDeletes.remove(entry.key);
            onUndo?.();
          },
        },
        onClose: () => void commit(),
      });
    };

    /** Optimistic: the tree shows the move at once and rolls back if the server refuses. */
    const moveTranscript = async (transcriptId: number, folderId: number | null) => {
      try {
        await mutate<TreeNode[] | null>(
          paths.folderTree,
          async () => {
            await api.transcripts.move(transcriptId, folderId);
            return undefined;
          },
          {
            optimisticData: (current) => moveNode(current ?? EMPTY_TREE, transcriptKey(transcriptId), folderId),
            rollbackOnError: true,
            populateCache: false,
            revalidate: true,
          },
        );
        void mutate(paths.transcript(transcriptId));
      } catch (error) {
        fail(t`Failed to move transcript`, error);
      }
    };

    /** A folder with its contents into another folder (null: the top level); optimistic like moveTranscript. */
    const moveFolder = async (folderId: number, parentId: number | null) => {
      try {
        await mutate<TreeNode[] | null>(
          paths.folderTree,
          async () => {
            await api.folders.update(folderId, { parentId });
            return undefined;
          },
          {
            optimisticData: (current) => moveNode(current ?? EMPTY_TREE, folderKey(folderId), parentId),
            rollbackOnError: true,
            populateCache: false,
            revalidate: true,
          },
        );
      } catch (error) {
        fail(t`Failed to move folder`, error);
      }
    };

    return {
      createFolder,
      renameFolder,
      renameTranscript,
      deleteFolder,
      deleteTranscript,
      deleteWithUndo,
      moveTranscript,
      moveFolder,
      refreshTree,
    };
  }, [fail, mutate, refreshTree, t]);
}

/** The transcripts a delete of this node takes with it: itself, or every one inside the folder. */
export function transcriptIdsIn(node: TranscriptNode | FolderNode): number[] {
  return node.type === 'folder' ? descendants(node).flatMap((n) => (n.type === 'transcript' ? [n.id] : [])) : [node.id];
}

/** The folder of a tree node's key, for dialogs that need its current name. */
export function findFolder(tree: readonly TreeNode[], id: number): FolderNode | undefined {
  const node = findNode(tree, folderKey(id));
  return node?.type === 'folder' ? node : undefined;
}
