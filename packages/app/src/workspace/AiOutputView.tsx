import { useLingui } from '@lingui/react/macro';
import { LayersIcon } from '../components/icons.tsx';
import { useSelection } from '../data/library.ts';
import { EmptyState } from './EmptyState.tsx';
import * as styles from './workspace.css.ts';

/** The AI output tab: the AI issue fills it; until then a selected transcript has no outputs. */
export function AiOutputView() {
  const { t } = useLingui();
  const { transcriptId } = useSelection();
  return (
    <div className={styles.viewCard}>
      {transcriptId === null ? (
        <EmptyState icon={<LayersIcon size={28} />} title={t`Select a transcript to view`} />
      ) : (
        <EmptyState icon={<LayersIcon size={28} />} title={t`No AI outputs yet`}>
          {t`Use the AI panel to run a prompt on this transcript.`}
        </EmptyState>
      )}
    </div>
  );
}
