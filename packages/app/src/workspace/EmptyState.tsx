import type { ReactNode } from 'react';
import * as styles from './workspace.css.ts';

/** An icon, a title and an optional line: the placeholders of the workspace's views. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.emptyState}>
      <span className={styles.emptyIcon}>{icon}</span>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <p className={styles.emptyText}>{children}</p> : null}
    </div>
  );
}
