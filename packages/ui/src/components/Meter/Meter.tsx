import { assignInlineVars } from '@vanilla-extract/dynamic';
import type { ReactNode } from 'react';
import { Label, Meter as RACMeter } from 'react-aria-components';
import * as styles from '../ProgressBar/ProgressBar.css.ts';
import * as meterStyles from './Meter.css.ts';

export type MeterTone = 'danger' | 'warning' | 'success' | 'accent';

export interface MeterProps {
  label: ReactNode;
  value: number;
  minValue?: number;
  maxValue?: number;
  /** Text shown next to the label and announced as the value (e.g. "Medium"). */
  valueLabel?: string;
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
            <div
              className={`${styles.fillBase} ${styles.tone[tone]}`}
              style={assignInlineVars({ [styles.fillWidth]: `${percentage}%` })}
            />
          </div>
        </>
      )}
    </RACMeter>
  );
}
