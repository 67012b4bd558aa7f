import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { paths, type TranscriptExportFormat } from '@scribe/api-client';
import { type TranscriptNode, type TreeNode } from '@scribe/transcript-kit';
import { flatten } from '@scribe/transcript-kit/utils';
import { toast } from '@scribe/ui';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { browserTimeZone } from './ai.ts';
import { useFailureToast } from './failureToast.ts';
import { saveDownload } from '../lib/saveDownload.ts';

/** The chosen transcripts still in the tree, in tree order (a deleted one drops out of the choice). */
export function chosenTranscripts(tree: readonly TreeNode[], ids: ReadonlySet<number>): TranscriptNode[] {
  if (ids.size === 0) return [];
  return flatten(tree)
    .map((row) => row.node)
    .filter((node): node is TranscriptNode => node.type === 'transcript' && ids.has(node.id));
}

/** Re-running the transcription is offered only when every chosen transcript failed (the server refuses others). */
export function canRetryAll(nodes: readonly TranscriptNode[]): boolean {
  return nodes.length > 0 && nodes.every((node) => node.status === 'error');
}

/** A plural message of `count` (a descriptor with a {count, plural, …} message) in the reader's language. */
export function countText(i18n: I18n, message: MessageDescriptor, count: number): string {
  const descriptor: MessageDescriptor = { ...message, values: { count } };
  return i18n._(descriptor);
}

/** The toasts after a bulk action, by count (English and German plurals). */
export const bulkDone = {
  move: msg({ message: '{count, plural, one {Moved # transcript} other {Moved # transcripts}}' }),
  delete: msg({ message: '{count, plural, one {Deleted # transcript} other {Deleted # transcripts}}' }),
  retry: msg({
    message: '{count, plural, one {Transcription started again for # transcript} other {Transcription started again for # transcripts}}',
  }),
};

/** Several transcripts at once (POST /api/transcripts/bulk); each resolves to whether it worked. */
export function useBulkActions() {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const fail = useFailureToast();

  return useMemo(() => {
    const settle = async (ids: readonly number[], forget: boolean) => {
      for (const id of ids) void mutate(paths.transcript(id), undefined, { revalidate: !forget });
      await mutate(paths.folderTree);
    };

    const move = async (ids: number[], folderId: number | null): Promise<void> => {
      try {
        await api.transcripts.bulk({ action: 'move', ids, folderId });
      } catch (error) {
        // Shown in the move dialog as well.
        throw new Error(fail(t`Failed to move transcripts`, error));
      }
      await settle(ids, false);
      toast({ title: countText(i18n, bulkDone.move, ids.length), variant: 'success' });
    };

    const remove = async (ids: number[]): Promise<boolean> => {
      try {
        await api.transcripts.bulk({ action: 'delete', ids });
      } catch (error) {
        fail(t`Failed to delete transcripts`, error);
        return false;
      }
      await settle(ids, true);
      toast({ title: countText(i18n, bulkDone.delete, ids.length), variant: 'success' });
      return true;
    };

    const retry = async (ids: number[]): Promise<boolean> => {
      try {
        await api.transcripts.bulk({ action: 'retry', ids });
      } catch (error) {
        fail(t`Failed to retry the transcriptions`, error);
        return false;
      }
      await settle(ids, false);
      toast({ title: countText(i18n, bulkDone.retry, ids.length), variant: 'success' });
      return true;
    };

    /** A zip of the transcripts in one format, saved as a download. */
    const exportZip = async (ids: number[], format: TranscriptExportFormat): Promise<void> => {
      try {
        const { blob, fileName } = await api.transcripts.bulkExport(ids, format, browserTimeZone());
        saveDownload(blob, fileName);
        toast({ title: t`Export successful`, variant: 'success' });
      } catch (error) {
        fail(t`Failed to export transcripts`, error);
      }
    };

    return { move, remove, retry, exportZip };
  }, [fail, i18n, mutate, t]);
}
