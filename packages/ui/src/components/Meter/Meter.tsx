import { assignInlineVars } from '@vanilla-extract/dynamic';
import type { ReactNode } from 'react';
import { Label, Meter as RACMeter, type MeterProps as RACMeterProps } from 'react-aria-components';
import * as styles from '../ProgressBar/ProgressBar.css.ts';
import * as meterStyles from './Meter.css.ts';

export type MeterTone = 'danger' | 'warning' | 'success' | 'accent';

/** react-aria-components' Meter props (value, range, valueLabel for the announced text) plus a label and a tone. */
export interface MeterProps extends Omit<RACMeterProps, 'children' | 'className' | 'style' | 'render'> {
  label: ReactNode;
  value: number;
  tone?: MeterTone;
}

/** A known quantity within a range (e.g. password strength), not progress. */
export function Meter({ label, valueLabel, tone = 'accent', ...props }: MeterProps) {
  return (
    <RACMeter {...props} valueLabel={valueLabel} className={styles.root}>
      {({ percentage, valueText }) => (
        <>
          <div className={styles.labels}>
            <Label className={styles.label}>{label}</Label>
            <span className={meterStyles.valueTone[tone]}>{valueText}</span>
          </div>
          <div className={styles.track}>
            <div className={`${styles.fillBase} ${styles.tone[tone]}`} style={assignInlineVars({ [styles.fillWidth]: `${percentage}%` })} />
          </div>
        </>
      )}
    </RACMeter>
  );
}
