import { assignInlineVars } from '@vanilla-extract/dynamic';
import type { ReactNode } from 'react';
import { Label, ProgressBar as RACProgressBar, type ProgressBarProps as RACProgressBarProps } from 'react-aria-components';
import * as styles from './ProgressBar.css.ts';

/** react-aria-components' ProgressBar props (value, range, isIndeterminate, valueLabel) plus a label. */
export interface ProgressBarProps extends Omit<RACProgressBarProps, 'children' | 'className' | 'style' | 'render'> {
  label: ReactNode;
  /** Shows the formatted value (e.g. "40%") next to the label. */
  showValue?: boolean;
}

export function ProgressBar({ label, showValue = true, valueLabel, ...props }: ProgressBarProps) {
  return (
    <RACProgressBar {...props} valueLabel={valueLabel} className={styles.root}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className={styles.labels}>
            <Label className={styles.label}>{label}</Label>
            {showValue && !isIndeterminate ? <span className={styles.value}>{valueText}</span> : null}
          </div>
          <div className={styles.track}>
            <div
              className={`${styles.fillBase} ${styles.tone.accent} ${isIndeterminate ? styles.indeterminate : ''}`}
              style={isIndeterminate ? undefined : assignInlineVars({ [styles.fillWidth]: `${percentage ?? 0}%` })}
            />
          </div>
        </>
      )}
    </RACProgressBar>
  );
}
