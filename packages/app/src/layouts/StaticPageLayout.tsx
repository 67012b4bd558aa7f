import { Trans } from '@lingui/react/macro';
import { Heading, Link, Text } from '@scribe/ui';
import type { ReactNode } from 'react';
import { Brand } from '../components/Brand.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import * as styles from './layouts.css.ts';

interface StaticPageLayoutProps {
  title: string;
  /** e.g. the "last updated" line of the legal pages. */
  meta?: ReactNode;
  children: ReactNode;
}

/** Public pages (contact, terms, privacy): readable text column, reachable signed in or out. */
export function StaticPageLayout({ title, meta, children }: StaticPageLayoutProps) {
  useDocumentTitle(title);
  const { user } = useSession();
  return (
    <div className={styles.staticPage}>
      <header className={styles.staticHeader}>
        <Brand compact />
        {user ? (
          <Link href="/" variant="nav">
            <Trans>Back to the app</Trans>
          </Link>
        ) : user === null ? (
          <Link href="/login" variant="nav">
            <Trans>Sign in</Trans>
          </Link>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className={styles.staticMain}>
        <article className={styles.article}>
          <div className={styles.articleHead}>
            <Heading level={1}>{title}</Heading>
            {meta ? (
              <Text tone="muted" size="sm">
                {meta}
              </Text>
            ) : null}
          </div>
          <div className={styles.prose}>{children}</div>
        </article>
      </main>
      <PublicFooter />
    </div>
  );
}
