import { useLingui } from '@lingui/react/macro';
import { createLiveClient, liveMessages, liveUrl, paths, type Transcript } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useEffect, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { aiStreamStore } from '../data/aiStream.ts';
import { translateApiMessage } from '../i18n/messages.ts';
import { useSession } from './SessionProvider.tsx';

/**
 * The live channel while someone is signed in (spec §4): transcription progress lands in the cached
 * transcript, completion and failure refresh the transcript and the tree, failures show a toast.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
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
      if (event.type === 'progress') {
        void mutate(
          key,
          (current: Transcript | null | undefined) =>
            current
              ? { ...current, metadata: { ...current.metadata, status: 'processing' as const, progress: event.progress ?? 0 } }
              : current,
          { revalidate: false },
        );
        return;
      }
      void mutate(key);
      void mutate(paths.folderTree);
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
  }, [userId, mutate, t, i18n]);

  return children;
}
