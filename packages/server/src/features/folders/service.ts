import { type Folder, type TreeNode } from '@scribe/api-client';
import { HttpError } from '../../http/errors.ts';
import type { FolderListRow, FoldersRepository } from './repository.ts';
import {
  buildTree,
  groupTranscriptLines,
  patchTranscriptGroups,
  serializeFolderTree,
  serializeTree,
  type TranscriptGroups,
} from './tree.ts';
import { createTreeCache, type TreeCache } from './tree-cache.ts';
import type { TranscriptFiles } from '../transcripts/files.ts';

export function createFoldersService(deps: { repo: FoldersRepository; files: TranscriptFiles; treeCache?: TreeCache }) {
  const { repo, files, treeCache = createTreeCache() } = deps;
  // Each user's transcript nodes as text by folder, kept per transcripts_version and patched when it moves.
  const transcriptsCache = createTreeCache<TranscriptGroups>({ sizeOf: (groups) => groups.chars });
  const notFound = () => new HttpError(404, 'FOLDER_NOT_FOUND');
  const tooDeep = () => new HttpError(400, 'FOLDER_TOO_DEEP');

  return {
    async tree(userId: number): Promise<TreeNode[]> {
      const lists = await repo.listTree(userId);
      return buildTree(lists.folders, lists.transcripts);
    },

    /**
     * The tree as JSON text (see serializeTree: deep trees overflow JSON.stringify), rebuilt only when
     * the user's tree version moved, and then from the kept transcripts' part when only folders
     * changed, or from that part patched with the transcripts changed since it was kept (read in the
     * same snapshot as the folders; patching reads rows as they are now, so a later patch repairs an
     * earlier one that saw more). The versions are read first: a change landing between the reads
     * leaves a newer tree under an older version, which the next request rebuilds.
     */
    async treeJson(userId: number): Promise<string> {
      const versions = await repo.treeVersions(userId);
      return treeCache.get(userId, versions.version, async () => {
        // Transcripts to read as well: both lists in one query (one round trip, one snapshot).
        let folderRows: FolderListRow[] | undefined;
        const groups = await transcriptsCache.get(userId, versions.transcripts, async (kept) => {
          const changes = kept && (await repo.treeChangesSince(userId, kept.version));
          if (changes) {
            folderRows = changes.folders;
            return patchTranscriptGroups(kept.value, changes.ids, changes.transcripts);
          }
          const lists = await repo.listTreeLines(userId);
          folderRows = lists.folders;
          return groupTranscriptLines(lists.transcripts);
        });
        folderRows ??= await repo.listTreeFolders(userId);
        return serializeFolderTree(folderRows, groups.texts) ?? serializeTree(await this.tree(userId));
      });
    },

    async create(userId: number, name: string, parentId: number | null): Promise<Folder> {
      const result = await repo.create(userId, name, parentId);
      if (result.ok) return result.folder;
      if (result.reason === 'too-deep') throw tooDeep();
      throw notFound();
    },

    async update(userId: number, id: number, changes: { name?: string; parentId?: number | null }): Promise<Folder> {
      const result = await repo.update(userId, id, changes);
      if (result.ok) return result.folder;
      if (result.reason === 'cycle') throw new HttpError(400, 'INVALID_MOVE');
      if (result.reason === 'too-deep') throw tooDeep();
      throw notFound();
    },

    /** Gone from every read at once (one transaction), restorable until the purge; the stored files stay until then. */
    async remove(userId: number, id: number): Promise<void> {
      const removed = await repo.delete(userId, id);
      if (!removed) throw notFound();
    },

    /** Undoes the delete of one of the user's folders; 404 when there is none to restore. */
    async restore(userId: number, id: number): Promise<void> {
      if (!(await repo.restore(userId, id))) throw notFound();
    },

    /** Takes the folders deleted before `before` out for good, with their stored audio (which frees the quota). */
    async purgeDeleted(before: Date): Promise<number> {
      const gone = await repo.purgeDeleted(before);
      for (const entry of gone) await files.removeAll(entry.userId, entry.transcriptIds);
      return gone.length;
    },
  };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
