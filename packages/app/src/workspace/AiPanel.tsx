import { useLingui } from '@lingui/react/macro';
import { SparklesIcon } from '../components/icons.tsx';
import { useSelection, useTranscript } from '../data/library.ts';
import * as styles from './workspace.css.ts';

/**
 * The AI features panel (spec §2). The AI issue adds the prompts; this gives the panel its place and
 * its no-transcript message. `withHeading` is off inside the mobile drawer, which has its own title.
 */
export function AiPanel({ withHeading = true }: { withHeading?: boolean }) {
  const { t } = useLingui();
  const { transcriptId } = useSelection();
  const { data: transcript } = useTranscript(transcriptId);
  const body =
    transcriptId === null
      ? t`Select a transcript to process it with AI.`
      : transcript?.metadata.status === 'processing'
        ? t`AI features become available when the transcription is complete.`
        : t`No AI features are available yet.`;
  return (
    <section
      className={withHeading ? styles.aiPanel : `${styles.aiPanel} ${styles.aiPanelBare}`}
      aria-labelledby={withHeading ? 'ai-panel-title' : undefined} aria-label={withHeading ? undefined : t`AI Features`}>
      {withHeading ? (
        <div className={styles.aiHead}>
          <h2 id="ai-panel-title" className={styles.aiTitle}>
            <SparklesIcon />
            {t`AI Features`}
          </h2>
          <p className={styles.viewMeta}>{t`Process your transcript with AI`}</p>
        </div>
      ) : null}
      <div className={styles.aiEmpty}>
        <SparklesIcon size={24} />
        <span>{body}</span>
      </div>
    </section>
  );
}
