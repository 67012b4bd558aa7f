import { api } from '../api.ts';
import { notifyEnabled, notifyTranscriptionDone } from '../lib/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { createLiveClient, liveUrl } from '@scribe/api-client';
import { ConnectionBanner, StatusCards, useStatusCards, type ConnectionState } from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranscriptNames } from '../data/library.ts';
import { useLiveCache } from '../data/live-cache.ts';
import { failureOf, statusMessageOf, translateError } from '../i18n/errors.ts';
import { useSession } from '../session/SessionProvider.tsx';

/**
 * The live channel while someone is signed in (docs/product-spec.md §4): every event goes to the live cache (data/live-cache.ts);
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
  // Read by the live handler without reconnecting when a name changes.
  const namesRef = useRef(names);
  namesRef.current = names;
  const { t, i18n } = useLingui();
  const userId = user?.id ?? null;
  const [connection, setConnection] = useState<ConnectionState>('online');
  const reconnect = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (userId === null) return;
    const client = createLiveClient({
      url: liveUrl(window.location),
      onStatus: (status) => {
        liveCache.channel(status === 'open' || status === 'connecting');
        if (status === 'reconnecting') setConnection('reconnecting');
        else if (status === 'lost') setConnection('lost');
        else setConnection('online');
      },
      onProblem: (_message, code) => {
        // The loss itself is the banner's to say, for as long as it lasts.
        if (code === 'LIVE_CONNECTION_LOST') return;
        toast({ title: t`Failed to parse WebSocket message`, variant: 'destructive' });
      },
    });
    reconnect.current = () => client.start();
    client.on('error', (data) => {
      toast({ title: t`Connection error. Please try again.`, description: data?.message, variant: 'destructive' });
    });
    client.on('ai_output_stream', (event) => liveCache.aiOutputStream(event));
    client.on('transcript_revised', (event) => liveCache.transcriptRevised(event));
    client.on('transcription_segments', (event) => liveCache.transcriptionSegments(event));
    client.on('ai_progress', (event) => liveCache.aiProgress(event));
    // A streamed recording's draft text and whether live text is offered.
    client.on('recording_draft', (data) => liveCache.recordingDraft(data));
    client.on('recording_live', (data) => liveCache.recordingLive(data));
    client.on('transcription_status', (event) => {
      const message = event.message ? translateError(i18n, statusMessageOf(event)) : undefined;
      const error = event.error ? translateError(i18n, failureOf(event)) : undefined;
      pushCard({ transcriptId: event.transcriptId, type: event.type, progress: event.progress, message, error });
      liveCache.transcriptionStatus(event);
      if (event.type === 'error') {
        toast({ title: t`Transcription failed`, description: error ?? message, variant: 'destructive' });
      }
      if (event.type === 'complete') {
        const id = event.transcriptId;
        const notify = (name: string | undefined) =>
          notifyTranscriptionDone(
            t`Transcription completed`,
            name ? t`“${name}” is ready to read.` : t`Your transcript is ready to read.`,
            id,
          );
        const known = namesRef.current.get(id);
        // A short recording can finish before the library has its new row: then its title is read first.
        if (known !== undefined || !notifyEnabled()) notify(known);
        else
          void api.transcripts.get(id).then(
            (transcript) => notify(transcript?.title),
            () => notify(undefined),
          );
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
