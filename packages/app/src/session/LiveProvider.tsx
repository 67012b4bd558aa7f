import { useLingui } from '@lingui/react/macro';
import { createLiveClient, liveMessages, liveUrl, paths, type Transcript } from '@scribe/api-client';
import { findNode, StatusCards, transcriptKey, useStatusCards, type TreeNode } from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { useEffect, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { aiStreamStore } from '../data/aiStream.ts';
import { translateApiMessage } from '../i18n/messages.ts';
import { useSession } from './SessionProvider.tsx';

/** The tree with one transcript marked as processing (its spinner), or the same tree when it already is. */
function markProcessing(nodes: TreeNode[], id: number): TreeNode[] {
  const node = findNode(nodes, transcriptKey(id));
  if (!node || node.type !== 'transcript' || node.status === 'processing') return nodes;
  const mark = (list: TreeNode[]): TreeNode[] =>
    list.map((n) => {
      if (n.type === 'transcript') return n.id === id ? { ...n, status: 'processing' as const } : n;
      return n.children?.length ? { ...n, children: mark(n.children) } : n;
    });
  return mark(nodes);
}

/**
 * The live channel while someone is signed in (spec §4): transcription progress lands in the cached
 * transcript and the tree (spinner) and in a status card; completion and failure refresh the transcript
 * and the tree; failures show a toast.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { mutate, cache } = useSWRConfig();
  const cards = useStatusCards();
  const pushCard = cards.push;
  const { t, i18n } = useLingui();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    const client = createLiveClient({
      url: liveUrl(window.location),
      onProblem: (message) => {
        const title =
          message === liveMessages.connectionLost
            ? t`Connection lost. Please refresh the page to reconnect.`
            : t`Failed to parse WebSocket message`;
        toast({ title, variant: 'destructive' });
      },
    });
    client.on('error', (data) => {
      toast({ title: t`Connection error. Please try again.`, description: data?.message, variant: 'destructive' });
    });
    client.on('ai_output_stream', (event) => aiStreamStore.apply(event));
    client.on('transcription_status', (event) => {
      const key = paths.transcript(event.transcriptId);
      const tree = cache.get(paths.folderTree)?.data as TreeNode[] | undefined;
      const node = tree ? findNode(tree, transcriptKey(event.transcriptId)) : undefined;
      pushCard({
        transcriptId: event.transcriptId,
        type: event.type,
        progress: event.progress,
        message: event.message ? translateApiMessage(i18n, event.message) : undefined,
        error: event.error ? translateApiMessage(i18n, event.error) : undefined,
        title: node?.name,
      });
      if (event.type === 'progress') {
        // Only caches that hold data are updated: a mutate while SWR fetches a key drops that fetch's
        // answer, which would lose the tree refresh that brings a new upload (or the transcript itself).
        if (node?.type === 'transcript' && node.status !== 'processing') {
          void mutate(paths.folderTree, (current: TreeNode[] | null | undefined) => (current ? markProcessing(current, event.transcriptId) : current), {
            revalidate: false,
          });
        }
        const cached = cache.get(key)?.data as Transcript | null | undefined;
        if (cached) {
          void mutate(
            key,
            (current: Transcript | null | undefined) =>
              current
                ? { ...current, metadata: { ...current.metadata, status: 'processing' as const, progress: event.progress ?? 0 } }
                : current,
            { revalidate: false },
          );
        }
        return;
      }
      void mutate(key);
      void mutate(paths.folderTree);
      void mutate(paths.creditBalance); // charged on completion, refunded on failure
      if (event.type === 'error') {
        const reason = event.error ?? event.message;
        toast({
          title: t`Transcription failed`,
          description: reason ? translateApiMessage(i18n, reason) : undefined,
          variant: 'destructive',
        });
      }
    });
    client.start();
    return () => client.stop();
  }, [userId, mutate, cache, pushCard, t, i18n]);

  return (
    <>
      {children}
      {userId !== null ? <StatusCards items={cards.items} onDismiss={cards.dismiss} /> : null}
    </>
  );
}
