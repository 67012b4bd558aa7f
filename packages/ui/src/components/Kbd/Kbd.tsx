import type { ReactNode } from 'react';
import * as styles from './Kbd.css.ts';

export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className={styles.kbd}>{children}</kbd>;
}
