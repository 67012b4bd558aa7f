import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, paths, type PublicShare } from '@scribe/api-client';
import { AiOutputList, AudioPlayer, TranscriptViewer, type AudioPlayerHandle } from '@scribe/transcript-kit';
import { Heading, Text, VisuallyHidden } from '@scribe/ui';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../api.ts';
import { toKitSegments } from '../data/kitSegments.ts';
import { Brand } from '../components/Brand.tsx';
import { translateError } from '../i18n/errors.ts';
import { useDocumentTitle } from '../layouts/useDocumentTitle.ts';
import * as styles from './sharePage.css.ts';
import { passageStart } from '../workspace/passageStart.ts';

/**
 * The public page of a share link (`/s/{token}`): no sign-in, read-only. The title, the transcript
 * synchronised with its audio and, when the owner shared them, the AI outputs; no editing, no exports
 * and no link into the owner's workspace. The server sends noindex and no referrer for this path too.
 */
export default function SharePage() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams();
  const { data, error, isLoading, mutate } = useSWR<PublicShare | null>(paths.publicShare(token), () => api.shares.get(token), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const segments = useMemo(() => toKitSegments(data?.segments ?? []), [data]);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const player = useRef<AudioPlayerHandle | null>(null);
  const attach = useCallback((handle: AudioPlayerHandle | null) => {
    player.current = handle;
  }, []);
  const seek = useCallback((seconds: number) => {
    player.current?.seek(seconds);
    player.current?.play().catch(() => undefined);
  }, []);
  const notShared = error instanceof ApiError && error.status === 404;
  useDocumentTitle(data?.title ?? (notShared ? t`Link not found` : undefined));

  let body: ReactNode;
  if (notShared) {
    body = (
      <div className={styles.notFound}>
        <Heading level={1}>
          <Trans>Link not found</Trans>
        </Heading>
        <Text tone="muted">{translateError(i18n, 'SHARE_NOT_FOUND')}</Text>
      </div>
    );
  } else if (error) {
    body = (
      <TranscriptViewer
        state="error"
        error={error instanceof ApiError ? translateError(i18n, error) : undefined}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <TranscriptViewer state="loading" />;
  } else {
    body = (
      <>
        {/* The page's one h1 (the viewer's title is its section's h2). */}
        <VisuallyHidden>
          <Heading level={1}>{t`Shared transcript: ${data.title}`}</Heading>
        </VisuallyHidden>
        <TranscriptViewer state="ready" title={data.title} segments={segments} currentTime={time} isPlaying={playing} onSeek={seek} />
        {data.includeAiOutputs && data.aiOutputs.length > 0 ? (
          <AiOutputList
            state={{ status: 'ready', outputs: data.aiOutputs }}
            // Its own name: two landmarks both called by the transcript's title cannot be told apart.
            title={t`AI outputs of “${data.title}”`}
            onSeek={(seconds) => seek(passageStart(data.segments, seconds))}
          />
        ) : null}
        <div className={styles.player}>
          <AudioPlayer
            showPlaybackRate
            src={data.audioUrl}
            mediaKind={data.mediaKind}
            title={data.title}
            onTimeUpdate={setTime}
            onPlayingChange={setPlaying}
            ref={attach}
          />
        </div>
      </>
    );
  }
  return (
    <div className={styles.page}>
      {/* Search engines must not list shared transcripts (the server's X-Robots-Tag says the same). */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header>
        <Brand />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {body}
      </main>
    </div>
  );
}
