import { useLingui } from '@lingui/react/macro';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { TranscriptView } from '../segmentList/segmentLayout.ts';
import * as styles from './TranscriptViewer.css.ts';

export type { TranscriptView };

/** Plain or detailed: the switch in the header of the viewer and of the editor. */
export function ViewToggle({ view, onChange }: { view: TranscriptView; onChange: (view: TranscriptView) => void }) {
  const { t } = useLingui();
  return (
    <ToggleButtonGroup
      aria-label={t`View`}
      className={styles.viewToggle}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[view]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next === 'plain' || next === 'detailed') onChange(next);
      }}
    >
      <ToggleButton id="plain" className={styles.viewOption}>
        {t`Plain`}
      </ToggleButton>
      <ToggleButton id="detailed" className={styles.viewOption}>
        {t`Detailed`}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
