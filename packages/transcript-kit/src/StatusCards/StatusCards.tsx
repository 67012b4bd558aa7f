import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, IconButton, ProgressBar, VisuallyHidden } from '@scribe/ui';
import { useEffect, useRef, useState } from 'react';
import { AlertIcon, CloseIcon } from '@scribe/ui/icons';
import type { StatusCardItem, TranscriptId } from './statusCardsStore.ts';
import * as styles from './StatusCards.css.ts';

export interface StatusCardsProps {
  /** One card per transcript; feed them from useStatusCards() (which also removes finished cards). */
  items: readonly StatusCardItem[];
  /** The card's close button. */
  onDismiss: (transcriptId: TranscriptId) => void;
  /** 'fixed' (default): the window's bottom-right corner; 'inline': in the normal flow. */
  placement?: 'fixed' | 'inline';
}

/**
 * Transcription progress cards (docs/product-spec.md §4): processing with percent and message ('Processing...' by
 * default), completed at 100 % with 'Transcription completed!', or the error ('Transcription failed'
 * by default). Screen readers hear completions and errors through one polite live region, not every
 * percent: the progress bars themselves are not live.
 */
function StatusCardsView({ items, onDismiss, placement = 'fixed' }: StatusCardsProps) {
  const { t } = useLingui();
  const announcement = useFinishAnnouncement(items);

  return (
    <>
      <VisuallyHidden as="div" role="status">
        {announcement}
      </VisuallyHidden>
      {items.length > 0 ? (
        <section aria-label={t`Transcription status`} className={KIT_ROOT_CLASS}>
          <ul className={styles.region[placement]}>
            {items.map((item) => (
              <StatusCard key={item.transcriptId} item={item} onDismiss={onDismiss} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function StatusCard({ item, onDismiss }: { item: StatusCardItem; onDismiss: (id: TranscriptId) => void }) {
  const { t } = useLingui();
  const name = item.title || t`Transcription`;
  const progress = Math.max(0, Math.min(100, Number.isFinite(item.progress) ? (item.progress as number) : 0));
  return (
    <li className={`${styles.card} ${styles.cardState[item.state]}`} aria-label={name}>
      <p className={styles.title}>{name}</p>
      {item.state === 'processing' ? (
        progress > 0 ? (
          <ProgressBar label={item.message || t`Processing...`} value={progress} valueLabel={`${Math.round(progress)}%`} />
        ) : (
          // Nothing measured yet (the engine is starting, or reports only at the end of a short clip):
          // a moving bar instead of a '0%' that would seem stuck.
          <ProgressBar label={item.message || t`Processing...`} isIndeterminate />
        )
      ) : item.state === 'completed' ? (
        <ProgressBar label={t`Transcription completed!`} value={100} />
      ) : (
        <p className={`${styles.line} ${styles.errorText}`}>
          <AlertIcon />
          {item.error || t`Transcription failed`}
        </p>
      )}
      <span className={styles.dismiss}>
        <IconButton aria-label={t`Dismiss ${name}`} icon={<CloseIcon />} size="sm" onPress={() => onDismiss(item.transcriptId)} />
      </span>
    </li>
  );
}

/** The text for the live region: set when a card turns completed or error, never for progress. */
function useFinishAnnouncement(items: readonly StatusCardItem[]) {
  const { t } = useLingui();
  const seen = useRef(new Map<TranscriptId, StatusCardItem['state']>());
  const [text, setText] = useState('');
  useEffect(() => {
    const messages: string[] = [];
    const next = new Map<TranscriptId, StatusCardItem['state']>();
    for (const item of items) {
      next.set(item.transcriptId, item.state);
      if (seen.current.get(item.transcriptId) === item.state) continue;
      const name = item.title || t`Transcription`;
      if (item.state === 'completed') messages.push(t`${name}: Transcription completed!`);
      if (item.state === 'error') messages.push(`${name}: ${item.error || t`Transcription failed`}`);
    }
    seen.current = next;
    if (messages.length > 0) setText(messages.join(' '));
  }, [items, t]);
  return text;
}

export const StatusCards = withKitProvider(StatusCardsView, 'StatusCards');
