import { useLingui } from '@lingui/react/macro';
import { ProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

/** The turning ring alone, hidden from assistive tech (the owner announces the busy state). */
export function SpinnerGlyph({ size = 'md' }: { size?: SpinnerSize }) {
  return <span aria-hidden="true" className={`${styles.glyph} ${styles.glyphSize[size]}`} />;
}

export interface SpinnerProps {
  /** Accessible name; defaults to "Loading". */
  'aria-label'?: string;
  size?: SpinnerSize;
}

/** An indeterminate progress indicator with an accessible name. */
export function Spinner({ 'aria-label': ariaLabel, size = 'md' }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <ProgressBar isIndeterminate aria-label={ariaLabel ?? t`Loading`} className={styles.root}>
      <SpinnerGlyph size={size} />
    </ProgressBar>
  );
}
