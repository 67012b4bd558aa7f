import type { ReactNode } from 'react';
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons.tsx';
import * as styles from './Alert.css.ts';

export type AlertTone = 'info' | 'danger' | 'success' | 'warning';

export interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}

const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: DangerIcon };

/** An inline message. Danger uses role="alert" so it is announced when it appears. */
export function Alert({ tone, title, children }: AlertProps) {
  const Icon = icons[tone];
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={styles.alert[tone]}>
      <span className={`${styles.icon} ${styles.iconTone[tone]}`}>
        <Icon />
      </span>
      <div className={styles.content}>
        {title ? <div className={styles.title}>{title}</div> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
