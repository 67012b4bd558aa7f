import { Heading, Text } from '@scribe/ui';
import type { ReactNode } from 'react';
import * as styles from '../header/header.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** The main area of a signed-in page with a heading (settings, help, credits). */
export function PageShell({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <div className={styles.pageInner}>
        <div className={styles.pageHead}>
          <Heading level={1}>{title}</Heading>
          {description ? <Text tone="muted">{description}</Text> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
