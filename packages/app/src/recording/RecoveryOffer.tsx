import { useLingui } from '@lingui/react/macro';
import { formatTime } from '@scribe/transcript-kit/utils';
import { Alert, Button } from '@scribe/ui';
import { MicIcon, TrashIcon } from '@scribe/ui/icons';
import type { UnfinishedRecording } from './session.ts';
import * as styles from './recovery.css.ts';

/**
 * The offer of a recording an earlier visit did not finish (a closed tab, a crash, a lost connection),
 * with its length and date: recover it (finish it into a transcript) or discard it.
 */
export function RecoveryOffer({
  recordings,
  onRecover,
  onDiscard,
}: {
  recordings: UnfinishedRecording[];
  onRecover: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  const { t, i18n } = useLingui();
  if (!recordings.length) return null;
  return (
    <div className={styles.offers}>
      {recordings.map((recording) => {
        const date = i18n.date(new Date(recording.createdAt), { dateStyle: 'medium', timeStyle: 'short' });
        const length = formatTime(recording.durationMs / 1000);
        return (
          <Alert key={recording.id} tone="info" title={t`Unfinished recording`}>
            <p className={styles.text}>{t`Recorded ${date}, length ${length}.`}</p>
            <div className={styles.actions}>
              <Button size="sm" icon={<TrashIcon />} onPress={() => onDiscard(recording.id)} aria-label={t`Discard recording of ${date}`}>
                {t`Discard`}
              </Button>
              <Button size="sm" variant="primary" icon={<MicIcon />} onPress={() => onRecover(recording.id)}>
                {t`Recover unfinished recording`}
              </Button>
            </div>
          </Alert>
        );
      })}
    </div>
  );
}
