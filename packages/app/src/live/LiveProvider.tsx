import { useLingui } from '@lingui/react/macro';
import { createLiveClient, liveMessages, liveUrl } from '@scribe/api-client';
import { ConnectionBanner, StatusCards, useStatusCards, type ConnectionState } from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranscriptNames } from '../data/library.ts';
import { useLiveCache } from '../data/live-cache.ts';
import { translateApiMessage } from '../i18n/messages.ts';
import { useSession } from '../session/SessionProvider.tsx';

/**
 * The live channel while someone is signed in (docs/product-spec.md §4): events go to the data cache (data/live-cache.ts);
 * transcription progress also shows in a status card, failures in a toast. While the channel is down
 * a banner says so for as long as it lasts (retrying, then lost with a Reconnect button) and goes
 * away by itself once the channel is back.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const liveCache = useLiveCache();
  const cards = useStatusCards();
  const pushCard = cards.push;
  const names = useTranscriptNames();
  const { t, i18n } = useLingui();
  const userId = user?.id ?? null;
  const [connection, setConnection] = useState<ConnectionState>('online');
  const reconnect = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (userId === null) return;
    const client = createLiveClient({
      url: liveUrl(window.location),
      onStatus: (status) => {
        if (status === 'reconnecting') setConnection('reconnecting');
        else if (status === 'lost') setConnection('lost');
        else setConnection('online');
      },
      onProblem: (message) => {
        // The loss itself is the banner's to say, for as long as it lasts.
        if (message === liveMessages.connectionLost) return;
        toast({ title: t`Failed to parse WebSocket message`, variant: 'destructive' });
      },
    });
    reconnect.current = () => client.start();
    client.on('error', (data) => {
      toast({ title: t`Connection error. Please try again.`, description: data?.message, variant: 'destructive' });
    });
    client.on('ai_output_stream', (event) => liveCache.aiOutputStream(event));
    client.on('transcription_status', (event) => {
      pushCard({
        transcriptId: event.transcriptId,
        type: event.type,
        progress: event.progress,
        message: event.message ? translateApiMessage(i18n, event.message) : undefined,
        error: event.error ? translateApiMessage(i18n, event.error) : undefined,
      });
      liveCache.transcriptionStatus(event);
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
    return () => {
      reconnect.current = null;
      client.stop();
      setConnection('online');
    };
  }, [userId, liveCache, pushCard, t, i18n]);

  // A card is headed by the transcript's current name in the tree.
  const items = useMemo(
    () =>
      cards.items.map((item) =>
        item.title || typeof item.transcriptId !== 'number' ? item : { ...item, title: names.get(item.transcriptId) },
      ),
    [cards.items, names],
  );

  return (
    <>
      {children}
      {userId !== null ? <StatusCards items={items} onDismiss={cards.dismiss} /> : null}
      {userId !== null ? <ConnectionBanner state={connection} onReconnect={() => reconnect.current?.()} /> : null}
    </>
  );
}
