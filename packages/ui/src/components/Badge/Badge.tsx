import type { ReactNode } from 'react';
import * as styles from './Badge.css.ts';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return <span className={styles.badge[tone]}>{children}</span>;
}
